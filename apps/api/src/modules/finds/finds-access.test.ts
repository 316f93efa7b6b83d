import { randomUUID } from 'node:crypto';
import { finds, notebookEntries } from '@sentiero/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, joinPremium, memberId } from '../../test/factories.ts';
import { list, marker, NOW, phoneAt } from '../../test/finds.ts';

/*
 * Who may reach the private finds map (issue 15, item 4) through the API: Sentiero+ only, the
 * owner's markers only, and nothing left of them once the account is deleted.
 */

const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;

beforeAll(async () => {
  // The clock moves two months on in one test: sessions must outlast it.
  sut = await createTestApp(
    { RATE_LIMITS: 'off', SESSION_DAYS: '365', SESSION_MAX_DAYS: '3650' },
    { clock: clocks },
  );
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(NOW));
});

/** A member with Sentiero+, logged in. */
async function plusMember(name: string): Promise<Browser> {
  const browser = await createMember(sut, name);
  await joinPremium(browser);
  return browser;
}

describe('who may use the finds map', () => {
  const calls = (browser: Browser) => [
    browser.get('/api/app/find/list?lng=en'),
    browser.post('/api/app/find/save?lng=en', marker()),
    browser.post('/api/app/find/delete?lng=en', { id: randomUUID() }),
    browser.get('/api/app/find/export?lng=en&format=gpx'),
    browser.post('/api/app/find/import?lng=en', { file: '<gpx></gpx>' }),
    browser.get('/api/app/notebook/list?lng=en'),
    browser.post('/api/app/notebook/save?lng=en', {
      id: randomUUID(),
      day: '2026-09-19',
      species_code: 'boletus-edulis',
      weight_g: 400,
      updated_at: phoneAt(0),
    }),
    browser.post('/api/app/notebook/delete?lng=en', { id: randomUUID() }),
    browser.get('/api/app/notebook/export?lng=en'),
  ];

  it('asks a visitor to log in (401) and refuses a member without Sentiero+ (403, SPEC premium message)', async () => {
    const plain = await createMember(sut, 'Semplice');
    const [before] = await sut.database.db.select({ total: count() }).from(finds);
    for (const response of await Promise.all(calls(createBrowser(sut)))) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
    for (const response of await Promise.all(calls(plain))) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'PREMIUM_REQUIRED',
        message: 'It seems an error occurred, please try again later',
      });
    }
    // None of those calls wrote a marker, anyone's.
    const [after] = await sut.database.db.select({ total: count() }).from(finds);
    expect(after?.total).toBe(before?.total);
  });

  it('refuses a member whose Sentiero+ has run out, and keeps their markers for when they come back', async () => {
    const lapsed = await plusMember('Scaduto');
    const kept = marker();
    expect((await lapsed.post('/api/app/find/save?lng=en', kept)).statusCode).toBe(200);
    // Two months on: the trial ended long ago and nothing was ever charged.
    clock.set(NOW + 60 * 86_400_000);
    for (const response of await Promise.all(calls(lapsed))) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().code).toBe('PREMIUM_REQUIRED');
    }
    // Back within the trial, the marker is there as it was.
    clock.set(NOW);
    expect((await list(lapsed)).map((find) => find.id)).toEqual([kept.id]);
  });
});

describe("another member's markers", () => {
  it('are never listed, exported, changed or deleted by anyone else, and answer like unknown ids', async () => {
    const [member, other] = await Promise.all([plusMember('Fungaiolo'), plusMember('Altro')]);
    const secret = marker({ notes: 'my secret porcini spot' });
    expect((await member.post('/api/app/find/save?lng=en', secret)).statusCode).toBe(200);

    expect((await list(other)).map((find) => find.id)).not.toContain(secret.id);
    const exported = await other.get('/api/app/find/export?lng=en&format=geojson');
    expect(exported.body).not.toContain('secret porcini');

    const unknown = randomUUID();
    const takeOver = await other.post('/api/app/find/save?lng=en', {
      ...secret,
      notes: 'mine now',
      updated_at: phoneAt(30),
    });
    const deleteTheirs = await other.post('/api/app/find/delete?lng=en', { id: secret.id });
    const deleteUnknown = await other.post('/api/app/find/delete?lng=en', { id: unknown });
    expect(takeOver.statusCode).toBe(404);
    expect(deleteTheirs.statusCode).toBe(404);
    // The same answer as for an id that exists nowhere: nothing tells the marker is there.
    expect(deleteTheirs.body).toBe(deleteUnknown.body);
    expect(takeOver.body).toBe(deleteUnknown.body);

    // A notebook entry cannot point at it either, and is refused as for an unknown marker.
    const entry = (findId: string) =>
      other.post('/api/app/notebook/save?lng=en', {
        id: randomUUID(),
        day: '2026-09-19',
        find_id: findId,
        species_code: 'boletus-edulis',
        weight_g: 300,
        updated_at: phoneAt(0),
      });
    const [theirs, nowhere] = await Promise.all([entry(secret.id), entry(unknown)]);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.body).toBe(nowhere.body);

    expect((await list(member)).find((find) => find.id === secret.id)).toMatchObject({
      notes: 'my secret porcini spot',
    });
    // A visitor reading the list by GET gets nothing either.
    expect((await createBrowser(sut).get('/api/app/find/list?lng=en')).statusCode).toBe(401);
  });
});

describe('deleting the account', () => {
  it('erases the markers and the notebook with it', async () => {
    const leaving = await plusMember('Partente');
    const id = await memberId(leaving);
    const spot = marker();
    await leaving.post('/api/app/find/save?lng=en', spot);
    const entry = await leaving.post('/api/app/notebook/save?lng=en', {
      id: randomUUID(),
      day: '2026-09-19',
      find_id: spot.id,
      species_code: 'boletus-edulis',
      weight_g: 900,
      updated_at: phoneAt(0),
    });
    expect(entry.statusCode, entry.body).toBe(200);

    // The personal-data download has them while the account lives.
    const download = (await leaving.get('/api/app/user/export?lng=en')).json();
    expect(download.finds).toEqual([expect.objectContaining({ id: spot.id })]);
    expect(download.notebook_entries).toEqual([expect.objectContaining({ find_id: spot.id, weight_g: 900 })]);

    // A deleted marker (a tombstone) goes too.
    await leaving.post('/api/app/find/delete?lng=en', { id: spot.id });
    const deleted = await leaving.post('/api/app/user/delete?lng=en', { password: 'Trota2026' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const db = sut.database.db;
    expect(await db.select().from(finds).where(eq(finds.userId, id))).toEqual([]);
    expect(await db.select().from(notebookEntries).where(eq(notebookEntries.userId, id))).toEqual([]);
  });
});
