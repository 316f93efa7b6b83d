import { auditLog, growthObservations, rangerChainRecords, rangerInspections } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import type { HeldTicket } from '../../test/factories.ts';
import type { TestDevice } from '../../test/ranger-devices.ts';
import {
  makeRangerWorld,
  PHOTO,
  photoOf,
  type RangerWorld,
  recordBuilders,
  sendRecords as send,
  sha256,
} from '../../test/ranger-records.ts';
import { signInStaff, type TestStaff } from '../../test/staff-factories.ts';

/*
 * Every kind of record in one chain per device (issue 24, items 5–7; ADR 047): uses, inspections
 * and growth levels share the device's sequence and hashes, a use of an unknown ticket no longer
 * leaves a gap, a basket is judged with what its holder declared on other devices, a photo is
 * accepted only by the hash its inspection named, a growth level joins the growth table, and the
 * console lists the inspections. Who may send records: ranger-records-access.test.ts.
 */

const clock = createTestClock(Date.parse('2026-11-23T08:00:00Z'));
const TODAY = '2026-11-23';
let sut: TestApp;
let world: RangerWorld;
let owner: TestStaff;
let otherOwner: TestStaff;
let ranger: TestStaff;
let areas: RangerWorld['areas'];
let first: TestDevice;
let second: TestDevice;
let foreign: TestDevice;
let holder: HeldTicket;

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' }, { clock });
  world = await makeRangerWorld(sut, clock);
  ({ owner, otherOwner, ranger, areas, first, second, foreign, holder } = world);
  // The other operator's ranger inspected in its own area: what its owner's console lists.
  const theirs = await foreign.next(inspection({ area_id: areas.elsewhere }));
  expect((await send(foreign, [theirs]))[0]?.outcome).toBe('recorded');
});
afterAll(() => sut.close());

const { at, inspection, growth } = recordBuilders(clock, () => world);

describe("one chain of a device's records", () => {
  it('keeps uses, inspections and growth in one chain, and a use of an unknown ticket leaves no gap', async () => {
    const records = [
      await first.nextUse('TZZZZZZZZZZ', new Date(at(0))),
      await first.nextUse(holder.code, new Date(at(1))),
      await first.next(inspection({ outcome: 'warning', note: 'No identity card' })),
      await first.next(growth()),
    ];
    const results = await send(first, records);
    expect(results.map((result) => [result.kind, result.outcome, result.chain])).toEqual([
      ['use', 'unknown_ticket', 'ok'],
      ['use', 'recorded', 'ok'],
      ['inspection', 'recorded', 'ok'],
      ['growth', 'recorded', 'ok'],
    ]);
    // The next batch starts where this one ended, whatever its kinds.
    const next = await first.nextUse(holder.code, new Date(at(2)));
    expect(await send(first, [next])).toEqual([
      expect.objectContaining({ outcome: 'recorded', chain: 'ok', conflict: false, basket: null }),
    ]);
    const chained = await sut.database.db
      .select({ seq: rangerChainRecords.seq, kind: rangerChainRecords.kind })
      .from(rangerChainRecords)
      .where(eq(rangerChainRecords.deviceId, first.id))
      .orderBy(rangerChainRecords.seq);
    expect(chained.map((row) => row.kind)).toEqual(['use', 'use', 'inspection', 'growth', 'use']);
    // Sent again whole: only duplicates, nothing counted twice.
    const again = await send(first, [...records, next]);
    expect(new Set(again.map((result) => `${result.outcome}/${result.chain}`))).toEqual(
      new Set(['duplicate/ok']),
    );
  });

  it('flags a gap and a rewritten record across kinds, and keeps them', async () => {
    const skipped = await second.next(growth({ level: 'scarce' }));
    const afterGap = await second.next(inspection({ ticket_code: null }));
    const rewritten = await second.nextUse(holder.code, new Date(at(3)));
    const tampered = await second.next(inspection({ outcome: 'violation', note: 'Over the limit' }));
    const results = await send(second, [afterGap, rewritten, { ...tampered, outcome: 'ok', note: '' }]);
    expect(results.map((result) => [result.kind, result.chain])).toEqual([
      ['inspection', 'gap'],
      ['use', 'ok'],
      ['inspection', 'rewrite'],
    ]);
    expect(skipped.seq).toBe(afterGap.seq - 1);
    clock.set(clock.ms() + 60_000);
    const console = await signInStaff(sut, owner, clock);
    const listed = (await console.get('/api/console/ranger/devices?lng=en')).json();
    expect(
      listed.chain_breaks
        .filter((row: { device: string }) => row.device === 'Second phone')
        .map((row: { kind: string; seq: number }) => [row.kind, row.seq])
        .sort(),
    ).toEqual([
      ['gap', afterGap.seq],
      ['rewrite', tampered.seq],
    ]);
    // The late record arrives: it fills the gap, and its own place holds.
    expect((await send(second, [skipped]))[0]).toMatchObject({ outcome: 'recorded', chain: 'ok' });
  });
});

describe('inspections', () => {
  it('judges a basket with what the same holder declared that day on another device', async () => {
    const fromFirst = await first.next(inspection({ basket_g: 1200, device_time: at(10) }));
    expect((await send(first, [fromFirst]))[0]?.basket).toEqual({
      limit_g: 2000,
      declared_today_g: 1200,
      over: false,
    });
    const fromSecond = await second.next(
      inspection({ basket_g: 1000, outcome: 'violation', device_time: at(40) }),
    );
    const [judged] = await send(second, [fromSecond]);
    expect(judged?.basket).toEqual({ limit_g: 2000, declared_today_g: 2200, over: true });
    // A resend answers the verdict it got, and adds nothing.
    expect((await send(second, [fromSecond]))[0]).toMatchObject({
      outcome: 'duplicate',
      basket: { limit_g: 2000, declared_today_g: 2200, over: true },
    });
    // Someone without a permit: their basket alone.
    const noPermit = await first.next(inspection({ ticket_code: null, basket_g: 2500 }));
    expect((await send(first, [noPermit]))[0]?.basket).toEqual({
      limit_g: 2000,
      declared_today_g: 2500,
      over: true,
    });
    const [stored] = await sut.database.db
      .select()
      .from(rangerInspections)
      .where(eq(rangerInspections.clientId, fromSecond.client_id));
    expect(stored).toMatchObject({
      deviceId: second.id,
      areaId: areas.north,
      ticketCode: holder.code,
      outcome: 'violation',
      basketG: 1000,
      declaredTodayG: 2200,
      over: true,
      observedOn: TODAY,
    });
    expect(stored?.issuedTicketId).not.toBeNull();
  });

  it('accepts a photo only by a hash the inspection named, stores it once, and serves it to the console', async () => {
    const named = await photoOf('#3a6b35');
    const other = await photoOf('#884422');
    const record = await first.next(inspection({ photo_hashes: [sha256(named)] }));
    await send(first, [record]);
    const wrong = await first.upload(PHOTO, { client_id: record.client_id }, other);
    expect([wrong.statusCode, wrong.json().code], wrong.body).toEqual([400, 'INSPECTION_PHOTO_NOT_DECLARED']);
    const unknown = await first.upload(PHOTO, { client_id: crypto.randomUUID() }, named);
    expect(unknown.statusCode).toBe(404);
    // Another device cannot add a photo to this device's inspection.
    expect((await second.upload(PHOTO, { client_id: record.client_id }, named)).statusCode).toBe(404);
    const stored = await first.upload(PHOTO, { client_id: record.client_id }, named);
    expect(stored.statusCode, stored.body).toBe(200);
    const photo = stored.json().photo;
    expect(photo).toMatchObject({ hash: sha256(named), width: 800, height: 600 });
    const twice = await first.upload(PHOTO, { client_id: record.client_id }, named);
    expect(twice.json().photo).toEqual(photo);

    clock.set(clock.ms() + 60_000);
    const console = await signInStaff(sut, owner, clock);
    const list = (await console.get(`/api/console/ranger/inspections?lng=en&area_id=${areas.north}`)).json();
    const row = list.inspections.find((item: { client_id: string }) => item.client_id === record.client_id);
    expect(row).toMatchObject({ photos: [photo], photos_missing: 0, chain: 'ok', device: 'First phone' });
    const file = await console.get(
      `/api/console/ranger/inspection/photo/file?lng=en&id=${row.id}&hash=${photo.hash}&size=thumb&v=${photo.v}`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const outsider = await signInStaff(sut, otherOwner, clock);
    const refused = await outsider.get(
      `/api/console/ranger/inspection/photo/file?lng=en&id=${row.id}&hash=${photo.hash}&size=thumb&v=${photo.v}`,
    );
    expect(refused.statusCode).toBe(404);
  });
});

describe('growth from the field', () => {
  it("becomes the ranger's observation of the day, corrected by a second one, and joins the growth table", async () => {
    const { db } = sut.database;
    const own = () =>
      db
        .select()
        .from(growthObservations)
        .where(and(eq(growthObservations.staffId, ranger.id), eq(growthObservations.areaId, areas.north)));
    // The first test's record made it: good, porcini.
    expect((await own()).map((row) => [row.observedOn, row.level, row.species, row.role])).toEqual([
      [TODAY, 3, 'boletus-edulis', 'ranger'],
    ]);
    clock.set(clock.ms() + 60_000);
    await send(first, [await first.next(growth({ level: 'miraculous', species: null, device_time: at(0) }))]);
    const [corrected] = await own();
    expect([corrected?.level, corrected?.species]).toEqual([5, null]);
    const audited = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.targetType, 'growth_observation'), eq(auditLog.targetId, String(corrected?.id))),
      );
    expect(audited.map((row) => row.action).sort()).toEqual(['growth.correct', 'growth.observe']);
    const table = (
      await createBrowser(sut).get(`/api/app/area/list/level?lng=en&id_region=${areas.northRegion}`)
    ).json();
    const row = table.area_list.find((candidate: { id: number }) => candidate.id === areas.north);
    // The day's official level: the rounded mean of the miraculous seen here and the colleague's scarce.
    expect(row.observations[0]).toMatchObject({ date: TODAY, level: 'abundant' });
  });
});

describe("the console's inspections", () => {
  it("lists the operator's inspections per area and day to its owner, and nothing of them to another operator", async () => {
    clock.set(clock.ms() + 60_000);
    const console = await signInStaff(sut, owner, clock);
    const day = (
      await console.get(`/api/console/ranger/inspections?lng=en&area_id=${areas.north}&date=${TODAY}`)
    ).json();
    // Every inspection the tests above sent in the north area today, the latest first.
    type Listed = {
      area: { id: number };
      date: string;
      device: string;
      outcome: string;
      chain: string;
      ticket: { holder: string } | null;
      basket: { declared_today_g: number; over: boolean } | null;
    };
    expect(day.total).toBe(7);
    expect(
      (day.inspections as Listed[]).map((row) => [
        row.area.id === areas.north && row.date === TODAY,
        row.device,
        row.outcome,
        row.chain,
        row.ticket?.holder ?? null,
        row.basket && [row.basket.declared_today_g, row.basket.over],
      ]),
    ).toEqual([
      [true, 'Second phone', 'violation', 'ok', 'Bruno Basket', [2200, true]],
      [true, 'First phone', 'ok', 'ok', 'Bruno Basket', [1200, false]],
      [true, 'First phone', 'ok', 'ok', 'Bruno Basket', null],
      [true, 'First phone', 'ok', 'ok', null, [2500, true]],
      [true, 'Second phone', 'ok', 'rewrite', 'Bruno Basket', null],
      [true, 'Second phone', 'ok', 'gap', null, null],
      [true, 'First phone', 'warning', 'ok', 'Bruno Basket', null],
    ]);
    const otherDay = (
      await console.get(`/api/console/ranger/inspections?lng=en&area_id=${areas.north}&date=2026-11-22`)
    ).json();
    expect(otherDay.total).toBe(0);
    // The foreign operator's area is not this owner's: 404, and never in the list.
    const foreignArea = await console.get(
      `/api/console/ranger/inspections?lng=en&area_id=${areas.elsewhere}`,
    );
    expect(foreignArea.statusCode).toBe(404);
    const all = (await console.get('/api/console/ranger/inspections?lng=en')).json();
    expect(all.inspections.some((row: { area: { id: number } }) => row.area.id === areas.elsewhere)).toBe(
      false,
    );

    const csv = await console.get(
      `/api/console/ranger/inspections/export.csv?lng=en&area_id=${areas.north}&date=${TODAY}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(day.total + 1);
    expect(lines.some((line) => line.includes('Bruno Basket') && line.includes('2.2'))).toBe(true);

    const outsider = await signInStaff(sut, otherOwner, clock);
    expect(
      (await outsider.get(`/api/console/ranger/inspections?lng=en&area_id=${areas.north}`)).statusCode,
    ).toBe(404);
    expect(
      (await outsider.get(`/api/console/ranger/inspections/export.csv?lng=en&area_id=${areas.north}`))
        .statusCode,
    ).toBe(404);
    const theirs = (await outsider.get('/api/console/ranger/inspections?lng=en')).json();
    expect(theirs.inspections.map((row: { area: { id: number } }) => row.area.id)).toEqual([areas.elsewhere]);
    // A ranger holds no `devices.manage`.
    const asRanger = await signInStaff(sut, ranger, clock);
    expect((await asRanger.get('/api/console/ranger/inspections?lng=en')).statusCode).toBe(403);
  });
});
