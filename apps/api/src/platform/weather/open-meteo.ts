import { z } from 'zod';
import type {
  DailyWeather,
  DailyWeatherRequest,
  WeatherFetchError,
  WeatherFetchResult,
  WeatherSource,
} from './source.ts';

export const OPEN_METEO_URL = 'https://api.open-meteo.com';

/** The daily variables asked for, in Open-Meteo's names (documented on open-meteo.com/en/docs). */
const DAILY_VARIABLES = [
  'precipitation_sum',
  'temperature_2m_mean',
  'temperature_2m_min',
  'temperature_2m_max',
  'weather_code',
  'wind_gusts_10m_max',
] as const;

/**
 * Open-Meteo takes up to 1,000 comma-separated coordinates per call; 100 keep the URL near 2 KB
 * (well under common 8 KB limits) and 10,000 areas at 100 requests per refresh.
 */
const OPEN_METEO_BATCH_SIZE = 100;

/** A day's answer for 100 places arrives in well under a second; past 20 s the service is in trouble. */
const REQUEST_TIMEOUT_MS = 20_000;

const ZValues = z.array(z.number().nullable());

const ZLocationAnswer = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    timezone: z.string(),
    daily: z.object({
      time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
      precipitation_sum: ZValues,
      temperature_2m_mean: ZValues,
      temperature_2m_min: ZValues,
      temperature_2m_max: ZValues,
      weather_code: ZValues,
      wind_gusts_10m_max: ZValues,
    }),
  })
  .refine(
    ({ daily }) => DAILY_VARIABLES.every((name) => daily[name].length === daily.time.length),
    'every daily variable must have one value per day',
  );
type LocationAnswer = z.infer<typeof ZLocationAnswer>;

/** One location answers an object; several (comma-separated coordinates) an array of them, in order. */
const ZForecastAnswer = z.union([z.array(ZLocationAnswer), ZLocationAnswer]);

/** What Open-Meteo answers with a 4xx/5xx: `{ "error": true, "reason": "…" }`. */
const ZErrorAnswer = z.object({ error: z.literal(true), reason: z.string() });

export type OpenMeteoOptions = {
  /** Without a trailing slash: https://api.open-meteo.com, or a local server in tests. */
  baseUrl: string;
  /** Open-Meteo's commercial plans only (customer-api.open-meteo.com); sent as `apikey`. */
  apiKey?: string;
  timeoutMs?: number;
};

/** Five digits are a metre: more only lengthens the URL. */
const coordinate = (value: number) => String(Math.round(value * 1e5) / 1e5);

function toDays(answer: LocationAnswer): DailyWeather[] {
  const { daily } = answer;
  return daily.time.map((date, index) => ({
    date,
    rainMm: daily.precipitation_sum[index] ?? null,
    tempMean: daily.temperature_2m_mean[index] ?? null,
    tempMin: daily.temperature_2m_min[index] ?? null,
    tempMax: daily.temperature_2m_max[index] ?? null,
    weatherCode: daily.weather_code[index] ?? null,
    gustKmh: daily.wind_gusts_10m_max[index] ?? null,
  }));
}

const failure = (error: WeatherFetchError): WeatherFetchResult => ({ ok: false, error });

/**
 * Open-Meteo's forecast API (`GET /v1/forecast`, no key): per location, the last `pastDays` days
 * and `forecastDays` days from today, by calendar day in `timeZone`. Several locations go in one
 * request as comma-separated latitudes and longitudes. Never throws: every failure is a result.
 */
export function openMeteoSource({
  baseUrl,
  apiKey,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: OpenMeteoOptions): WeatherSource {
  return {
    name: 'open-meteo',
    batchSize: OPEN_METEO_BATCH_SIZE,
    async fetchDaily({ locations, timeZone, pastDays, forecastDays }: DailyWeatherRequest) {
      if (locations.length === 0) return { ok: true, days: [] };
      const query = new URLSearchParams({
        latitude: locations.map((location) => coordinate(location.latitude)).join(','),
        longitude: locations.map((location) => coordinate(location.longitude)).join(','),
        daily: DAILY_VARIABLES.join(','),
        past_days: String(pastDays),
        forecast_days: String(forecastDays),
        timezone: timeZone,
      });
      if (apiKey) query.set('apikey', apiKey);

      let response: Response;
      try {
        response = await fetch(`${baseUrl}/v1/forecast?${query}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        if (name === 'TimeoutError' || name === 'AbortError') {
          return failure({ kind: 'timeout', message: `no answer within ${timeoutMs} ms` });
        }
        return failure({ kind: 'network', message: error instanceof Error ? error.message : String(error) });
      }

      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        if (name === 'TimeoutError' || name === 'AbortError') {
          return failure({ kind: 'timeout', message: `the answer did not finish within ${timeoutMs} ms` });
        }
        if (!response.ok)
          return failure({ kind: 'http', status: response.status, message: response.statusText });
        return failure({ kind: 'invalid-answer', message: 'the answer is not JSON' });
      }
      if (!response.ok) {
        const reason = ZErrorAnswer.safeParse(body);
        return failure({
          kind: 'http',
          status: response.status,
          message: reason.success ? reason.data.reason : response.statusText,
        });
      }

      const parsed = ZForecastAnswer.safeParse(body);
      if (!parsed.success) {
        return failure({ kind: 'invalid-answer', message: z.prettifyError(parsed.error).slice(0, 500) });
      }
      const answers = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
      if (answers.length !== locations.length) {
        return failure({
          kind: 'invalid-answer',
          message: `${answers.length} locations answered for ${locations.length} asked`,
        });
      }
      return { ok: true, days: answers.map(toDays) };
    },
  };
}
