import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import {
  FULL_GROWTH_DAYS,
  GROWTH_DAYS,
  GROWTH_LEVELS,
  MEMBER_GROWTH_UNLOCKS,
} from '@sentiero/contract/growth';
import { activityTypes } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createActivityType, createGrowthReports, createRegion } from '../../test/catalogue-factories.ts';
import {
  createArea,
  createMember,
  createTicket,
  createWeatherDays,
  joinPremium,
} from '../../test/factories.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

type Row = { slug: string; country: string; region: { id: number }; days: { date: string; level: string }[] };

async function get(url: string) {
  const response = await sut.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

/** The days a foraging area made here was reported on: the last FULL_GROWTH_DAYS, today's last. */
const REPORTED = Array.from({ length: FULL_GROWTH_DAYS }, (_, offset) =>
  addCalendarDays(calendarDateIn('Europe/Rome', new Date()), offset - FULL_GROWTH_DAYS + 1),
);

/** An area that sells mushroom foraging, reported "good" every day of REPORTED but today, "abundant". */
async function createForagingArea(regionId?: number) {
  const db = sut.database.db;
  const [mushrooms] = await db
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .where(eq(activityTypes.slug, 'mushroom-foraging'));
  const area = await createArea(db, regionId === undefined ? {} : { regionId });
  await createTicket(db, { areaId: area.id, activityTypeId: mushrooms?.id });
  await createGrowthReports(
    db,
    area.id,
    REPORTED.map((date, index) => ({ date, level: index === REPORTED.length - 1 ? 'abundant' : 'good' })),
  );
  return area;
}

describe('app/area/list/level', () => {
  it('gives the latest growth levels of every foraging area, newest day first', async () => {
    const foraging = await createForagingArea();
    // An area that sells no foraging and reports no growth is not in the table.
    const walking = await createArea(sut.database.db);
    const trekking = await createActivityType(sut.database.db);
    await createTicket(sut.database.db, { areaId: walking.id, activityTypeId: trekking.id });
    const { status, body } = await get('/api/app/area/list/level?lng=it');
    expect(status).toBe(200);
    expect(body.level_list).toEqual([...GROWTH_LEVELS]);
    expect(body.full_table).toBe(false);
    expect(body.access).toBe('visitor');
    const slugs = body.area_list.map((row: Row) => row.slug);
    expect(slugs).not.toContain(walking.slug);
    // A visitor sees the newest day only.
    expect(body.area_list.find((row: Row) => row.slug === foraging.slug)?.days).toEqual([
      { date: REPORTED.at(-1), level: 'abundant' },
    ]);
    for (const row of body.area_list as Row[]) {
      expect(row.days).toHaveLength(GROWTH_DAYS.visitor);
      const dates = row.days.map((day) => day.date);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const day of row.days) expect(GROWTH_LEVELS).toContain(day.level);
    }
  });

  it('filters by country and by region', async () => {
    const region = await createRegion(sut.database.db, { countryCode: 'SI' });
    const slovenian = await createForagingArea(region.id);
    const slovenia = await get('/api/app/area/list/level?country=si&lng=sl');
    expect(slovenia.body.area_list.map((row: Row) => row.slug)).toContain(slovenian.slug);
    expect(slovenia.body.area_list.every((row: Row) => row.country === 'SI')).toBe(true);
    const italy = await get('/api/app/area/list/level?country=it&lng=sl');
    expect(italy.body.area_list.map((row: Row) => row.slug)).not.toContain(slovenian.slug);
    const inRegion = await get(`/api/app/area/list/level?id_region=${region.id}&lng=sl`);
    expect(inRegion.body.area_list.map((row: Row) => row.slug)).toEqual([slovenian.slug]);
  });

  it('refuses an unknown country with a clear message', async () => {
    const { status, body } = await get('/api/app/area/list/level?country=FR&lng=en');
    expect(status).toBe(400);
    expect(body.fields).toEqual({ country: 'This value is not valid' });
  });
});

type Browser = Awaited<ReturnType<typeof createMember>>;
const table = async (browser: Browser) => (await browser.get('/api/app/area/list/level?lng=en')).json();

describe('the growth table by who asks (SPEC section 6, issue 14)', () => {
  it('shows a member the last days, the areas they unlock in full, and no more than their allowance', async () => {
    const member = await createMember(sut, 'Funghi');
    const before = await table(member);
    expect(before.access).toBe('member');
    for (const row of before.area_list as Row[]) expect(row.days).toHaveLength(GROWTH_DAYS.member);
    const ids = (before.area_list as { id: number }[]).map((row) => row.id);

    const check = await member.get(`/api/app/area/level/unlock/check?id_area=${ids[0]}`);
    expect(check.json()).toEqual({
      access: 'member',
      days: GROWTH_DAYS.member,
      unlocked: false,
      can_unlock: true,
      unlocks_left: MEMBER_GROWTH_UNLOCKS,
    });
    // Sent all at once, one more than the allowance: exactly the allowance goes through.
    const tries = await Promise.all(
      ids
        .slice(0, MEMBER_GROWTH_UNLOCKS + 1)
        .map((id) => member.post('/api/app/area/level/unlock/area?lng=en', { id_area: id })),
    );
    expect(tries.filter((answer) => answer.statusCode === 200)).toHaveLength(MEMBER_GROWTH_UNLOCKS);
    const opened = tries.flatMap((answer, index) => (answer.statusCode === 200 ? [ids[index]] : []));
    for (const answer of tries.filter((candidate) => candidate.statusCode === 200)) {
      expect(answer.json()).toMatchObject({ unlocked: true, days: FULL_GROWTH_DAYS });
    }
    const beyond = await member.post('/api/app/area/level/unlock/area?lng=en', {
      id_area: ids.find((id) => !opened.includes(id)),
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toBe('It seems an error occurred, please try again later');

    const after = await table(member);
    for (const row of after.area_list as (Row & { id: number; unlocked: boolean })[]) {
      const open = opened.includes(row.id);
      expect(row.unlocked).toBe(open);
      expect(row.days).toHaveLength(open ? FULL_GROWTH_DAYS : GROWTH_DAYS.member);
    }
  });

  it('asks a visitor to log in to unlock, and answers an unknown area with 404', async () => {
    const visitor = createBrowser(sut);
    const { id } = await createForagingArea();
    expect((await visitor.post('/api/app/area/level/unlock/area?lng=en', { id_area: id })).statusCode).toBe(
      401,
    );
    expect((await visitor.get(`/api/app/area/level/unlock/check?id_area=${id}`)).json()).toMatchObject({
      access: 'visitor',
      days: GROWTH_DAYS.visitor,
      can_unlock: false,
    });
    const member = await createMember(sut, 'Nessuno');
    expect((await member.get('/api/app/area/level/unlock/check?id_area=999999')).statusCode).toBe(404);
    expect((await member.get('/api/app/area/level/unlock/check?id_area=abc')).statusCode).toBe(400);
  });

  it('shows a Sentiero+ member every reported day of every area', async () => {
    const member = await createMember(sut, 'Socio');
    await joinPremium(member);
    const full = await table(member);
    expect(full).toMatchObject({ access: 'premium', full_table: true });
    for (const row of full.area_list as Row[]) expect(row.days).toHaveLength(FULL_GROWTH_DAYS);
  });
});

type ForecastDay = { date: string; forecast: boolean; level: string; score?: number; reasons?: unknown[] };
type ForecastRow = Row & { id: number; forecast: ForecastDay[] };

describe('the growth forecast in the table (issue 15, ADR 018)', () => {
  /** A new foraging area, not reported yet, 40 mm of rain 12 days ago in mild weather. */
  let areaId: number;
  let today: string;
  beforeAll(async () => {
    const db = sut.database.db;
    const [mushrooms] = await db
      .select({ id: activityTypes.id })
      .from(activityTypes)
      .where(eq(activityTypes.slug, 'mushroom-foraging'));
    areaId = (await createArea(db)).id;
    await createTicket(db, { areaId, activityTypeId: mushrooms?.id, season: null });
    today = calendarDateIn('Europe/Rome', new Date());
    const rainDay = addCalendarDays(today, -12);
    await createWeatherDays(db, areaId, {
      from: addCalendarDays(today, -32),
      count: 39,
      forecastFrom: today,
      day: (date) => (date === rainDay ? { rainMm: 40 } : {}),
    });
  });
  const rowOf = (body: { area_list: ForecastRow[] }) => body.area_list.find((row) => row.id === areaId);

  it('shows visitors and members today’s forecast level only, even of an area nobody reported yet', async () => {
    for (const browser of [createBrowser(sut) as Browser, await createMember(sut, 'Lettore')]) {
      const row = rowOf(await table(browser));
      expect(row?.days).toEqual([]);
      expect(row?.forecast).toEqual([{ date: today, forecast: true, level: 'good' }]);
    }
  });

  it('shows Sentiero+ a week of history and a week of forecast with the reasons', async () => {
    const member = await createMember(sut, 'Previsore');
    await joinPremium(member);
    const row = rowOf(await table(member));
    expect(row?.forecast).toHaveLength(14);
    expect(row?.forecast.filter((day) => day.forecast)).toHaveLength(7);
    expect(row?.forecast[7]).toMatchObject({
      date: today,
      level: 'good',
      score: 0.667,
      reasons: [
        { kind: 'rain', mm: 40, daysAgo: 12 },
        { kind: 'temperature', meanC: 15, band: 'mild' },
      ],
    });
  });

  it('takes one report a day from each member, and shows the day’s level as their mean', async () => {
    const first = await createMember(sut, 'Trovatore');
    const second = await createMember(sut, 'Cercatrice');
    const report = (browser: Browser, level: string) =>
      browser.post('/api/app/area/level/report?lng=en', { id_area: areaId, level });

    expect((await report(first, 'scarce')).json()).toEqual({
      id_area: areaId,
      date: today,
      level: 'scarce',
      area_level: 'scarce',
      reports: 1,
    });
    // A second report the same day replaces the first.
    expect((await report(first, 'abundant')).json()).toMatchObject({ area_level: 'abundant', reports: 1 });
    // good (3) and abundant (4): 3.5 rounds up.
    expect((await report(second, 'good')).json()).toMatchObject({ area_level: 'abundant', reports: 2 });
    expect(rowOf(await table(createBrowser(sut) as Browser))?.days).toEqual([
      { date: today, level: 'abundant' },
    ]);
  });

  it('asks a visitor to log in to report, and refuses an unknown level or an area that is not a growth area', async () => {
    const visitor = createBrowser(sut);
    expect(
      (await visitor.post('/api/app/area/level/report?lng=en', { id_area: areaId, level: 'good' }))
        .statusCode,
    ).toBe(401);
    const member = await createMember(sut, 'Curioso');
    const wrongLevel = await member.post('/api/app/area/level/report?lng=en', {
      id_area: areaId,
      level: 'great',
    });
    expect(wrongLevel.statusCode).toBe(400);
    expect(Object.keys(wrongLevel.json().fields)).toEqual(['level']);
    const rafting = (await createArea(sut.database.db)).id;
    for (const id of [rafting, 999_999]) {
      const answer = await member.post('/api/app/area/level/report?lng=en', { id_area: id, level: 'good' });
      expect(answer.statusCode).toBe(404);
    }
  });
});
