import { eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../client.ts';
import { areas, categories, countries, regions, seedRuns } from '../schema.ts';
import { rebuildSearchIndex } from '../search-index.ts';
import { seedAreas, seedCatalogue } from './catalogue.ts';
import { seedCategories } from './categories.ts';
import { seedCountries } from './countries.ts';
import { seedCoupons } from './coupons.ts';
import { seedGrowthLevels } from './growth.ts';
import { seedPremium } from './premium.ts';
import { seedRegions } from './regions.ts';

/** Countries, regions and categories: updated in place when their names change. */
export async function seedReference(tx: Transaction): Promise<void> {
  await tx
    .insert(countries)
    .values(seedCountries.map((c, i) => ({ code: c.code, name: c.name, sortOrder: i })))
    .onConflictDoUpdate({
      target: countries.code,
      set: { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` },
    });
  await tx
    .insert(categories)
    .values(seedCategories.map((c, i) => ({ ...c, sortOrder: i })))
    .onConflictDoUpdate({
      target: categories.id,
      set: { name: sql`excluded.name`, slug: sql`excluded.slug` },
    });
  await tx
    .insert(regions)
    .values(seedRegions.map((r) => ({ ...r, countryCode: r.country })))
    .onConflictDoUpdate({
      target: regions.slug,
      set: { name: sql`excluded.name`, latitude: sql`excluded.latitude`, longitude: sql`excluded.longitude` },
    });
}

/**
 * The areas' legal daily limits as numbers (issue 15), for databases seeded before the column:
 * a fresh catalogue already has them.
 */
async function seedAreaDailyLimits(tx: Transaction): Promise<void> {
  for (const area of seedAreas) {
    if (area.dailyLimitG === undefined) continue;
    await tx.update(areas).set({ dailyLimitG: area.dailyLimitG }).where(eq(areas.slug, area.slug));
  }
}

/**
 * Seed steps, applied once each, in order. A step changes name when its data must reach
 * databases that already have the earlier version.
 */
const SEED_STEPS: { name: string; run(tx: Transaction): Promise<void> }[] = [
  { name: 'catalogue-reference-v1', run: seedReference },
  { name: 'catalogue-v1', run: seedCatalogue },
  { name: 'search-index-v4', run: (tx) => rebuildSearchIndex(tx) },
  { name: 'growth-levels-v1', run: (tx) => seedGrowthLevels(tx) },
  { name: 'coupons-v1', run: seedCoupons },
  { name: 'premium-v1', run: seedPremium },
  { name: 'area-daily-limits-v1', run: seedAreaDailyLimits },
];

export type SeedResult = { applied: string[] };

/**
 * Each step's marker row and its data go in one transaction, so concurrent start-ups or a
 * crash half-way never leave a partial seed, and a restart seeds nothing twice.
 */
export async function seedDatabase(db: Db): Promise<SeedResult> {
  const applied: string[] = [];
  for (const step of SEED_STEPS) {
    const ran = await db.transaction(async (tx) => {
      const marked = await tx
        .insert(seedRuns)
        .values({ name: step.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (marked.length === 0) return false;
      await step.run(tx);
      return true;
    });
    if (ran) applied.push(step.name);
  }
  return { applied };
}
