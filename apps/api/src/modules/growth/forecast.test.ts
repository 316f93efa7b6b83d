import { addCalendarDays, type Season } from '@sentiero/contract/durations';
import type { GrowthLevel } from '@sentiero/contract/growth';
import { activityTypes, growthObservations } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createGrowthReports } from '../../test/catalogue-factories.ts';
import { createArea, createTicket, createWeatherDays } from '../../test/factories.ts';
import { createStaff } from '../../test/staff-factories.ts';
import { findGrowthBoosts } from './boosts.ts';
import { findAreaForecasts, mushroomSeasonOf } from './forecast.ts';

/*
 * The growth forecast read from the database (ADR 018): the areas' stored weather, their permits'
 * season and the levels reported, for a fixed day in the porcini season.
 */

/** 10:00 in Rome on 11 October 2026. */
const clock = { now: () => new Date('2026-10-11T08:00:00Z') };
const TODAY = '2026-10-11';
/** The weather storage's window as the refresh leaves it, and a week more behind. */
const FIRST_DAY = addCalendarDays(TODAY, -32);
const DAYS = 39;

let sut: TestApp;
let mushroomsId: number;

beforeAll(async () => {
  sut = await createTestApp({}, { clock });
  const [mushrooms] = await sut.database.db
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .where(eq(activityTypes.slug, 'mushroom-foraging'));
  mushroomsId = mushrooms?.id as number;
});
afterAll(() => sut.close());

/** A foraging area selling permits of these seasons, with 40 mm of rain 12 days before today. */
async function createRainedArea(seasons: (Season | null)[] = [{ start: '06-01', end: '11-30' }]) {
  const area = await createArea(sut.database.db);
  for (const season of seasons) {
    await createTicket(sut.database.db, { areaId: area.id, activityTypeId: mushroomsId, season });
  }
  const rainDay = addCalendarDays(TODAY, -12);
  await createWeatherDays(sut.database.db, area.id, {
    from: FIRST_DAY,
    count: DAYS,
    forecastFrom: TODAY,
    day: (date) => (date === rainDay ? { rainMm: 40 } : {}),
  });
  return area.id;
}

async function report(areaId: number, daysAgo: number, level: GrowthLevel) {
  await createGrowthReports(sut.database.db, areaId, [{ date: addCalendarDays(TODAY, -daysAgo), level }]);
}

describe('findAreaForecasts', () => {
  it('gives a week of history and a week of forecast, "good" twelve days after 40 mm of mild rain', async () => {
    const areaId = await createRainedArea();
    const days = (await findAreaForecasts(sut.database.db, { areaIds: [areaId], clock })).get(areaId);
    expect(days?.map((day) => day.date)).toEqual(
      Array.from({ length: 14 }, (_, offset) => addCalendarDays(TODAY, offset - 7)),
    );
    expect(days?.map((day) => day.forecast)).toEqual([...Array(7).fill(false), ...Array(7).fill(true)]);
    const today = days?.[7];
    // 40 of the 60 mm that fill the rain factor, in 15 °C: 0.667, "good".
    expect(today).toMatchObject({ level: 'good', score: 0.667 });
    expect(today?.reasons).toEqual([
      { kind: 'rain', mm: 40, daysAgo: 12 },
      { kind: 'temperature', meanC: 15, band: 'mild' },
    ]);
    // A week before, the rain was still to come.
    expect(days?.[0]).toMatchObject({ level: 'poor', score: 0 });
    expect(days?.[0]?.reasons).toContainEqual({ kind: 'recent_rain', mm: 40, daysAgo: 5 });
  });

  it('takes the season from the area’s mushroom permits: out of season, nothing grows', async () => {
    const winter = await createRainedArea([{ start: '12-01', end: '02-28' }]);
    const days = (await findAreaForecasts(sut.database.db, { areaIds: [winter], clock })).get(winter);
    expect(days?.every((day) => day.level === 'poor' && day.score === 0)).toBe(true);
    expect(days?.[7]?.reasons).toEqual([{ kind: 'out_of_season' }]);
  });

  it('moves the forecast, not the history, one level towards what members reported lately', async () => {
    const reported = await createRainedArea();
    await report(reported, 0, 'abundant');
    await report(reported, 1, 'abundant');
    const days = (await findAreaForecasts(sut.database.db, { areaIds: [reported], clock })).get(reported);
    expect(days?.[7]).toMatchObject({ level: 'abundant', forecast: true });
    expect(days?.[7]?.reasons).toContainEqual({ kind: 'calibrated', offset: 1, reports: 2 });
    expect(days?.[6]).toMatchObject({ level: 'good', forecast: false });
  });

  it('forecasts from a given day, and leaves out the areas it has no weather for', async () => {
    const rained = await createRainedArea();
    const unrefreshed = (await createArea(sut.database.db)).id;
    await createTicket(sut.database.db, { areaId: unrefreshed, activityTypeId: mushroomsId });
    const forecasts = await findAreaForecasts(sut.database.db, {
      areaIds: [rained, unrefreshed],
      today: addCalendarDays(TODAY, 3),
      clock,
    });
    expect([...forecasts.keys()]).toEqual([rained]);
    expect(forecasts.get(rained)?.[7]?.date).toBe(addCalendarDays(TODAY, 3));
    expect(await findAreaForecasts(sut.database.db, { areaIds: [], clock })).toEqual(new Map());
  });

  it('covers by default the areas selling mushroom foraging or reporting growth, not the others', async () => {
    const foraging = await createRainedArea();
    const rafting = (await createArea(sut.database.db)).id;
    await createWeatherDays(sut.database.db, rafting, { from: FIRST_DAY, count: DAYS });
    const reporting = (await createArea(sut.database.db)).id;
    await createWeatherDays(sut.database.db, reporting, { from: FIRST_DAY, count: DAYS });
    await report(reporting, 2, 'scarce');
    const forecasts = await findAreaForecasts(sut.database.db, { clock });
    expect(forecasts.has(foraging)).toBe(true);
    expect(forecasts.has(reporting)).toBe(true);
    expect(forecasts.has(rafting)).toBe(false);
  });
});

describe('findGrowthBoosts', () => {
  it('lifts an area by the mean score of its forecast week', async () => {
    const areaId = await createRainedArea();
    const boosts = await findGrowthBoosts(sut.database.db, clock);
    const week = (await findAreaForecasts(sut.database.db, { areaIds: [areaId], clock }))
      .get(areaId)
      ?.filter((day) => day.forecast);
    // Good while the rain of twelve days ago lasts, then falling off.
    expect(week?.map((day) => day.score)).toEqual([0.667, 0.667, 0.667, 0.6, 0.4, 0.233, 0.1]);
    expect(boosts.get(areaId)).toBeCloseTo((3 * 0.667 + 0.6 + 0.4 + 0.233 + 0.1) / 7, 3);
  });
});

describe('mushroomSeasonOf', () => {
  const summer = { start: '06-01', end: '11-30' };
  it('spans the seasons of an area’s permits', () => {
    expect(mushroomSeasonOf([summer, summer])).toEqual(summer);
    expect(mushroomSeasonOf([summer, { start: '05-15', end: '09-15' }])).toEqual({
      start: '05-15',
      end: '11-30',
    });
    expect(mushroomSeasonOf([{ start: '11-01', end: '02-28' }])).toEqual({ start: '11-01', end: '02-28' });
  });

  it('is all year when a permit has no season, none is sold, or different seasons cross the new year', () => {
    expect(mushroomSeasonOf([summer, null])).toBeNull();
    expect(mushroomSeasonOf(null)).toBeNull();
    expect(mushroomSeasonOf([summer, { start: '11-01', end: '02-28' }])).toBeNull();
  });
});

describe("the staff's official observations (ADR 040)", () => {
  it('anchor the forecast: today is what the ranger saw, fading over the week', async () => {
    const areaId = await createRainedArea();
    const ranger = await createStaff(sut.database.db, { role: 'admin' });
    await sut.database.db
      .insert(growthObservations)
      .values({ areaId, observedOn: TODAY, level: 0, staffId: ranger.id, role: 'ranger' });
    const days = (await findAreaForecasts(sut.database.db, { areaIds: [areaId], clock })).get(areaId);
    const ahead = days?.filter((day) => day.forecast) ?? [];
    // The model alone: good, good, good, good, scarce, insufficient, poor (the rain ages). The
    // ranger found nothing today, 3 levels under it; day k moves round(-3 × (7 − k) / 7) levels:
    // -3, -3, -2, -2, -1, -1, 0.
    expect(ahead.map((day) => day.level)).toEqual([
      'poor',
      'poor',
      'insufficient',
      'insufficient',
      'insufficient',
      'poor',
      'poor',
    ]);
    expect(ahead[0]?.reasons.at(-1)).toEqual({ kind: 'observed', date: TODAY, level: 'poor' });
  });
});
