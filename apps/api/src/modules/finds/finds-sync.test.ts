import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, joinPremium } from '../../test/factories.ts';
import { list, marker, NOW, phoneAt } from '../../test/finds.ts';

/*
 * Syncing the private finds map (issue 15, item 4) through the API: phone-made ids that make a
 * resend harmless, last writer wins, deletes that sync.
 */

const clock = { now: () => new Date(NOW) };

let sut: TestApp;
let member: Browser;

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' }, { clock });
  member = await createMember(sut, 'Fungaiolo');
  await joinPremium(member);
});
afterAll(() => sut.close());

describe('app/find/save and app/find/list', () => {
  it('keeps a marker sent twice with the same id once, and answers it as stored', async () => {
    const sent = marker();
    const first = await member.post('/api/app/find/save?lng=en', sent);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      applied: true,
      deleted: false,
      find: {
        id: sent.id,
        latitude: 44.512345,
        longitude: 9.754321,
        accuracy_m: 12,
        species_code: 'boletus-edulis',
        found_on: '2026-09-19',
        notes: 'Under the beeches, north slope',
        updated_at: sent.updated_at,
      },
    });
    // The phone lost the answer and sends it again, as form-data this time.
    const again = await member.post('/api/app/find/save?lng=en', {
      ...sent,
      id: sent.id.toUpperCase(),
      latitude: String(sent.latitude),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().find).toEqual(first.json().find);
    expect((await list(member)).filter((find) => find.id === sent.id)).toHaveLength(1);
  });

  it('lets the newest version win whatever order versions arrive in', async () => {
    const v1 = marker({ notes: 'first', updated_at: phoneAt(1) });
    const v2 = { ...v1, notes: 'second', species_code: '', updated_at: phoneAt(5) };
    expect((await member.post('/api/app/find/save?lng=en', v2)).json()).toMatchObject({
      applied: true,
      find: { notes: 'second', species_code: null },
    });
    // The older version, kept on another phone, arrives late: ignored, the stored one answered.
    const late = await member.post('/api/app/find/save?lng=en', v1);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({
      applied: false,
      find: { notes: 'second', updated_at: v2.updated_at },
    });
    const v3 = { ...v1, notes: 'third', updated_at: phoneAt(9) };
    expect((await member.post('/api/app/find/save?lng=en', v3)).json()).toMatchObject({
      applied: true,
      find: { notes: 'third' },
    });
    expect((await list(member)).find((find) => find.id === v1.id)).toMatchObject({ notes: 'third' });
  });

  it('refuses a time far ahead of the server clock, which would win every later edit', async () => {
    const ahead = marker({ updated_at: new Date(NOW + 60 * 60_000).toISOString() });
    const response = await member.post('/api/app/find/save?lng=en', ahead);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.updated_at).toMatch(/clock is ahead/);
    // A few seconds ahead is an ordinary phone.
    const close = marker({ updated_at: new Date(NOW + 30_000).toISOString() });
    expect((await member.post('/api/app/find/save?lng=en', close)).statusCode).toBe(200);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const response = await member.post('/api/app/find/save?lng=en', {
      ...marker(),
      id: 'not-a-uuid',
      latitude: 91,
      species_code: 'boletus-imaginarius',
      found_on: '2026-02-30',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'found_on',
      'id',
      'latitude',
      'species_code',
    ]);
  });

  it('lists the markers inside a box', async () => {
    const north = marker({ latitude: 46.5, longitude: 11.3 });
    const south = marker({ latitude: 39.3, longitude: 16.5 });
    await member.post('/api/app/find/save?lng=en', north);
    await member.post('/api/app/find/save?lng=en', south);
    const inBox = await list(member, '&south=46&west=11&north=47&east=12');
    expect(inBox.map((find) => find.id)).toEqual([north.id]);
    const halfBox = await member.get('/api/app/find/list?lng=en&south=46&west=11');
    expect(halfBox.statusCode).toBe(400);
  });

  it('gives the foraging areas with their daily limits to draw under the markers', async () => {
    const { areas } = (await member.get('/api/app/find/list?lng=it')).json();
    const taro = areas.find((area: { name: string }) => area.name === 'Val Taro');
    expect(taro).toMatchObject({ daily_limit_g: 3000, bounds: expect.any(Array) });
  });
});

describe('app/find/delete', () => {
  it('deletes as of the phone time: a later delete wins, an earlier one loses, a resend changes nothing', async () => {
    const kept = marker({ updated_at: phoneAt(10) });
    await member.post('/api/app/find/save?lng=en', kept);
    // Deleted offline before the edit that reached the server first: the edit stays.
    const stale = await member.post('/api/app/find/delete?lng=en', { id: kept.id, deleted_at: phoneAt(5) });
    expect(stale.json()).toEqual({ id: kept.id, deleted: false });
    expect((await list(member)).map((find) => find.id)).toContain(kept.id);

    const gone = await member.post('/api/app/find/delete?lng=en', { id: kept.id, deleted_at: phoneAt(12) });
    expect(gone.json()).toEqual({ id: kept.id, deleted: true });
    expect((await list(member)).map((find) => find.id)).not.toContain(kept.id);
    const resent = await member.post('/api/app/find/delete?lng=en', { id: kept.id, deleted_at: phoneAt(12) });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ id: kept.id, deleted: true });

    // An edit older than the delete, synced late, does not bring the marker back...
    const older = await member.post('/api/app/find/save?lng=en', {
      ...kept,
      notes: 'late',
      updated_at: phoneAt(11),
    });
    expect(older.json()).toMatchObject({ applied: false, deleted: true });
    expect((await list(member)).map((find) => find.id)).not.toContain(kept.id);
    // ...a newer one does: the newest version wins, a delete included.
    const newer = await member.post('/api/app/find/save?lng=en', {
      ...kept,
      notes: 'back',
      updated_at: phoneAt(20),
    });
    expect(newer.json()).toMatchObject({ applied: true, deleted: false, find: { notes: 'back' } });
    expect((await list(member)).map((find) => find.id)).toContain(kept.id);
  });
});
