import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, joinPremium } from '../../test/factories.ts';
import { list, marker, NOW } from '../../test/finds.ts';

/* The private finds map's GPX and GeoJSON files (issue 15, item 4), both ways, through the API. */

const clock = { now: () => new Date(NOW) };

let sut: TestApp;
let member: Browser;

/** A file sent as a browser's form sends it: a multipart body with one file part. */
const upload = (browser: Browser, content: Buffer | string, filename = 'finds.gpx') =>
  browser.postFiles('/api/app/find/import?lng=en', {}, [{ field: 'file', filename, content }]);

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' }, { clock });
  member = await createMember(sut, 'Fungaiolo');
  await joinPremium(member);
});
afterAll(() => sut.close());

describe('GPX and GeoJSON', () => {
  it('exports the markers as GPX 1.1 and GeoJSON, and imports them back into another map once', async () => {
    const mapper = await createMember(sut, 'Cartografo');
    await joinPremium(mapper);
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
      await joinPremium(reader);
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
