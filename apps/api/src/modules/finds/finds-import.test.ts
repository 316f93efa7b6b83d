import { MAX_IMPORT_BYTES } from '@sentiero/contract/finds-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, joinPremium } from '../../test/factories.ts';

/*
 * A Sentiero+ member's hostile import (issue 21, item 1) through the API: a GeoJSON name of 1 MiB
 * of "(" once held the process for minutes, and thousands of GPX waypoints under one closing tag
 * for more than a minute. Now the file is answered at once, and the process answers others while
 * it reads one.
 */

/** Far above what these files take now, far below the minutes they took before. */
const SAFETY_LIMIT_MS = 10_000;

let sut: TestApp;
let member: Browser;

const upload = (content: string, filename: string) =>
  member.postFiles('/api/app/find/import?lng=en', {}, [{ field: 'file', filename, content }]);

/** `unit` repeated between `head` and `tail` up to the upload limit. */
const fill = (head: string, unit: string, tail: string) =>
  head + unit.repeat(Math.floor((MAX_IMPORT_BYTES - 200 - head.length - tail.length) / unit.length)) + tail;

/** Sends the file and asks /api/health right after: health must answer first, and both soon. */
async function importBesideHealth(content: string, filename: string) {
  const started = performance.now();
  let imported = false;
  const importing = upload(content, filename).then((response) => {
    imported = true;
    return response;
  });
  const health = await sut.app.inject({ method: 'GET', url: '/api/health' });
  const answeredDuringImport = !imported;
  const response = await importing;
  return { response, health, answeredDuringImport, ms: performance.now() - started };
}

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' });
  member = await createMember(sut, 'Importatore');
  await joinPremium(member);
  // The first import starts the process's import thread: not what these tests time.
  const first = await upload('<gpx><wpt lat="45.5" lon="9.5"/></gpx>', 'first.gpx');
  expect(first.statusCode, first.body).toBe(200);
});
afterAll(() => sut.close());

describe('a hostile import', () => {
  it('reads a GeoJSON name of 1 MiB of "(" as a label of 200 characters, soon, answering others meanwhile', async () => {
    const file = JSON.stringify({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [9.25, 45.25] },
      properties: { name: fill('', '(', '') },
    });
    const { response, health, answeredDuringImport, ms } = await importBesideHealth(file, 'finds.geojson');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 1, skipped: 0 });
    expect(health.statusCode).toBe(200);
    expect(answeredDuringImport).toBe(true);
    expect(ms).toBeLessThan(SAFETY_LIMIT_MS);
    const { finds } = (await member.get('/api/app/find/list?lng=en')).json();
    expect(finds).toContainEqual(expect.objectContaining({ latitude: 45.25, notes: '('.repeat(200) }));
  });

  it.each([
    [
      'thousands of GPX waypoints under one closing tag',
      fill('<gpx>', '<wpt lat="1" lon="1"><name>x</name>', '</wpt></gpx>'),
    ],
    ['1 MiB of "<"', fill('<gpx>', '<', '</gpx>')],
  ])('refuses %s with a 400 that says why, soon, answering others meanwhile', async (_name, file) => {
    const { response, health, answeredDuringImport, ms } = await importBesideHealth(file, 'finds.gpx');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'IMPORT_INVALID',
      fields: { file: 'This file is not a GPX or GeoJSON file we can read' },
    });
    expect(health.statusCode).toBe(200);
    expect(answeredDuringImport).toBe(true);
    expect(ms).toBeLessThan(SAFETY_LIMIT_MS);
  });
});
