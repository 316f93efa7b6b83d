import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { areaWeatherDays, notebookEntries } from '@sentiero/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { climatologySource } from '../../platform/weather/climatology.ts';
import { openMeteoSource } from '../../platform/weather/open-meteo.ts';
import type { WeatherSource } from '../../platform/weather/source.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, createMember, memberId } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/fakes/test-server.ts';
import { fillNotebookWeather } from '../finds/index.ts';
import { WEATHER_BEFORE_TODAY } from '../growth/index.ts';
import { refreshAreaWeather } from './refresh.ts';
import { WEATHER_HISTORY_DAYS } from './service.ts';

/** 10:00 in Rome on 11 October 2026: the recorded answers run from 20 September to 17 October. */
const REFRESHED_AT = new Date('2026-10-11T08:00:00Z');
const clocks = createClockSwitch();
let clock: TestClock;

/** The warnings the refresh logs, so a test can see the operator would be told. */
const warnings: unknown[] = [];
const log = {
  info: () => undefined,
  warn: (details: unknown) => warnings.push(details),
  error: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

const recorded = JSON.parse(
  readFileSync(new URL('../../platform/weather/fixtures/forecast-one.json', import.meta.url), 'utf8'),
);

/** Open-Meteo as the recorded answer: the same place's days for every coordinate asked. */
let provider: TestServer;
let providerFails = false;

let sut: TestApp;
let areaId: number;
beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
  provider = await startTestServer((request) => {
    if (providerFails) return { status: 500, raw: 'Internal Server Error', body: null };
    const count =
      new URL(request.path, 'http://provider').searchParams.get('latitude')?.split(',').length ?? 1;
    return { status: 200, body: count === 1 ? recorded : Array.from({ length: count }, () => recorded) };
  });
});
afterAll(async () => {
  await provider.close();
  await sut.close();
});
// Each test has its own clock, its own area (whose weather only its own refreshes store) and its own warnings.
beforeEach(async () => {
  clock = clocks.use(createTestClock(REFRESHED_AT.getTime()));
  areaId = (await createArea(sut.database.db, { latitude: 44.52, longitude: 9.76 })).id;
  warnings.length = 0;
});

/** A refresh of every available area from the climatology source, at the clock's time. */
const refreshFromClimatology = () =>
  refreshAreaWeather({ db: sut.database.db, source: climatologySource(clock), clock, log });

const storedDays = (id: number) =>
  sut.database.db
    .select()
    .from(areaWeatherDays)
    .where(eq(areaWeatherDays.areaId, id))
    .orderBy(asc(areaWeatherDays.day));

async function weather(query: string) {
  const response = await sut.app.inject({ method: 'GET', url: `/api/app/weather/info?lng=en&${query}` });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('the weather-refresh job', () => {
  it('stores three weeks and a week of forecast for every available area, offline from the climatology source', async () => {
    // A notebook entry saved before its day's weather arrived gets it with the refresh, as the app wires it.
    const entryId = randomUUID();
    await sut.database.db.insert(notebookEntries).values({
      id: entryId,
      userId: await memberId(await createMember(sut, 'Raccoglitrice')),
      day: '2026-10-04',
      areaId,
      speciesCode: 'boletus-edulis',
      weightG: 500,
      updatedAt: REFRESHED_AT,
    });
    const summary = await refreshAreaWeather({
      db: sut.database.db,
      source: climatologySource(clock),
      clock,
      log,
      afterRefresh: () => fillNotebookWeather({ db: sut.database.db, clock }),
    });
    const [entry] = await sut.database.db
      .select({ weather: notebookEntries.weather })
      .from(notebookEntries)
      .where(eq(notebookEntries.id, entryId));
    expect(entry?.weather).toMatchObject({ forecast: false, rain_mm: expect.any(Number) });
    expect(summary).toMatchObject({ source: 'climatology', failed: 0 });
    expect(summary.refreshed).toBe(summary.areas);
    // The seeded areas are in four time zones' calendars at most: one request per zone.
    expect(summary.requests).toBeLessThanOrEqual(4);

    const days = await storedDays(areaId);
    // Five weeks before today: the growth model's month of rain is there from the first refresh.
    expect(days).toHaveLength(WEATHER_HISTORY_DAYS + 7);
    expect(days.filter((day) => !day.forecast).length).toBeGreaterThanOrEqual(WEATHER_BEFORE_TODAY);
    expect(days[0]?.day).toBe('2026-09-06');
    expect(days.at(-1)?.day).toBe('2026-10-17');
    expect(days.filter((day) => day.forecast).map((day) => day.day)[0]).toBe('2026-10-11');
    expect(new Set(days.map((day) => day.source))).toEqual(new Set(['climatology']));
  });

  it("replaces each day's figures with Open-Meteo's when it answers, without duplicating a day", async () => {
    // The first refresh, offline from the climatology source; an hour later Open-Meteo answers.
    await refreshFromClimatology();
    clock.set(REFRESHED_AT.getTime() + 60 * 60_000);
    const source = openMeteoSource({ baseUrl: provider.url });
    const askedBefore = provider.requests.length;
    const summary = await refreshAreaWeather({ db: sut.database.db, source, clock, log });
    expect(summary).toMatchObject({ source: 'open-meteo', failed: 0 });
    // Every area's coordinates went in a few requests, not one per area.
    const requests = provider.requests.slice(askedBefore);
    expect(requests.length).toBe(summary.requests);
    expect(requests.length).toBeLessThan(summary.areas);
    const asked = new URL(requests[0]?.path ?? '', 'http://provider').searchParams;
    expect(asked.get('past_days')).toBe(String(WEATHER_HISTORY_DAYS));

    // The recorded answer holds four weeks; the two weeks before them stay as the first refresh left them.
    const days = (await storedDays(areaId)).filter((day) => day.source === 'open-meteo');
    expect(days).toHaveLength(28);
    expect(await storedDays(areaId)).toHaveLength(WEATHER_HISTORY_DAYS + 7);
    expect(days[9]).toMatchObject({ day: '2026-09-29', rainMm: 38.4, weatherCode: 95, source: 'open-meteo' });
    expect(days[26]?.tempMean).toBeNull();
    expect(days.every((day) => day.fetchedAt.getTime() === clock.ms())).toBe(true);
  });

  it('keeps the last weather when the provider fails, says so in the log, and fails the run for a retry', async () => {
    await refreshFromClimatology();
    const before = await storedDays(areaId);
    expect(before).toHaveLength(WEATHER_HISTORY_DAYS + 7);
    providerFails = true;
    clock.set(REFRESHED_AT.getTime() + 4 * 60 * 60_000);
    try {
      await expect(
        refreshAreaWeather({
          db: sut.database.db,
          source: openMeteoSource({ baseUrl: provider.url }),
          clock,
          log,
        }),
      ).rejects.toThrow(/failed/);
    } finally {
      providerFails = false;
    }
    expect(await storedDays(areaId)).toEqual(before);
    expect(warnings).toContainEqual(
      expect.objectContaining({ error: expect.objectContaining({ kind: 'http', status: 500 }) }),
    );
  });

  it('warns once per run however many requests failed, and the failed job is not told twice', async () => {
    const offline: WeatherSource = {
      name: 'open-meteo',
      batchSize: 1,
      fetchDaily: async () => ({ ok: false, error: { kind: 'network', message: 'fetch failed' } }),
    };
    const warned = warnings.length;
    const run = refreshAreaWeather({ db: sut.database.db, source: offline, clock, log });
    await expect(run).rejects.toMatchObject({ reported: true });
    expect(warnings.slice(warned)).toEqual([
      expect.objectContaining({
        error: { kind: 'network', message: 'fetch failed' },
        detail: { failures: expect.arrayContaining([expect.objectContaining({ areas: 1 })]) },
      }),
    ]);
    // Three failures in a row end the run: the warning stands for every one of them.
    expect((warnings.at(-1) as { detail: { failures: unknown[] } }).detail.failures).toHaveLength(3);
  });

  it('forgets days older than 60 days', async () => {
    const { db } = sut.database;
    const row = {
      areaId,
      rainMm: 1,
      forecast: false,
      source: 'climatology' as const,
      fetchedAt: REFRESHED_AT,
    };
    await db.insert(areaWeatherDays).values([
      { ...row, day: '2026-08-11' },
      { ...row, day: '2026-08-12' },
    ]);
    await refreshFromClimatology();
    const kept = await db
      .select({ day: areaWeatherDays.day })
      .from(areaWeatherDays)
      .where(and(eq(areaWeatherDays.areaId, areaId), eq(areaWeatherDays.rainMm, 1)));
    // "Today" is 11 October in UTC: 12 August is 60 days back and stays, the 11th goes.
    expect(kept.map((day) => day.day)).toEqual(['2026-08-12']);
  });
});

describe('app/weather/info', () => {
  it("answers an area's stored days with their age and source, cacheable by anyone", async () => {
    clock.set(REFRESHED_AT.getTime() + 2 * 60 * 60_000);
    await refreshFromClimatology();
    const { status, body, headers } = await weather(`id_area=${areaId}`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toMatch(/^public/);
    expect(body).toMatchObject({
      area_id: areaId,
      fetched_at: clock.now().toISOString(),
      stale: false,
      source: 'climatology',
    });
    expect(body.days).toHaveLength(28);
    expect(body.days[0]).toEqual({
      date: '2026-09-20',
      rain_mm: expect.any(Number),
      temp_mean: expect.any(Number),
      temp_min: expect.any(Number),
      temp_max: expect.any(Number),
      weather_code: expect.any(Number),
      gust_kmh: expect.any(Number),
      forecast: false,
    });
  });

  it('answers the days asked for', async () => {
    await refreshFromClimatology();
    const { body } = await weather(`id_area=${areaId}&from=2026-10-12&to=2026-10-14`);
    expect(body.days.map((day: { date: string; forecast: boolean }) => [day.date, day.forecast])).toEqual([
      ['2026-10-12', true],
      ['2026-10-13', true],
      ['2026-10-14', true],
    ]);
  });

  it('reports the weather stale once the last refresh is more than 12 hours old, and still shows it', async () => {
    const fetchedAt = clock.now();
    await refreshFromClimatology();
    clock.set(fetchedAt.getTime() + 12 * 60 * 60_000);
    expect((await weather(`id_area=${areaId}`)).body.stale).toBe(false);
    clock.set(fetchedAt.getTime() + 13 * 60 * 60_000);
    const { body } = await weather(`id_area=${areaId}`);
    expect(body).toMatchObject({ stale: true, fetched_at: fetchedAt.toISOString() });
    expect(body.days.length).toBeGreaterThan(0);
  });

  it('says when an area has no weather yet', async () => {
    const { id } = await createArea(sut.database.db, { available: false });
    const { status, body } = await weather(`id_area=${id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ area_id: id, days: [], fetched_at: null, stale: true, source: 'climatology' });
  });

  it('answers 404 for an area that does not exist', async () => {
    const { status, body } = await weather('id_area=999999');
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
  });

  it('refuses periods that are not dates, end before they start or pass 60 days', async () => {
    const invalid = await weather(`id_area=${areaId}&from=2026-02-30`);
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields.from).toBe('Enter a valid date');

    const backwards = await weather(`id_area=${areaId}&from=2026-10-12&to=2026-10-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.to).toMatch(/at most 60 days/);

    expect((await weather(`id_area=${areaId}&from=2026-08-13&to=2026-10-11`)).status).toBe(200);
    expect((await weather(`id_area=${areaId}&from=2026-08-12&to=2026-10-11`)).status).toBe(400);
    expect((await weather('id_area=abc')).status).toBe(400);
  });
});
