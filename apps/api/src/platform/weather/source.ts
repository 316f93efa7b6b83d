import type { WEATHER_SOURCES } from '@sentiero/contract/weather';

export type WeatherSourceName = (typeof WEATHER_SOURCES)[number];

/** A place to ask the weather of: an area's centre. */
export type WeatherLocation = {
  latitude: number;
  longitude: number;
  /** Metres above the sea, when known (the areas have none yet). */
  elevationM?: number;
};

/** One calendar day of one place, in the units the app stores (mm, °C, km/h, WMO code). */
export type DailyWeather = {
  date: string;
  rainMm: number | null;
  tempMean: number | null;
  tempMin: number | null;
  tempMax: number | null;
  weatherCode: number | null;
  gustKmh: number | null;
};

/** Why a fetch brought nothing: the job logs it and keeps the last data. */
export type WeatherFetchError =
  | { kind: 'timeout'; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'http'; status: number; message: string }
  | { kind: 'invalid-answer'; message: string };

export type WeatherFetchResult =
  | { ok: true; days: DailyWeather[][] }
  | { ok: false; error: WeatherFetchError };

export type DailyWeatherRequest = {
  /** All in one time zone, whose calendar the days follow. */
  locations: WeatherLocation[];
  timeZone: string;
  pastDays: number;
  forecastDays: number;
};

/**
 * Where the `weather-refresh` job gets days from: Open-Meteo in production, the climatology
 * source offline. Answers one list of days per location, in the order asked.
 */
export type WeatherSource = {
  name: WeatherSourceName;
  /** Locations one request may carry. */
  batchSize: number;
  fetchDaily(request: DailyWeatherRequest): Promise<WeatherFetchResult>;
};
