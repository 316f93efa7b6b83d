import { areas, auditLog } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { inEvery } from '../../test/catalogue-console-kit.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea } from '../../test/factories.ts';
import { createOperator, staffWith } from '../../test/staff-factories.ts';

/*
 * The console's area editor (issue 23): an area's texts per language with the missing ones named,
 * its rules and daily limit, its photos and rules document — for staff holding the catalogue's
 * permission over it, and never for another operator's.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

const db = () => sut.database.db;

async function managedArea() {
  const operator = await createOperator(db());
  const area = await createArea(db(), { operatorId: operator.id });
  const manager = await staffWith(sut, clock, 'manager', operator.id);
  return { operator, area, manager };
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  name: inEvery('Val Ceno'),
  summary: inEvery('Chestnut woods'),
  description: inEvery('Beech and chestnut woods above the river.'),
  rules: inEvery('Pick by hand; a basket, never a bag.'),
  limits: { it: 'Al massimo 2 kg a persona al giorno.', en: 'At most 2 kg a person a day.' },
  daily_limit_g: 2000,
  ...overrides,
});

describe("an area's editor", () => {
  it('reads the area in every language with the texts missing named per language', async () => {
    const { area, manager } = await managedArea();
    await db()
      .update(areas)
      .set({ summary: { ...inEvery('Woods'), de: '' } as never })
      .where(eq(areas.id, area.id));
    const response = await manager.get(`/api/console/catalogue/area?lng=en&id=${area.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const read = response.json();
    expect(read).toMatchObject({ id: area.id, photos: [], rules_document: null });
    expect(read.fields.summary.de).toBe('');
    expect(read.fields.limits).toEqual({ it: '', en: '', es: '', de: '', sl: '' });
    expect(read.missing).toEqual({ de: ['summary'] });
  });

  it('saves texts, limits and the daily limit, audited field by field, and flags what is left', async () => {
    const { area, manager } = await managedArea();
    const response = await manager.post(`/api/console/catalogue/area/update?lng=en`, {
      id: area.id,
      area: JSON.stringify(fields()),
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved.fields.name.it).toBe('Val Ceno (it)');
    expect(saved.fields.daily_limit_g).toBe(2000);
    // The limits are written in two languages only: the other three are flagged.
    expect(saved.missing).toEqual({ es: ['limits'], de: ['limits'], sl: ['limits'] });
    const [row] = await db().select().from(areas).where(eq(areas.id, area.id));
    expect(row?.dailyLimitG).toBe(2000);
    const lines = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'area.update'), eq(auditLog.targetId, String(area.id))));
    expect(lines).toHaveLength(1);
    expect(Object.keys(lines[0]?.changes ?? {}).sort()).toEqual([
      'dailyLimitG',
      'description',
      'limits',
      'name',
      'rules',
      'summary',
    ]);
    expect(lines[0]?.changes.dailyLimitG).toEqual([null, 2000]);

    // The same fields again change nothing and write no second line.
    await manager.post(`/api/console/catalogue/area/update?lng=en`, {
      id: area.id,
      area: JSON.stringify(fields()),
    });
    const again = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'area.update'), eq(auditLog.targetId, String(area.id))));
    expect(again).toHaveLength(1);
  });

  it('refuses an area without its Italian or English name, or a daily limit of nothing, writing nothing', async () => {
    const { area, manager } = await managedArea();
    const nameless = await manager.post(`/api/console/catalogue/area/update?lng=en`, {
      id: area.id,
      area: JSON.stringify(fields({ name: { ...inEvery('Val Ceno'), en: '  ' } })),
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().fields).toEqual({ 'name.en': expect.any(String) });
    const zero = await manager.post(`/api/console/catalogue/area/update?lng=en`, {
      id: area.id,
      area: JSON.stringify(fields({ daily_limit_g: 0 })),
    });
    expect(zero.statusCode).toBe(400);
    const [row] = await db().select().from(areas).where(eq(areas.id, area.id));
    expect(row?.name).toEqual(area.name);
    expect(row?.dailyLimitG).toBeNull();
  });

  it("answers another operator's manager 404, reading or writing, and changes nothing", async () => {
    const { area } = await managedArea();
    const other = await createOperator(db());
    const stranger = await staffWith(sut, clock, 'manager', other.id);
    const read = await stranger.get(`/api/console/catalogue/area?lng=en&id=${area.id}`);
    expect(read.statusCode).toBe(404);
    const write = await stranger.post(`/api/console/catalogue/area/update?lng=en`, {
      id: area.id,
      area: JSON.stringify(fields()),
    });
    expect(write.statusCode).toBe(404);
    const photo = await stranger.post(`/api/console/catalogue/photo/reorder?lng=en`, {
      area_id: area.id,
      photo_ids: '1',
    });
    expect(photo.statusCode).toBe(404);
    const [row] = await db().select().from(areas).where(eq(areas.id, area.id));
    expect(row?.name).toEqual(area.name);
  });

  it('keeps a manager narrowed to another of its areas out, and lets an accountant neither read nor write', async () => {
    const { operator, area } = await managedArea();
    const otherArea = await createArea(db(), { operatorId: operator.id });
    const narrowed = await staffWith(sut, clock, 'manager', operator.id, [otherArea.id]);
    expect((await narrowed.get(`/api/console/catalogue/area?lng=en&id=${area.id}`)).statusCode).toBe(404);
    expect((await narrowed.get(`/api/console/catalogue/area?lng=en&id=${otherArea.id}`)).statusCode).toBe(
      200,
    );
    const accountant = await staffWith(sut, clock, 'accountant', operator.id);
    expect((await accountant.get(`/api/console/catalogue/area?lng=en&id=${area.id}`)).statusCode).toBe(403);
    const write = await accountant.post(`/api/console/catalogue/area/update?lng=en`, {
      id: area.id,
      area: JSON.stringify(fields()),
    });
    expect(write.statusCode).toBe(403);
    const visitor = createBrowser(sut);
    expect((await visitor.get(`/api/console/catalogue/area?lng=en&id=${area.id}`)).statusCode).toBe(401);
  });

  it("shows the area's photos, uploaded, reordered and removed with the area's id", async () => {
    const { area, manager } = await managedArea();
    const image = (color: string) =>
      sharp({ create: { width: 600, height: 400, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
    const ids: number[] = [];
    for (const color of ['#3a7a5a', '#7a3a5a']) {
      const uploaded = await manager.postFiles(
        `/api/console/catalogue/photo/upload?lng=en`,
        { area_id: String(area.id), alt_en: `Woods ${color}` },
        [{ field: 'file', filename: 'woods.jpg', type: 'image/jpeg', content: await image(color) }],
      );
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      ids.push(uploaded.json().photo.id);
    }
    const reordered = await manager.post(`/api/console/catalogue/photo/reorder?lng=en`, {
      area_id: area.id,
      photo_ids: [...ids].reverse().join(','),
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const read = (await manager.get(`/api/console/catalogue/area?lng=en&id=${area.id}`)).json();
    expect(read.photos.map((photo: { id: number }) => photo.id)).toEqual([...ids].reverse());
    const removed = await manager.post(`/api/console/catalogue/photo/delete?lng=en`, {
      area_id: area.id,
      photo_id: ids[0],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = (await manager.get(`/api/console/catalogue/area?lng=en&id=${area.id}`)).json();
    expect(after.photos.map((photo: { id: number }) => photo.id)).toEqual([ids[1]]);
  });
});
