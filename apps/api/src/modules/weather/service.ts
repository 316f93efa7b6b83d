import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import type { EndpointOutput } from '@sentiero/contract/endpoint';
import type { GrowthWeatherDay } from '@sentiero/contract/rules/growth-forecast';
import {
  type DayWeatherSnapshot,
  findWeatherWarnings,
  WEATHER_FORECAST_DAYS,
  WEATHER_PAST_DAYS,
  WEATHER_STALE_HOURS,
  type WeatherWarning,
  type weatherInfo,
} from '@sentiero/contract/weather';
import type { Db } from '@sentiero/db/client';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { WeatherSourceName } from '../../platform/weather/source.ts';
import {
  findAreaTimeZone,
  findAreaWeatherDays,
  findGrowthWeatherDays,
  findLatestAreaFetch,
  findWarningWeatherDays,
  findWeatherOfDays,
} from './repo.ts';

/** What a call without dates gets: the last three weeks and the week ahead. */
const DEFAULT_SPAN_DAYS = WEATHER_PAST_DAYS + WEATHER_FORECAST_DAYS - 1;

/**
 * The days before today each refresh brings: more than the pages show, because the growth model
 * reads a month of rain before each day (ADR 018). An area added today has its whole forecast at
 * the first refresh, not a month later. Open-Meteo gives up to 92.
 */
export const WEATHER_HISTORY_DAYS = 35;

export type AreaWeatherQuery = { areaId: number; from: string | undefined; to: string | undefined };

/**
 * An area's stored weather over a period of its calendar (by default the last refresh's three
 * weeks and a week), with when it was fetched: never asks the provider, whose answers the
 * `weather-refresh` job keeps in the database.
 */
export async function getAreaWeather(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  { areaId, from, to }: AreaWeatherQuery,
  configuredSource: WeatherSourceName,
): Promise<EndpointOutput<typeof weatherInfo>> {
  const timeZone = await findAreaTimeZone(ctx.db, areaId);
  if (!timeZone) throw notFound();
  const now = ctx.clock.now();
  const today = calendarDateIn(timeZone, now);
  const first =
    from ?? (to ? addCalendarDays(to, -DEFAULT_SPAN_DAYS) : addCalendarDays(today, -WEATHER_PAST_DAYS));
  const last = to ?? addCalendarDays(first, DEFAULT_SPAN_DAYS);
  const [rows, latest] = await Promise.all([
    findAreaWeatherDays(ctx.db, areaId, first, last),
    findLatestAreaFetch(ctx.db, areaId),
  ]);
  const ageMs = latest ? now.getTime() - latest.fetchedAt.getTime() : Number.POSITIVE_INFINITY;
  return {
    area_id: areaId,
    days: rows.map((row) => ({
      date: row.day,
      rain_mm: row.rainMm,
      temp_mean: row.tempMean,
      temp_min: row.tempMin,
      temp_max: row.tempMax,
      weather_code: row.weatherCode,
      gust_kmh: row.gustKmh,
      forecast: row.forecast,
    })),
    fetched_at: latest ? latest.fetchedAt.toISOString() : null,
    stale: ageMs > WEATHER_STALE_HOURS * 3_600_000,
    source: latest?.source ?? configuredSource,
  };
}

/**
 * The stored weather the growth forecast reads, per area, oldest day first, in one query for any
 * number of areas. A day missing rain or temperatures is left out: the rule counts a day it does
 * not know as dry and says so, rather than reading a gap as 0 mm or 0 °C.
 */
export async function listGrowthWeather(
  db: Db,
  areaIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, GrowthWeatherDay[]>> {
  const byArea = new Map<number, GrowthWeatherDay[]>();
  if (areaIds.length === 0) return byArea;
  for (const row of await findGrowthWeatherDays(db, areaIds, from, to)) {
    if (row.rainMm === null || row.tempMean === null || row.tempMin === null) continue;
    const day = { date: row.date, rainMm: row.rainMm, tempMean: row.tempMean, tempMin: row.tempMin };
    const days = byArea.get(row.areaId);
    if (days) days.push(day);
    else byArea.set(row.areaId, [day]);
  }
  return byArea;
}

export type AreaDay = { areaId: number; day: string };
export const areaDayKey = ({ areaId, day }: AreaDay) => `${areaId}|${day}`;

/**
 * The stored weather of each area's day, as a notebook entry keeps it, keyed by `areaDayKey`;
 * days with no stored weather are left out.
 */
export async function findDayWeatherSnapshots(
  db: Db,
  days: readonly AreaDay[],
): Promise<Map<string, DayWeatherSnapshot>> {
  const snapshots = new Map<string, DayWeatherSnapshot>();
  if (days.length === 0) return snapshots;
  const wanted = new Set(days.map(areaDayKey));
  const rows = await findWeatherOfDays(
    db,
    [...new Set(days.map((day) => day.areaId))],
    [...new Set(days.map((day) => day.day))],
  );
  for (const row of rows) {
    const key = areaDayKey(row);
    if (!wanted.has(key)) continue;
    snapshots.set(key, {
      rain_mm: row.rainMm,
      temp_mean: row.tempMean,
      temp_min: row.tempMin,
      temp_max: row.tempMax,
      forecast: row.forecast,
    });
  }
  return snapshots;
}

/**
 * The warnings (storm, heavy rain, frost: `findWeatherWarnings`, the event page's rule) of each
 * area's stored days between two dates, by area and day; days that warn of nothing are left out.
 */
export async function listWeatherWarnings(
  db: Db,
  areaIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, Map<string, WeatherWarning[]>>> {
  const byArea = new Map<number, Map<string, WeatherWarning[]>>();
  if (areaIds.length === 0) return byArea;
  for (const row of await findWarningWeatherDays(db, areaIds, from, to)) {
    const warnings = findWeatherWarnings({
      weather_code: row.weatherCode,
      rain_mm: row.rainMm,
      temp_min: row.tempMin,
      gust_kmh: row.gustKmh,
    });
    if (warnings.length === 0) continue;
    const days = byArea.get(row.areaId) ?? new Map<string, WeatherWarning[]>();
    days.set(row.date, warnings);
    byArea.set(row.areaId, days);
  }
  return byArea;
}
