import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import { WEATHER_FORECAST_DAYS, WEATHER_MAX_SPAN_DAYS } from '@sentiero/contract/weather';
import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import type { WeatherFetchError, WeatherSource } from '../../platform/weather/source.ts';
import {
  deleteWeatherDaysBefore,
  findAreasForWeather,
  findLatestFetch,
  upsertWeatherDays,
  type WeatherDayRow,
} from './repo.ts';
import { WEATHER_HISTORY_DAYS } from './service.ts';

export const WEATHER_REFRESH_QUEUE = 'weather-refresh';

/**
 * Every 3 hours (UTC), at 17 past: forecasts change a few times a day, and Open-Meteo's models
 * update hourly at best; off the full hour, away from everyone else's cron jobs.
 */
const WEATHER_REFRESH_CRON = '17 */3 * * *';

/** After this many failed requests in a row the provider is down: the rest of the run is skipped. */
const FAILURES_BEFORE_GIVING_UP = 3;

export type WeatherRefreshDeps = {
  db: Db;
  source: WeatherSource;
  clock: Clock;
  log: FastifyBaseLogger;
  /**
   * What else reads the new days, run after a refresh that wrote some (the notebook attaches the
   * day's weather to entries saved before it arrived). Given by the app, which composes modules:
   * the weather module knows nothing of its readers.
   */
  afterRefresh?: () => Promise<unknown>;
};

export type WeatherRefreshSummary = {
  source: WeatherSource['name'];
  areas: number;
  requests: number;
  failed: number;
  /** Areas whose days were written; the others keep what they had. */
  refreshed: number;
  purged: number;
};

/**
 * Brings every available area's weather up to date: the areas go to the source in batches, one
 * time zone per request (the days are that zone's calendar days), and each batch's days replace
 * those stored. A failed batch leaves its areas' last data in place (the API reports its age);
 * a run where every request failed throws, so the queue shows it and tries again.
 */
export async function refreshAreaWeather({
  db,
  source,
  clock,
  log,
  afterRefresh,
}: WeatherRefreshDeps): Promise<WeatherRefreshSummary> {
  const areas = await findAreasForWeather(db);
  const byTimeZone = new Map<string, typeof areas>();
  for (const area of areas) {
    const zone = byTimeZone.get(area.timeZone);
    if (zone) zone.push(area);
    else byTimeZone.set(area.timeZone, [area]);
  }
  const summary: WeatherRefreshSummary = {
    source: source.name,
    areas: areas.length,
    requests: 0,
    failed: 0,
    refreshed: 0,
    purged: 0,
  };
  let failuresInARow = 0;
  const failures: { error: WeatherFetchError; timeZone: string; areas: number }[] = [];
  runs: for (const [timeZone, zoneAreas] of byTimeZone) {
    for (let start = 0; start < zoneAreas.length; start += source.batchSize) {
      if (failuresInARow >= FAILURES_BEFORE_GIVING_UP) break runs;
      const batch = zoneAreas.slice(start, start + source.batchSize);
      summary.requests++;
      const result = await source.fetchDaily({
        locations: batch,
        timeZone,
        pastDays: WEATHER_HISTORY_DAYS,
        forecastDays: WEATHER_FORECAST_DAYS,
      });
      if (!result.ok) {
        summary.failed++;
        failuresInARow++;
        failures.push({ error: result.error, timeZone, areas: batch.length });
        continue;
      }
      failuresInARow = 0;
      const fetchedAt = clock.now();
      const today = calendarDateIn(timeZone, fetchedAt);
      const rows: WeatherDayRow[] = batch.flatMap((area, index) =>
        (result.days[index] ?? []).map((day) => ({
          areaId: area.id,
          day: day.date,
          rainMm: day.rainMm,
          tempMean: day.tempMean,
          tempMin: day.tempMin,
          tempMax: day.tempMax,
          weatherCode: day.weatherCode === null ? null : Math.round(day.weatherCode),
          gustKmh: day.gustKmh,
          // Today is not over: its figures are still partly forecast.
          forecast: day.date >= today,
          source: source.name,
          fetchedAt,
        })),
      );
      await upsertWeatherDays(db, rows);
      summary.refreshed += batch.length;
    }
  }
  summary.purged = await deleteWeatherDaysBefore(
    db,
    addCalendarDays(calendarDateIn('UTC', clock.now()), -WEATHER_MAX_SPAN_DAYS),
  );
  const [firstFailure] = failures;
  if (firstFailure) {
    // One warning per run, not one per batch: a laptop without internet would print one per time zone every run.
    log.warn(
      { source: source.name, error: firstFailure.error, detail: { failures } },
      `weather: ${summary.failed} of ${summary.requests} requests to ${source.name} failed ` +
        `(${firstFailure.error.kind}: ${firstFailure.error.message}); ` +
        `${summary.areas - summary.refreshed} areas keep their last weather`,
    );
  }
  if (summary.requests > 0 && summary.failed === summary.requests) {
    // Told above; the queue's own line for the retry (jobs.ts) would say it again.
    throw Object.assign(
      new Error(`weather refresh: all ${summary.requests} requests to ${source.name} failed`),
      {
        reported: true,
      },
    );
  }
  if (afterRefresh && summary.refreshed > 0) log.info({ filled: await afterRefresh() }, 'weather passed on');
  if (source.name === 'climatology') {
    log.info(
      summary,
      'weather refreshed from the offline climatology source (OPEN_METEO_URL=off): made-up days, not observations',
    );
  } else {
    log.info(summary, 'weather refreshed');
  }
  return summary;
}

export function weatherRefreshSchedule(deps: WeatherRefreshDeps): ScheduledJob {
  return {
    queue: WEATHER_REFRESH_QUEUE,
    cron: WEATHER_REFRESH_CRON,
    // A provider that is down gets two more tries a quarter of an hour apart, then waits for the next run.
    retryLimit: 2,
    retryDelaySeconds: 15 * 60,
    run: () => refreshAreaWeather(deps),
  };
}

/** Hours after which a start-up asks for a refresh at once instead of waiting for the cron. */
const REFRESH_ON_START_AFTER_HOURS = 3;

/** Whether the stored weather is older than a refresh interval (or missing): a new start fills it at once. */
export async function weatherNeedsRefresh(db: Db, now: Date): Promise<boolean> {
  const latest = await findLatestFetch(db);
  return latest === null || now.getTime() - latest.getTime() > REFRESH_ON_START_AFTER_HOURS * 3_600_000;
}
