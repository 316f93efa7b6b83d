import { GROWTH_LEVELS, type GrowthLevel } from '@sentiero/contract/growth';
import type { Db } from '@sentiero/db/client';
import { activityTypes, areaGrowthLevels, regions } from '@sentiero/db/schema';
import { inEveryLanguage, unique } from './factories.ts';

type RegionRow = typeof regions.$inferSelect;
type ActivityTypeRow = typeof activityTypes.$inferSelect;

/*
 * The catalogue's grouping rows: a test that counts what a region or an activity lists makes its
 * own, so the seeded catalogue's tickets are not in the count. Countries and the four categories
 * are fixed by SPEC (ids 16–19) and are not made here.
 */

/** A region of Italy that holds nothing until the test puts areas in it. */
export async function createRegion(
  db: Db,
  overrides: Partial<typeof regions.$inferInsert> = {},
): Promise<RegionRow> {
  const slug = overrides.slug ?? unique('test-region');
  const [row] = await db
    .insert(regions)
    .values({
      slug,
      countryCode: 'IT',
      name: inEveryLanguage(`Region ${slug}`),
      latitude: 46.1,
      longitude: 11.1,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('the region was not written');
  return row;
}

/** An activity no seeded ticket has. */
export async function createActivityType(
  db: Db,
  overrides: Partial<typeof activityTypes.$inferInsert> = {},
): Promise<ActivityTypeRow> {
  const slug = overrides.slug ?? unique('test-activity');
  const [row] = await db
    .insert(activityTypes)
    .values({ slug, icon: 'sprout', name: inEveryLanguage(`Activity ${slug}`), ...overrides })
    .returning();
  if (!row) throw new Error('the activity type was not written');
  return row;
}

/** An area's growth reports, as its rangers and members send them: a level on each day given. */
export async function createGrowthReports(
  db: Db,
  areaId: number,
  reports: { date: string; level: GrowthLevel }[],
): Promise<void> {
  await db
    .insert(areaGrowthLevels)
    .values(
      reports.map(({ date, level }) => ({ areaId, observedOn: date, level: GROWTH_LEVELS.indexOf(level) })),
    );
}
