import type { WEATHER_SOURCES } from '@sentiero/contract/weather';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { areas } from './catalogue.ts';

/** Where a day's weather came from: the provider, or the offline stand-in (OPEN_METEO_URL=off). */
type WeatherSourceName = (typeof WEATHER_SOURCES)[number];

/**
 * One day of an area's weather (issue 15): the last weeks as measured and the next days as
 * forecast, written by the `weather-refresh` job and read by `app/weather/info`, never fetched
 * per request. A refresh overwrites the days it brings (a forecast day becomes a measured one);
 * days older than the kept history are purged. Measurements may be missing (null) when the
 * provider has none for that day.
 */
export const areaWeatherDays = pgTable(
  'area_weather_days',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    /** The calendar day in the area's time zone. */
    day: date('day', { mode: 'string' }).notNull(),
    rainMm: real('rain_mm'),
    tempMean: real('temp_mean'),
    tempMin: real('temp_min'),
    tempMax: real('temp_max'),
    /** WMO weather interpretation code (0 clear … 95–99 thunderstorm). */
    weatherCode: smallint('weather_code'),
    gustKmh: real('gust_kmh'),
    /** Not yet over when fetched: a forecast, not a measurement. */
    forecast: boolean('forecast').notNull(),
    source: text('source').$type<WeatherSourceName>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.areaId, table.day] }),
    // The purge deletes by day across every area.
    index('area_weather_days_day_idx').on(table.day),
    check('area_weather_days_source_check', sql`${table.source} in ('open-meteo', 'climatology')`),
  ],
);
