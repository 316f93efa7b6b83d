import { addCalendarDays, calendarDateIn, type Season } from '@sentiero/contract/durations';
import { GROWTH_LEVELS, type GrowthLevel } from '@sentiero/contract/growth';
import {
  ANCHOR_DAYS,
  forecastGrowth,
  type GrowthForecastDay,
  type ObservedGrowth,
} from '@sentiero/contract/rules/growth-forecast';
import type { Db } from '@sentiero/db/client';
import type { Clock } from '../../platform/context.ts';
import { listGrowthWeather } from '../weather/index.ts';
import { findOfficialLevels } from './observations-repo.ts';
import { findForecastAreas, findReportedLevels } from './repo.ts';

/*
 * The growth forecast of the areas (ADR 018), computed when asked from the weather the
 * `weather-refresh` job stored, the levels reported in the last two weeks and the staff's
 * observations of the last week: four queries
 * whatever the number of areas, the model O(days) per area.
 */

/** Days of history before today and of forecast from today on (ADR 018: a week each way). */
export const FORECAST_PAST_DAYS = 7;
export const FORECAST_DAYS = 7;
/** A day's level reads 18 days of rain before it; reports up to 13 days old calibrate. */
const RAIN_LOOKBACK_DAYS = 18;
const CALIBRATION_DAYS = 14;
/** The weather days before today one forecast reads: each refresh brings them (WEATHER_HISTORY_DAYS). */
export const WEATHER_BEFORE_TODAY = Math.max(FORECAST_PAST_DAYS, CALIBRATION_DAYS - 1) + RAIN_LOOKBACK_DAYS;

/**
 * The months an area's mushrooms are looked for, from the seasons of the mushroom permits it
 * sells: all year (null) when a permit has no season or none is sold; one season as it is; several
 * seasons within one year each as the span from the earliest start to the latest end. Seasons
 * that differ and cross the new year cannot be spanned that simply and count as all year: the
 * model's temperature factor still keeps a winter poor.
 */
export function mushroomSeasonOf(seasons: readonly (Season | null)[] | null): Season | null {
  if (!seasons?.length || seasons.some((season) => season === null)) return null;
  const known = seasons as readonly Season[];
  const first = known[0] as Season;
  if (known.every((season) => season.start === first.start && season.end === first.end)) return first;
  if (known.some((season) => season.end < season.start)) return null;
  return {
    start: known.reduce(
      (earliest, season) => (season.start < earliest ? season.start : earliest),
      first.start,
    ),
    end: known.reduce((latest, season) => (season.end > latest ? season.end : latest), first.end),
  };
}

export type AreaForecastOptions = {
  /** The areas to forecast; by default those that sell mushroom foraging or report growth. */
  areaIds?: readonly number[];
  /** The first forecast day for every area; by default each area's own today in its time zone. */
  today?: string;
  clock: Clock;
};

/**
 * Each area's level per day from FORECAST_PAST_DAYS before its today to FORECAST_DAYS - 1 after,
 * with the reasons, calibrated by the members' reports of the last two weeks and anchored to the
 * staff's latest official observation of the last week (ADR 040). An area with no stored
 * weather in the window (not refreshed yet, or not on sale) is left out of the map: the forecast
 * has nothing to say about it.
 */
export async function findAreaForecasts(
  db: Db,
  options: AreaForecastOptions,
): Promise<Map<number, GrowthForecastDay[]>> {
  const forecasts = new Map<number, GrowthForecastDay[]>();
  if (options.areaIds?.length === 0) return forecasts;
  const areas = await findForecastAreas(db, options.areaIds);
  if (areas.length === 0) return forecasts;
  const now = options.clock.now();
  const todays = areas.map((area) => options.today ?? calendarDateIn(area.timeZone, now));
  const earliest = todays.reduce((first, day) => (day < first ? day : first));
  const latest = todays.reduce((last, day) => (day > last ? day : last));
  const ids = areas.map((area) => area.id);
  const [weather, reports, official] = await Promise.all([
    listGrowthWeather(
      db,
      ids,
      addCalendarDays(earliest, -WEATHER_BEFORE_TODAY),
      addCalendarDays(latest, FORECAST_DAYS - 1),
    ),
    findReportedLevels(db, ids, addCalendarDays(earliest, -(CALIBRATION_DAYS - 1)), latest),
    findOfficialLevels(db, ids, addCalendarDays(earliest, -(ANCHOR_DAYS - 1)), latest),
  ]);
  const officialByArea = new Map<number, ObservedGrowth[]>();
  for (const day of official) {
    const seen = { date: day.date, level: GROWTH_LEVELS[day.level] as GrowthLevel };
    const known = officialByArea.get(day.areaId);
    if (known) known.push(seen);
    else officialByArea.set(day.areaId, [seen]);
  }
  const observedByArea = new Map<number, ObservedGrowth[]>();
  for (const report of reports) {
    const level = GROWTH_LEVELS[report.level] as GrowthLevel;
    const observed = observedByArea.get(report.areaId);
    if (observed) observed.push({ date: report.date, level });
    else observedByArea.set(report.areaId, [{ date: report.date, level }]);
  }
  areas.forEach((area, index) => {
    const days = weather.get(area.id);
    if (!days) return;
    forecasts.set(
      area.id,
      forecastGrowth({
        today: todays[index] as string,
        weather: days,
        season: mushroomSeasonOf(area.seasons),
        observed: observedByArea.get(area.id) ?? [],
        official: officialByArea.get(area.id) ?? [],
        pastDays: FORECAST_PAST_DAYS,
        forecastDays: FORECAST_DAYS,
      }),
    );
  });
  return forecasts;
}
