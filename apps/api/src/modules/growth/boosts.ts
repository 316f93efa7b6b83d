import type { Db } from '@sentiero/db/client';

/**
 * Per area, how good the growth forecast is for the days ahead, from 0 (nothing to find) to 1
 * (an abundant week): recommendations lift the areas where going out is worth it. Areas the
 * forecast says nothing about are left out of the map.
 *
 * Empty until the growth forecast (issue 15, item 2) fills it; recommendations already read it.
 */
export async function findGrowthBoosts(_db: Db, _today: string): Promise<Map<number, number>> {
  return new Map();
}
