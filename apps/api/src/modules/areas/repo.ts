import type { CountryCode } from '@sentiero/contract/common';
import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized, localizedOrNull } from '@sentiero/db/localized';
import { preparedOnce } from '@sentiero/db/prepared';
import {
  activityTypes,
  areaActivationRequests,
  areaListingStats,
  areaPhotos,
  areas,
  cities,
  regions,
  ticketFacets,
  tickets,
} from '@sentiero/db/schema';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';

export type AreaFilter = {
  country?: CountryCode | undefined;
  regionId?: number | undefined;
  categoryId?: number | undefined;
  activity?: string | undefined;
};

/** The filter's conditions, each value a placeholder of the same name as the filter's field. */
function areaFilterConditions(filter: AreaFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.country) conditions.push(sql`${regions.countryCode} = ${sql.placeholder('country')}`);
  if (filter.regionId !== undefined) conditions.push(sql`${areas.regionId} = ${sql.placeholder('regionId')}`);
  // The area's listings (active tickets) are read from their facet rows, by the area's index.
  const listingConditions: SQL[] = [];
  if (filter.categoryId !== undefined) {
    listingConditions.push(sql`${ticketFacets.categoryId} = ${sql.placeholder('categoryId')}`);
  }
  if (filter.activity) {
    listingConditions.push(
      sql`${ticketFacets.activityTypeId} = (select ${activityTypes.id} from ${activityTypes} where ${activityTypes.slug} = ${sql.placeholder('activity')})`,
    );
  }
  if (listingConditions.length) {
    conditions.push(
      sql`exists (select 1 from ${ticketFacets} where ${ticketFacets.areaId} = ${areas.id} and ${and(...listingConditions)})`,
    );
  }
  return conditions;
}

function areaCardColumns(language: Language) {
  return {
    id: areas.id,
    slug: areas.slug,
    name: localized(areas.name, language),
    summary: localized(areas.summary, language),
    regionId: regions.id,
    regionName: localized(regions.name, language),
    country: regions.countryCode,
    latitude: areas.latitude,
    longitude: areas.longitude,
    bounds: areas.bounds,
    available: areas.available,
    ticketCount: sql<number>`coalesce(${areaListingStats.ticketCount}, 0)`.mapWith(Number),
    minPriceCents: areaListingStats.minPriceCents,
  };
}

export type AreaCardRow = Omit<Awaited<ReturnType<typeof findAreaCards>>['rows'][number], 'total'>;

/**
 * A page of area cards and how many areas match: one statement per language and set of filters,
 * prepared once (there are 16 sets), values sent as parameters.
 */
export async function findAreaCards(
  db: Db,
  language: Language,
  filter: AreaFilter,
  limit: number,
  offset: number,
) {
  const shape = (['country', 'regionId', 'categoryId', 'activity'] as const)
    .map((name) => (filter[name] === undefined || filter[name] === '' ? '0' : '1'))
    .join('');
  const find = preparedOnce(db, `area_cards_${language}_${shape}`, (name) =>
    db
      .select({ ...areaCardColumns(language), total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(areas)
      .innerJoin(regions, eq(regions.id, areas.regionId))
      .leftJoin(areaListingStats, eq(areaListingStats.areaId, areas.id))
      .where(and(...areaFilterConditions(filter)))
      .orderBy(asc(regions.countryCode), asc(areas.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const rows = await find.execute({ ...filter, limit, offset });
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findAreaInfo(db: Db, language: Language, id: number) {
  const [row] = await db
    .select({
      ...areaCardColumns(language),
      description: localized(areas.description, language),
      timeZone: areas.timeZone,
      limits: localizedOrNull(areas.limits, language),
      cityId: cities.id,
      cityName: localizedOrNull(cities.name, language),
    })
    .from(areas)
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .leftJoin(areaListingStats, eq(areaListingStats.areaId, areas.id))
    .leftJoin(cities, eq(cities.id, areas.cityId))
    .where(eq(areas.id, id));
  return row;
}

export function findAreaPhotos(db: Db, language: Language, areaId: number) {
  return db
    .select({
      url: areaPhotos.url,
      width: areaPhotos.width,
      height: areaPhotos.height,
      alt: localized(areaPhotos.alt, language),
      credit: areaPhotos.credit,
    })
    .from(areaPhotos)
    .where(eq(areaPhotos.areaId, areaId))
    .orderBy(asc(areaPhotos.sortOrder), asc(areaPhotos.id));
}

export function findAreaActivities(db: Db, language: Language, areaId: number) {
  return db
    .selectDistinct({
      slug: activityTypes.slug,
      name: localized(activityTypes.name, language),
      icon: activityTypes.icon,
      sortOrder: activityTypes.sortOrder,
    })
    .from(tickets)
    .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
    .where(and(eq(tickets.areaId, areaId), eq(tickets.status, 'published')))
    .orderBy(asc(activityTypes.sortOrder));
}

export async function findAreaRules(db: Db, language: Language, id: number) {
  const [row] = await db
    .select({
      slug: areas.slug,
      title: localized(areas.name, language),
      rules: localized(areas.rules, language),
    })
    .from(areas)
    .where(eq(areas.id, id));
  return row;
}

function cityColumns(language: Language) {
  return {
    id: cities.id,
    slug: cities.slug,
    name: localized(cities.name, language),
    regionId: regions.id,
    regionName: localized(regions.name, language),
    country: regions.countryCode,
    latitude: cities.latitude,
    longitude: cities.longitude,
  };
}

export type CityRow = Awaited<ReturnType<typeof findCities>>[number];

export function findCities(
  db: Db,
  language: Language,
  filter: { regionId?: number | undefined; name?: string | undefined },
) {
  const conditions: SQL[] = [];
  if (filter.regionId !== undefined) conditions.push(eq(cities.regionId, filter.regionId));
  if (filter.name)
    conditions.push(ilike(localized(cities.name, language), `%${filter.name.replace(/[%_\\]/g, '\\$&')}%`));
  return db
    .select(cityColumns(language))
    .from(cities)
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(and(...conditions))
    .orderBy(asc(cities.id));
}

export async function findCity(db: Db, language: Language, id: number) {
  const [row] = await db
    .select(cityColumns(language))
    .from(cities)
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(eq(cities.id, id));
  return row;
}

export async function insertActivationRequest(
  db: Db,
  request: { areaId: number; email: string; language: Language },
) {
  await db.insert(areaActivationRequests).values(request).onConflictDoNothing();
}

export async function findAreaExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: areas.id }).from(areas).where(eq(areas.id, id));
  return row !== undefined;
}

/**
 * The areas a forager's map and notebook offer: those selling mushroom foraging or with a legal
 * daily limit, and those named in `alsoIds` (an entry's area that stopped selling foraging).
 */
export function findForagingAreas(db: Db, language: Language, alsoIds: readonly number[]) {
  const sellsForaging = sql`exists (select 1 from ${tickets} inner join ${activityTypes} on ${activityTypes.id} = ${tickets.activityTypeId} where ${tickets.areaId} = ${areas.id} and ${tickets.status} = 'published' and ${activityTypes.slug} = 'mushroom-foraging')`;
  const named = alsoIds.length > 0 ? sql` or ${areas.id} in ${alsoIds}` : sql``;
  return db
    .select({
      id: areas.id,
      name: localized(areas.name, language),
      latitude: areas.latitude,
      longitude: areas.longitude,
      bounds: areas.bounds,
      dailyLimitG: areas.dailyLimitG,
    })
    .from(areas)
    .where(sql`(${areas.dailyLimitG} is not null or ${sellsForaging}${named})`)
    .orderBy(asc(areas.id));
}
