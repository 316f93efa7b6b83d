import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import type { EndpointOutput } from '@sentiero/contract/endpoint';
import {
  WEATHER_FORECAST_DAYS,
  WEATHER_PAST_DAYS,
  WEATHER_STALE_HOURS,
  type weatherInfo,
} from '@sentiero/contract/weather';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { WeatherSourceName } from '../../platform/weather/source.ts';
import { findAreaTimeZone, findAreaWeatherDays, findLatestAreaFetch } from './repo.ts';

/** The period one refresh covers, and what a call without dates gets. */
const DEFAULT_SPAN_DAYS = WEATHER_PAST_DAYS + WEATHER_FORECAST_DAYS - 1;

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
