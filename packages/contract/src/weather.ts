import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { parseCalendarDate } from './durations.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';

/** The longest period one `app/weather/info` call covers: the history the database keeps. */
export const WEATHER_MAX_SPAN_DAYS = 60;
/** Days of measured history and of forecast each refresh brings (today counts as forecast). */
export const WEATHER_PAST_DAYS = 21;
/** Older than this, an area's weather is reported stale: the refresh runs every 3 hours. */
export const WEATHER_STALE_HOURS = 12;

export const WEATHER_SOURCES = ['open-meteo', 'climatology'] as const;

export {
  findWeatherWarnings,
  HEAVY_RAIN_MM,
  STORM_GUST_KMH,
  WEATHER_FORECAST_DAYS,
  WEATHER_WARNINGS,
  type WeatherWarning,
} from './rules/weather-warnings.ts';

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
  access: 'public',
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
