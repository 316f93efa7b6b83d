import type { Db } from '@sentiero/db/client';
import type { Clock } from '../../platform/context.ts';
import { findAreaForecasts } from './forecast.ts';

/**
 * Per area, how good the growth forecast is for the days ahead, from 0 (nothing to find) to 1
 * (a miraculous week): the mean score of its forecast days, each area on its own calendar.
 * Recommendations lift the areas where going out is worth it; an area averaging "good" (0.5) is
 * told as good conditions. Areas the forecast says nothing about are left out of the map.
 */
export async function findGrowthBoosts(db: Db, clock: Clock): Promise<Map<number, number>> {
  const boosts = new Map<number, number>();
  for (const [areaId, days] of await findAreaForecasts(db, { clock })) {
    const ahead = days.filter((day) => day.forecast);
    if (ahead.length === 0) continue;
    const mean = ahead.reduce((sum, day) => sum + day.score, 0) / ahead.length;
    boosts.set(areaId, Math.round(mean * 1000) / 1000);
  }
  return boosts;
}
