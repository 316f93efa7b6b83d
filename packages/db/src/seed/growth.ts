import { FULL_GROWTH_DAYS } from '@sentiero/contract/growth';
import { inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../client.ts';
import { activityTypes, areaGrowthLevels, tickets } from '../schema.ts';

/** A typical year in the woods, January to December: nothing in winter, the peak in September and October. */
const SEASONAL_LEVEL = [0, 0, 0, 1, 1, 2, 2, 3, 4, 4, 2, 1];

/** The same small variation for the same area and day, whenever the seed runs. */
function variation(areaId: number, day: number): number {
  const mixed = Math.imul(areaId * 2_654_435_761 + day * 40_503, 0x9e3779b1) >>> 0;
  return (mixed % 3) - 1;
}

/**
 * Sample growth reports for the foraging areas: the FULL_GROWTH_DAYS days before the seed runs,
 * following the season with a little day-to-day variation.
 */
export async function seedGrowthLevels(tx: Transaction, today = new Date()): Promise<void> {
  const foraging = await tx
    .selectDistinct({ areaId: tickets.areaId })
    .from(tickets)
    .innerJoin(activityTypes, sql`${activityTypes.id} = ${tickets.activityTypeId}`)
    .where(inArray(activityTypes.slug, ['mushroom-foraging', 'truffle-hunting']));
  const firstDay = Math.floor(today.getTime() / 86_400_000) - FULL_GROWTH_DAYS;
  const rows = foraging.flatMap(({ areaId }) =>
    Array.from({ length: FULL_GROWTH_DAYS }, (_, offset) => {
      const day = firstDay + offset;
      const date = new Date(day * 86_400_000);
      const level = (SEASONAL_LEVEL[date.getUTCMonth()] as number) + variation(areaId, day);
      return { areaId, observedOn: date.toISOString().slice(0, 10), level: Math.min(5, Math.max(0, level)) };
    }),
  );
  if (rows.length > 0) await tx.insert(areaGrowthLevels).values(rows).onConflictDoNothing();
}
