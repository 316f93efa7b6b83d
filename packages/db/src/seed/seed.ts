import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { categories, countries, regions, seedRuns } from '../schema.ts';
import { seedCategories } from './categories.ts';
import { seedCountries } from './countries.ts';
import { seedRegions } from './regions.ts';

/** Bump the name when the reference data changes so existing databases receive it once. */
const CATALOGUE_SEED = 'catalogue-reference-v1';

export type SeedResult = { applied: string[] };

/**
 * Writes the reference catalogue once per database. The marker row and the data go in one
 * transaction, so concurrent start-ups or a crash half-way never leave a partial seed.
 */
export async function seedDatabase(db: Db): Promise<SeedResult> {
  const applied = await db.transaction(async (tx) => {
    const marked = await tx
      .insert(seedRuns)
      .values({ name: CATALOGUE_SEED })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (marked.length === 0) return false;

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
        set: {
          name: sql`excluded.name`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
        },
      });
    return true;
  });
  return { applied: applied ? [CATALOGUE_SEED] : [] };
}
