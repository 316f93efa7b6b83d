import { describe, expect, it } from 'vitest';
import { climatologyDay, climatologySource } from './climatology.ts';
import type { WeatherLocation } from './source.ts';

const VAL_TARO = { latitude: 44.52, longitude: 9.76 };
const ETNA = { latitude: 37.75, longitude: 15.0 };
const request = { locations: [VAL_TARO, ETNA], timeZone: 'Europe/Rome', pastDays: 21, forecastDays: 7 };
const fixedAt = (instant: string) => ({ now: () => new Date(instant) });

const days = (location: WeatherLocation, from: string, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10);
    return climatologyDay(location, date);
  });

describe('the climatology source', () => {
  it('gives the same weather for the same place and day, whenever it is asked', async () => {
    const first = await climatologySource(fixedAt('2026-10-11T08:00:00Z')).fetchDaily(request);
    const again = await climatologySource(fixedAt('2026-10-11T08:00:00Z')).fetchDaily(request);
    const dayLater = await climatologySource(fixedAt('2026-10-12T08:00:00Z')).fetchDaily(request);
    expect(again).toEqual(first);
    if (!first.ok || !dayLater.ok) throw new Error('the climatology source never fails');
    // A day later the window moves by one day, and the days both cover are the same.
    expect(dayLater.days[0]?.slice(0, -1)).toEqual(first.days[0]?.slice(1));
  });

  it('covers three weeks back and a week ahead in the calendar of the time zone asked', async () => {
    // 23:30 UTC on 10 October is already the 11th in Rome.
    const result = await climatologySource(fixedAt('2026-10-10T23:30:00Z')).fetchDaily(request);
    if (!result.ok) throw new Error('the climatology source never fails');
    const taro = result.days[0] ?? [];
    expect(taro).toHaveLength(28);
    expect(taro[0]?.date).toBe('2026-09-20');
    expect(taro[21]?.date).toBe('2026-10-11');
    expect(taro[27]?.date).toBe('2026-10-17');
  });

  it('makes plausible seasons: warmer in the south and in summer, frost in an Alpine winter, rain in autumn', () => {
    const mean = (values: (number | null)[]) =>
      values.reduce<number>((sum, value) => sum + (value ?? 0), 0) / values.length;
    const julyTaro = days(VAL_TARO, '2026-07-01', 31);
    const julyEtna = days(ETNA, '2026-07-01', 31);
    const januaryTaro = days(VAL_TARO, '2026-01-01', 31);
    const octoberTaro = days(VAL_TARO, '2026-10-01', 31);
    expect(mean(julyTaro.map((day) => day.tempMean))).toBeGreaterThan(17);
    expect(mean(julyTaro.map((day) => day.tempMean))).toBeLessThan(27);
    expect(mean(julyEtna.map((day) => day.tempMean))).toBeGreaterThan(
      mean(julyTaro.map((day) => day.tempMean)),
    );
    expect(mean(januaryTaro.map((day) => day.tempMean))).toBeLessThan(8);
    const mountain = days({ ...VAL_TARO, elevationM: 1800 }, '2026-01-01', 31);
    expect(mountain.some((day) => (day.tempMin ?? 1) <= 0)).toBe(true);
    const octoberRain = octoberTaro.reduce((sum, day) => sum + (day.rainMm ?? 0), 0);
    expect(octoberRain).toBeGreaterThan(20);
    expect(octoberRain).toBeLessThan(400);
    for (const day of [...julyTaro, ...januaryTaro, ...octoberTaro]) {
      expect(day.tempMin ?? 0).toBeLessThanOrEqual(day.tempMean ?? 0);
      expect(day.tempMean ?? 0).toBeLessThanOrEqual(day.tempMax ?? 0);
      expect(day.rainMm ?? 0).toBeGreaterThanOrEqual(0);
      if ((day.rainMm ?? 0) === 0) expect(day.weatherCode).toBeLessThan(4);
    }
  });
});
