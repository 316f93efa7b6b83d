import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { parseCalendarDate } from './durations.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';

/** The longest period one `app/weather/info` call covers: the history the database keeps. */
export const WEATHER_MAX_SPAN_DAYS = 60;
/** Days of measured history and of forecast each refresh brings (today counts as forecast). */
export const WEATHER_PAST_DAYS = 21;
export const WEATHER_FORECAST_DAYS = 7;
/** Older than this, an area's weather is reported stale: the refresh runs every 3 hours. */
export const WEATHER_STALE_HOURS = 12;

export const WEATHER_SOURCES = ['open-meteo', 'climatology'] as const;

/**
 * What a day's weather warns of on a day someone goes out (the event page's strip and the
 * members' alerts, ADR 021). WMO codes 95–99 are thunderstorms, and gusts of 75 km/h or more
 * (Beaufort 9, a severe gale: branches break, rafts stay ashore) are a storm too; 30 mm in a day
 * is heavy rain (rivers rise, paths slide); a minimum at or below 0 °C is frost.
 */
export const WEATHER_WARNINGS = ['storm', 'heavyRain', 'frost'] as const;
export type WeatherWarning = (typeof WEATHER_WARNINGS)[number];
export const HEAVY_RAIN_MM = 30;
export const STORM_GUST_KMH = 75;

export function findWeatherWarnings(day: {
  weather_code: number | null;
  rain_mm: number | null;
  temp_min: number | null;
  gust_kmh?: number | null;
}): WeatherWarning[] {
  const warnings: WeatherWarning[] = [];
  const thunder = day.weather_code !== null && day.weather_code >= 95 && day.weather_code <= 99;
  const gale = day.gust_kmh !== undefined && day.gust_kmh !== null && day.gust_kmh >= STORM_GUST_KMH;
  if (thunder || gale) warnings.push('storm');
  if (day.rain_mm !== null && day.rain_mm >= HEAVY_RAIN_MM) warnings.push('heavyRain');
  if (day.temp_min !== null && day.temp_min <= 0) warnings.push('frost');
  return warnings;
}

export const ZWeatherDay = z
  .object({
    date: z.string(),
    rain_mm: z.number().nullable(),
    temp_mean: z.number().nullable(),
    temp_min: z.number().nullable(),
    temp_max: z.number().nullable(),
    /** WMO weather interpretation code. */
    weather_code: z.number().int().nullable(),
    gust_kmh: z.number().nullable(),
    /** Not over when fetched: a forecast, not a measurement. */
    forecast: z.boolean(),
  })
  .meta({ id: 'WeatherDay' });
export type WeatherDay = z.infer<typeof ZWeatherDay>;

/**
 * A day's weather as a notebook entry keeps it (issue 15: the day's rain and temperature where the
 * mushrooms were picked). `forecast` while the day was not over when it was attached: the weather
 * refresh replaces it with the measured day.
 */
export const ZDayWeatherSnapshot = z
  .object({
    rain_mm: z.number().nullable(),
    temp_mean: z.number().nullable(),
    temp_min: z.number().nullable(),
    temp_max: z.number().nullable(),
    forecast: z.boolean(),
  })
  .meta({ id: 'DayWeatherSnapshot' });
export type DayWeatherSnapshot = z.infer<typeof ZDayWeatherSnapshot>;

const daysBetween = (from: string, to: string) =>
  Math.round(
    ((parseCalendarDate(to)?.getTime() ?? 0) - (parseCalendarDate(from)?.getTime() ?? 0)) / 86_400_000,
  );

export const weatherInfo = defineEndpoint({
  path: '/app/weather/info',
  kind: 'read',
  cache: 'public',
  tag: 'areas',
  summary:
    "An area's weather by day: the last three weeks measured and the next week forecast, with the data's age.",
  input: z
    .object({
      lng: ZLanguageParam,
      id_area: ZId,
      /** First day, in the area's calendar; by default three weeks ago (or 4 weeks before `to`). */
      from: ZCalendarDate.optional(),
      /** Last day; by default the last forecast day (or 4 weeks after `from`). */
      to: ZCalendarDate.optional(),
    })
    .superRefine((value, context) => {
      if (!value.from || !value.to) return;
      const span = daysBetween(value.from, value.to);
      if (span < 0 || span >= WEATHER_MAX_SPAN_DAYS) {
        context.addIssue({ code: 'custom', path: ['to'], message: 'field.weatherPeriod' });
      }
    }),
  output: z.object({
    area_id: z.number().int(),
    /** Oldest first; days the database holds no weather for are left out. */
    days: z.array(ZWeatherDay),
    /** When the newest of these days was fetched; null before the first refresh. */
    fetched_at: z.string().nullable(),
    /** Older than WEATHER_STALE_HOURS (or never fetched): the provider could not be reached lately. */
    stale: z.boolean(),
    source: z.enum(WEATHER_SOURCES),
  }),
});
