import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { climatologySource } from '../../platform/weather/climatology.ts';
import { openMeteoSource } from '../../platform/weather/open-meteo.ts';
import type { WeatherSource } from '../../platform/weather/source.ts';
import { WEATHER_REFRESH_QUEUE, weatherNeedsRefresh, weatherRefreshSchedule } from './refresh.ts';

/** Open-Meteo when a URL is configured; otherwise the offline climatology source. */
export function configuredWeatherSource(config: Config, clock: Clock): WeatherSource {
  const { openMeteoUrl, openMeteoApiKey } = config.weather;
  return openMeteoUrl
    ? openMeteoSource({ baseUrl: openMeteoUrl, ...(openMeteoApiKey ? { apiKey: openMeteoApiKey } : {}) })
    : climatologySource(clock);
}

/**
 * Schedules the weather refresh. A process whose schedules run (not tests) asks for a refresh at
 * once when the stored weather is older than a refresh interval, so a new database has weather
 * from its first minutes instead of after the next cron slot.
 */
export async function startWeatherJobs(options: {
  db: Db;
  jobs: Jobs;
  source: WeatherSource;
  clock: Clock;
  log: FastifyBaseLogger;
  cron: boolean;
  afterRefresh?: () => Promise<unknown>;
}): Promise<void> {
  const { db, jobs, source, clock, log, cron, afterRefresh } = options;
  if (source.name === 'climatology') {
    log.warn('weather: OPEN_METEO_URL=off, areas get made-up climatology days instead of forecasts');
  }
  await jobs.schedule(
    weatherRefreshSchedule({ db, source, clock, log, ...(afterRefresh ? { afterRefresh } : {}) }),
  );
  if (cron && (await weatherNeedsRefresh(db, clock.now()))) await jobs.send(WEATHER_REFRESH_QUEUE, {});
}
