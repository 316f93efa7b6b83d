import { randomUUID } from 'node:crypto';
import { finds, notebookEntries } from '@sentiero/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, joinPlus, memberId } from '../../test/factories.ts';

/*
 * The private finds map (issue 15, item 4) through the API: Sentiero+ only, the owner's only,
 * phone-made ids that make a resend harmless, last writer wins, deletes that sync, and GPX and
 * GeoJSON files both ways.
 */

const START = Date.parse('2026-09-20T08:00:00Z');
/** The server's clock stands an hour after the phones' first edits. */
const NOW = START + 60 * 60_000;
let now = NOW;
const clock = { now: () => new Date(now) };
/** A phone time `minutes` after the test's start. */
const phoneAt = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

let sut: TestApp;
let member: Browser;
let other: Browser;
let plain: Browser;

const marker = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  latitude: 44.512345,
  longitude: 9.754321,
  accuracy_m: 12.4,
  species_code: 'boletus-edulis',
  found_on: '2026-09-19',
  notes: 'Under the beeches, north slope',
  updated_at: phoneAt(0),
  ...overrides,
});

const list = async (browser: Browser, query = '') => {
  const response = await browser.get(`/api/app/find/list?lng=en${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().finds as Array<Record<string, unknown> & { latitude: number }>;
};

/** A file sent as a browser's form sends it: a multipart body with one file part. */
function upload(browser: Browser, content: Buffer | string, filename = 'finds.gpx') {
  const boundary = 'sentiero-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return sut.app.inject({
    method: 'POST',
    url: '/api/app/find/import?lng=en',
    payload,
    headers: {
      host: 'localhost:80',
      origin: 'http://localhost:80',
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

beforeAll(async () => {
  // The clock moves two months on in one test: sessions must outlast it.
  sut = await createTestApp({ RATE_LIMITS: 'off', SESSION_DAYS: '365', SESSION_MAX_DAYS: '3650' }, { clock });
  [member, other, plain] = await Promise.all([
    createMember(sut, 'Fungaiolo'),
    createMember(sut, 'Altro'),
    createMember(sut, 'Semplice'),
  ]);
  await joinPlus(member);
  await joinPlus(other);
});
afterAll(() => sut.close());

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
    const [written] = await sut.database.db.select({ total: count() }).from(finds);
    expect(written?.total).toBe(0);
  });

  it('refuses a member whose Sentiero+ has run out, and keeps their markers for when they come back', async () => {
    const lapsed = await createMember(sut, 'Scaduto');
    await joinPlus(lapsed);
    const kept = marker();
    expect((await lapsed.post('/api/app/find/save?lng=en', kept)).statusCode).toBe(200);
    // Two months on: the trial ended long ago and nothing was ever charged.
    now = NOW + 60 * 86_400_000;
    try {
      for (const response of await Promise.all(calls(lapsed))) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().code).toBe('PREMIUM_REQUIRED');
      }
    } finally {
      now = NOW;
    }
    expect((await list(lapsed)).map((find) => find.id)).toEqual([kept.id]);
  });
});

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

describe("another member's markers", () => {
  it('are never listed, exported, changed or deleted by anyone else, and answer like unknown ids', async () => {
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

describe('GPX and GeoJSON', () => {
  it('exports the markers as GPX 1.1 and GeoJSON, and imports them back into another map once', async () => {
    const mapper = await createMember(sut, 'Cartografo');
    await joinPlus(mapper);
    const porcino = marker({ notes: 'Fosso "del Lupo" <sotto> & oltre' });
    const unnamed = marker({
      species_code: '',
      latitude: 45.1,
      longitude: 7.2,
      found_on: '2026-08-02',
      notes: '',
    });
    await mapper.post('/api/app/find/save?lng=en', porcino);
    await mapper.post('/api/app/find/save?lng=en', unnamed);

    const gpx = await mapper.get('/api/app/find/export?lng=it&format=gpx');
    expect(gpx.statusCode).toBe(200);
    expect(gpx.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(gpx.headers['content-disposition']).toMatch(
      /^attachment; filename="ritrovamenti-2026-09-20\.gpx"$/,
    );
    expect(gpx.headers['cache-control']).toBe('private, no-store');
    expect(gpx.body).toContain(
      '<gpx version="1.1" creator="Sentiero" xmlns="http://www.topografix.com/GPX/1/1"',
    );
    expect(gpx.body).toContain('<wpt lat="44.512345" lon="9.754321">');
    expect(gpx.body).toContain('<name>Porcino (Boletus edulis)</name>');
    expect(gpx.body).toContain('<desc>Fosso &quot;del Lupo&quot; &lt;sotto&gt; &amp; oltre</desc>');

    const geojson = await mapper.get('/api/app/find/export?lng=en&format=geojson');
    expect(geojson.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    const collection = geojson.json();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toContainEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [9.754321, 44.512345] },
      properties: {
        found_on: '2026-09-19',
        species_code: 'boletus-edulis',
        species: 'Penny bun (cep)',
        notes: porcino.notes,
        accuracy_m: 12,
      },
    });

    const expected = (await list(mapper))
      .map(({ latitude, longitude, species_code, found_on, notes }) => ({
        latitude,
        longitude,
        species_code,
        found_on,
        notes,
      }))
      .sort((a, b) => a.latitude - b.latitude);
    for (const file of [gpx.body, geojson.body]) {
      const reader = await createMember(sut, 'Lettore');
      await joinPlus(reader);
      const imported = await reader.post('/api/app/find/import?lng=en', { file });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toEqual({ imported: 2, skipped: 0 });
      const read = (await list(reader))
        .map(({ latitude, longitude, species_code, found_on, notes }) => ({
          latitude,
          longitude,
          species_code,
          found_on,
          notes,
        }))
        .sort((a, b) => a.latitude - b.latitude);
      expect(read).toEqual(expected);
      // The same file again adds nothing; the ids are the reader's own, not the file's.
      expect((await reader.post('/api/app/find/import?lng=en', { file })).json()).toEqual({
        imported: 0,
        skipped: 2,
      });
      expect((await list(reader)).map((find) => find.id)).not.toContain(porcino.id);
    }
  });

  it("takes a file from a form upload, and reads other apps' waypoints", async () => {
    const gpx = `<?xml version="1.0"?>
<gpx version="1.1" creator="SomeGPS" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat='46.01' lon='11.02'><ele>1200</ele><time>2026-07-04T06:12:00Z</time><name>Chanterelle</name><desc><![CDATA[Near the <big> larch]]></desc></wpt>
  <wpt lon="11.03" lat="46.02"/>
  <trk><trkseg><trkpt lat="46" lon="11"/></trkseg></trk>
</gpx>`;
    const response = await upload(member, gpx);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2, skipped: 0 });
    const mine = await list(member, '&south=46&west=11.01&north=46.03&east=11.04');
    expect(mine).toContainEqual(
      expect.objectContaining({
        latitude: 46.01,
        species_code: 'cantharellus-cibarius',
        found_on: '2026-07-04',
        notes: 'Near the <big> larch',
        accuracy_m: null,
      }),
    );
    // A waypoint without a date is given today's (in Italy).
    expect(mine).toContainEqual(
      expect.objectContaining({ latitude: 46.02, found_on: '2026-09-20', species_code: null }),
    );
  });

  it.each([
    ['a text file', 'lat,lon\n45,9\n', /not a GPX or GeoJSON/],
    [
      'a GPX with a DTD',
      '<!DOCTYPE gpx [<!ENTITY x "y">]><gpx><wpt lat="1" lon="1"/></gpx>',
      /not a GPX or GeoJSON/,
    ],
    [
      'a GPX without waypoints',
      '<gpx version="1.1"><trk><trkseg><trkpt lat="46" lon="11"/></trkseg></trk></gpx>',
      /no points/,
    ],
    ['a GPX with a point off the globe', '<gpx><wpt lat="95" lon="9"/></gpx>', /no valid position/],
    ['a GPX cut short', '<gpx><wpt lat="45" lon="9"><name>Porcino', /not a GPX or GeoJSON/],
    ['broken JSON', '{"type": "FeatureCollection", "features": [', /not a GPX or GeoJSON/],
    ['JSON that is not GeoJSON', '{"hello": "world"}', /not a GPX or GeoJSON/],
    [
      'GeoJSON with a point off the globe',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [9, 200] }, properties: {} }],
      }),
      /no valid position/,
    ],
    [
      'GeoJSON with too many points',
      JSON.stringify({
        type: 'Feature',
        geometry: {
          type: 'MultiPoint',
          coordinates: Array.from({ length: 2001 }, (_, i) => [9 + i / 10_000, 45]),
        },
        properties: {},
      }),
      /At most 2,000/,
    ],
  ])('refuses %s with a 400 that says why, adding nothing', async (_name, file, why) => {
    const before = (await list(member)).length;
    const response = await member.post('/api/app/find/import?lng=en', { file });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'IMPORT_INVALID',
      message: 'The file could not be imported',
    });
    expect(response.json().fields.file).toMatch(why);
    expect(await list(member)).toHaveLength(before);
  });

  it('refuses an upload that is not UTF-8 (400) or is over the size limit (413)', async () => {
    const latin1 = await upload(member, Buffer.from([0x3c, 0x67, 0x70, 0x78, 0x3e, 0xe8, 0xff, 0xfe]));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().fields.file).toBe('This file is not a GPX or GeoJSON file we can read');
    const huge = await upload(member, `<gpx>${' '.repeat(1024 * 1024)}</gpx>`);
    expect(huge.statusCode).toBe(413);
  });
});

describe('deleting the account', () => {
  it('erases the markers and the notebook with it', async () => {
    const leaving = await createMember(sut, 'Partente');
    await joinPlus(leaving);
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
