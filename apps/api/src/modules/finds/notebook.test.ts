import { randomUUID } from 'node:crypto';
import { findDaysOverLimit, summariseSeason } from '@sentiero/contract/rules/notebook-season';
import { areas, areaWeatherDays, notebookEntries } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createArea, createMember, createWeatherDays, joinPremium } from '../../test/factories.ts';
import { csvField, writeCsv } from './csv.ts';
import { fillNotebookWeather } from './notebook.ts';

/*
 * The mushroom notebook (issue 15, item 5): the member's entries, the season's totals, the days
 * past an area's legal daily limit, and the CSV that Excel opens in Italy.
 */

const START = Date.parse('2026-10-05T08:00:00Z');
const NOW = START + 60 * 60_000;
const clock = { now: () => new Date(NOW) };
const phoneAt = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

let sut: TestApp;
let member: Browser;
let limited: { id: number };
let unlimited: { id: number };

const entry = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  day: '2026-10-04',
  species_code: 'boletus-edulis',
  weight_g: 800,
  notes: '',
  updated_at: phoneAt(0),
  ...overrides,
});

async function save(browser: Browser, sent: Record<string, unknown>) {
  const response = await browser.post('/api/app/notebook/save?lng=en', sent);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' }, { clock });
  member = await createMember(sut, 'Cercatore');
  await joinPremium(member);
  limited = await createArea(sut.database.db, { dailyLimitG: 2000 });
  unlimited = await createArea(sut.database.db);
});
afterAll(() => sut.close());

const rainyDay = { rain_mm: 12.5, temp_mean: 14, temp_min: 9, temp_max: 19, forecast: false };

describe('app/notebook/save and app/notebook/list', () => {
  it('keeps an entry sent twice once, lets the newest version win, and keeps the day’s weather while the day does', async () => {
    const sent = entry({ area_id: unlimited.id, notes: 'first' });
    const first = await save(member, sent);
    expect(first).toMatchObject({
      applied: true,
      deleted: false,
      entry: {
        id: sent.id,
        day: '2026-10-04',
        area_id: unlimited.id,
        find_id: null,
        weight_g: 800,
        weather: null,
      },
    });
    expect((await save(member, sent)).applied).toBe(false);
    await save(member, { ...sent, notes: 'newest', updated_at: phoneAt(20) });
    expect((await save(member, { ...sent, notes: 'older', updated_at: phoneAt(10) })).entry.notes).toBe(
      'newest',
    );

    // The day's weather, once the weather module has written it, stays while the day does.
    await sut.database.db
      .update(notebookEntries)
      .set({ weather: rainyDay })
      .where(eq(notebookEntries.id, sent.id));
    const renamed = await save(member, { ...sent, notes: 'renamed', updated_at: phoneAt(30) });
    expect(renamed.entry.weather).toEqual(rainyDay);
    const moved = await save(member, { ...sent, day: '2026-10-03', updated_at: phoneAt(40) });
    expect(moved.entry.weather).toBeNull();

    const { entries } = (await member.get('/api/app/notebook/list?lng=en&season=2026')).json();
    expect(entries.filter((listed: { id: string }) => listed.id === sent.id)).toHaveLength(1);
    const deleted = await member.post('/api/app/notebook/delete?lng=en', {
      id: sent.id,
      deleted_at: phoneAt(50),
    });
    expect(deleted.json()).toEqual({ id: sent.id, deleted: true });
    const after = (await member.get('/api/app/notebook/list?lng=en&season=2026')).json().entries;
    expect(after.map((listed: { id: string }) => listed.id)).not.toContain(sent.id);
  });

  it('refuses an unknown area, an unknown marker and a weight past any basket', async () => {
    const area = await member.post('/api/app/notebook/save?lng=en', entry({ area_id: 999_999 }));
    expect(area.statusCode).toBe(400);
    expect(Object.keys(area.json().fields)).toEqual(['area_id']);
    const find = await member.post('/api/app/notebook/save?lng=en', entry({ find_id: randomUUID() }));
    expect(Object.keys(find.json().fields)).toEqual(['find_id']);
    const heavy = await member.post('/api/app/notebook/save?lng=en', entry({ weight_g: 50_001 }));
    expect(Object.keys(heavy.json().fields)).toEqual(['weight_g']);
  });

  it("sums the season by species, area and month, and warns of a day past the area's limit", async () => {
    const picker = await createMember(sut, 'Raccoglitore');
    await joinPremium(picker);
    await save(picker, entry({ day: '2026-09-12', area_id: limited.id, weight_g: 1500 }));
    const second = await save(
      picker,
      entry({ day: '2026-09-12', area_id: limited.id, species_code: 'cantharellus-cibarius', weight_g: 700 }),
    );
    // The answer to the save that passed the limit says so at once.
    expect(second.over_limit).toEqual([
      { area_id: limited.id, day: '2026-09-12', total_g: 2200, limit_g: 2000 },
    ]);
    // Exactly at the limit is within it; another day is another day; an area without a limit never warns.
    await save(picker, entry({ day: '2026-09-13', area_id: limited.id, weight_g: 2000 }));
    await save(picker, entry({ day: '2026-10-01', area_id: unlimited.id, weight_g: 4000 }));
    await save(picker, entry({ day: '2026-10-01', weight_g: 300, species_code: 'cantharellus-cibarius' }));
    // Last season is another season.
    await save(picker, entry({ day: '2025-09-12', area_id: limited.id, weight_g: 2500 }));

    const season = (await picker.get('/api/app/notebook/list?lng=en')).json();
    expect(season.season).toBe(2026);
    expect(season.entries.map((listed: { day: string }) => listed.day)).toEqual([
      '2026-10-01',
      '2026-10-01',
      '2026-09-13',
      '2026-09-12',
      '2026-09-12',
    ]);
    expect(season.over_limit).toEqual([
      { area_id: limited.id, day: '2026-09-12', total_g: 2200, limit_g: 2000 },
    ]);
    expect(season.summary).toEqual({
      total_g: 8500,
      count: 5,
      by_species: [
        { species_code: 'boletus-edulis', total_g: 7500, count: 3 },
        { species_code: 'cantharellus-cibarius', total_g: 1000, count: 2 },
      ],
      by_area: [
        { area_id: limited.id, total_g: 4200, count: 3 },
        { area_id: unlimited.id, total_g: 4000, count: 1 },
        { area_id: null, total_g: 300, count: 1 },
      ],
      by_month: [
        { month: '2026-09', total_g: 4200, count: 3 },
        { month: '2026-10', total_g: 4300, count: 1 + 1 },
      ],
    });
    expect(season.areas).toContainEqual(expect.objectContaining({ id: limited.id, daily_limit_g: 2000 }));
    expect(season.areas).toContainEqual(expect.objectContaining({ id: unlimited.id, daily_limit_g: null }));

    const last = (await picker.get('/api/app/notebook/list?lng=en&season=2025')).json();
    expect(last.over_limit).toEqual([
      { area_id: limited.id, day: '2025-09-12', total_g: 2500, limit_g: 2000 },
    ]);
    // Nobody else's notebook shows any of it.
    const { entries, summary } = (await member.get('/api/app/notebook/list?lng=en')).json();
    expect(entries.some((listed: { area_id: number }) => listed.area_id === limited.id)).toBe(false);
    expect(summary.by_area.some((total: { area_id: number }) => total.area_id === limited.id)).toBe(false);
  });

  it("warns with the seeded areas' limits, taken from their rules", async () => {
    const [taro] = await sut.database.db.select().from(areas).where(eq(areas.slug, 'val-taro'));
    expect(taro?.dailyLimitG).toBe(3000);
    const picker = await createMember(sut, 'Taro');
    await joinPremium(picker);
    const answer = await save(picker, entry({ area_id: taro?.id, weight_g: 3200 }));
    expect(answer.over_limit).toEqual([
      { area_id: taro?.id, day: '2026-10-04', total_g: 3200, limit_g: 3000 },
    ]);
  });
});

describe('the day’s weather in the notebook (issue 15)', () => {
  /** An area whose weather is stored to yesterday as measured and today as forecast, not further. */
  let weathered: { id: number };
  beforeAll(async () => {
    weathered = await createArea(sut.database.db);
    await createWeatherDays(sut.database.db, weathered.id, {
      from: '2026-09-20',
      count: 16,
      forecastFrom: '2026-10-05',
      day: (date) => (date === '2026-10-04' ? { rainMm: 12.5, tempMean: 14, tempMin: 9, tempMax: 19 } : {}),
    });
  });

  it('attaches the rain and temperature of a day whose weather is stored when the entry is saved', async () => {
    const saved = await save(member, entry({ area_id: weathered.id }));
    expect(saved.entry.weather).toEqual(rainyDay);
    // An entry without an area has no place to take the weather of.
    expect((await save(member, entry())).entry.weather).toBeNull();
  });

  it('gives entries saved before their day’s weather arrived the weather with the refresh, and the measured day for a forecast', async () => {
    const early = entry({ area_id: weathered.id, day: '2026-10-06' });
    const today = entry({ area_id: weathered.id, day: '2026-10-05' });
    expect((await save(member, early)).entry.weather).toBeNull();
    expect((await save(member, today)).entry.weather).toMatchObject({ rain_mm: 0, forecast: true });

    await sut.database.db
      .update(areaWeatherDays)
      .set({ rainMm: 3, forecast: false })
      .where(and(eq(areaWeatherDays.areaId, weathered.id), eq(areaWeatherDays.day, '2026-10-05')));
    await createWeatherDays(sut.database.db, weathered.id, { from: '2026-10-06', count: 1 });
    const filled = await fillNotebookWeather({ db: sut.database.db, clock });
    expect(filled.entries).toBe(2);

    const { entries } = (await member.get('/api/app/notebook/list?lng=en&season=2026')).json();
    const byId = new Map(entries.map((listed: { id: string }) => [listed.id, listed]));
    expect(byId.get(early.id)).toMatchObject({ weather: { rain_mm: 0, temp_mean: 15, forecast: false } });
    expect(byId.get(today.id)).toMatchObject({
      weather: { rain_mm: 3, forecast: false },
      updated_at: today.updated_at,
    });
    // Nothing is left waiting: a second run finds nothing to do.
    expect(await fillNotebookWeather({ db: sut.database.db, clock })).toEqual({ days: 0, entries: 0 });
  });
});

describe('app/notebook/export', () => {
  it('writes a CSV that Excel opens in Italian: BOM, semicolons, CRLF, the member’s language', async () => {
    const writer = await createMember(sut, 'Scrittore');
    await joinPremium(writer);
    await save(
      writer,
      entry({ day: '2026-09-12', area_id: limited.id, weight_g: 1500, notes: 'Bosco; "alto"' }),
    );
    await save(
      writer,
      entry({ day: '2026-09-12', area_id: limited.id, weight_g: 900, notes: '=HYPERLINK("x")' }),
    );
    await save(writer, entry({ day: '2026-08-01', species_code: 'lactarius-deliciosus', weight_g: 250 }));

    const response = await writer.get('/api/app/notebook/export?lng=it&season=2026');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="taccuino-funghi-2026.csv"');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    const areaName = `Area ${(await sut.database.db.select().from(areas).where(eq(areas.id, limited.id)))[0]?.slug}`;
    expect(lines).toEqual([
      'Giorno;Specie;Nome latino;Peso (g);Area;Oltre il limite giornaliero;Note',
      '2026-08-01;Sanguinello;Lactarius deliciosus;250;;;',
      `2026-09-12;Porcino;Boletus edulis;1500;${areaName};sì;"Bosco; ""alto"""`,
      `2026-09-12;Porcino;Boletus edulis;900;${areaName};sì;"'=HYPERLINK(""x"")"`,
      '',
    ]);
  });
});

describe('the notebook arithmetic', () => {
  it('sums nothing to zeros and warns of nothing without limits', () => {
    expect(summariseSeason([])).toEqual({ total_g: 0, count: 0, by_species: [], by_area: [], by_month: [] });
    expect(
      findDaysOverLimit(
        [{ day: '2026-09-01', areaId: 1, speciesCode: 'boletus-edulis', weightG: 9000 }],
        new Map(),
      ),
    ).toEqual([]);
  });

  it('quotes and defuses CSV fields', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('+39 333')).toBe("'+39 333");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe('-5');
    // Full-width signs run as formulas too in some spreadsheets.
    expect(csvField('＝1+1')).toBe("'＝1+1");
    expect(csvField('cr\rin')).toBe('"cr\rin"');
    expect(writeCsv(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa;b\r\n1;x\r\n');
  });
});
