import { GROWTH_LEVELS, type GrowthLevel } from '@sentiero/contract/growth';
import type { Db } from '@sentiero/db/client';
import {
  activityTypes,
  areaGrowthLevels,
  blogPosts,
  categories,
  cities,
  regions,
  serviceTags,
} from '@sentiero/db/schema';
import { sql } from 'drizzle-orm';
import { inEveryLanguage, unique } from './factories.ts';

type RegionRow = typeof regions.$inferSelect;
type ActivityTypeRow = typeof activityTypes.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;
type CityRow = typeof cities.$inferSelect;
type BlogPostRow = typeof blogPosts.$inferSelect;
type ServiceTagRow = typeof serviceTags.$inferSelect;

/*
 * The catalogue's grouping rows: a test that counts what a region, an activity, a category or a
 * service lists makes its own, so no other ticket is in the count. Countries are fixed by SPEC
 * and are not made here.
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

/** A town of a region (areas may name the one they are near). */
export async function createCity(
  db: Db,
  overrides: Partial<typeof cities.$inferInsert> & Pick<typeof cities.$inferInsert, 'regionId'>,
): Promise<CityRow> {
  const slug = overrides.slug ?? unique('test-city');
  const [row] = await db
    .insert(cities)
    .values({ slug, name: inEveryLanguage(`Town ${slug}`), latitude: 46.1, longitude: 11.1, ...overrides })
    .returning();
  if (!row) throw new Error('the city was not written');
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

/**
 * A category after SPEC's four (ids 16–19, which `/categories/{id}` links name): its id is the
 * next one from 1000 up, as categories have no id sequence.
 */
export async function createCategory(
  db: Db,
  overrides: Partial<typeof categories.$inferInsert> = {},
): Promise<CategoryRow> {
  const slug = overrides.slug ?? unique('test-category');
  const [row] = await db
    .insert(categories)
    .values({
      id: sql`(select greatest(coalesce(max(${categories.id}), 0), 999) + 1 from ${categories})`,
      slug,
      name: inEveryLanguage(`Category ${slug}`),
      sortOrder: 100,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('the category was not written');
  return row;
}

/** A service a ticket may include, after those of the vocabulary. */
export async function createServiceTag(
  db: Db,
  overrides: Partial<typeof serviceTags.$inferInsert> = {},
): Promise<ServiceTagRow> {
  const slug = overrides.slug ?? unique('test-service');
  const [row] = await db
    .insert(serviceTags)
    .values({ slug, name: inEveryLanguage(`Service ${slug}`), ...overrides })
    .returning();
  if (!row) throw new Error('the service tag was not written');
  return row;
}

/** A blog post, the same in every language unless the test says otherwise: two sections. */
export async function createBlogPost(
  db: Db,
  overrides: Partial<typeof blogPosts.$inferInsert> & Pick<typeof blogPosts.$inferInsert, 'publishedAt'>,
): Promise<BlogPostRow> {
  const sku = overrides.sku ?? unique('test-post');
  const [row] = await db
    .insert(blogPosts)
    .values({
      sku,
      title: inEveryLanguage(`Post ${sku}`),
      excerpt: inEveryLanguage('A post written by a test.'),
      body: inEveryLanguage('## When to go\n\nIn autumn.\n\n## What to bring\n\nA basket.\n'),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('the blog post was not written');
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
