// Without zod: the event page's forecast strip imports these, and the storefront's JavaScript carries no schema (ADR 004).

/** Days of forecast each refresh brings (today counts as forecast). */
export const WEATHER_FORECAST_DAYS = 7;

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
