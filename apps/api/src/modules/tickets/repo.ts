import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized, localizedOrNull } from '@sentiero/db/localized';
import {
  activityTypes,
  areas,
  cancellationPolicies,
  categories,
  cities,
  countries,
  regions,
  serviceTags,
  ticketServiceTags,
  tickets,
} from '@sentiero/db/schema';
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';

function cardColumns(language: Language) {
  return {
    id: tickets.id,
    slug: tickets.slug,
    title: localized(tickets.title, language),
    areaId: areas.id,
    areaSlug: areas.slug,
    areaName: localized(areas.name, language),
    areaAvailable: areas.available,
    timeZone: areas.timeZone,
    regionId: regions.id,
    regionName: localized(regions.name, language),
    country: regions.countryCode,
    activitySlug: activityTypes.slug,
    activityName: localized(activityTypes.name, language),
    activityIcon: activityTypes.icon,
    categoryId: tickets.categoryId,
    durationType: tickets.durationType,
    priceCents: tickets.priceCents,
    discountedPriceCents: tickets.discountedPriceCents,
    minAge: tickets.minAge,
    active: tickets.active,
    saleFrom: tickets.saleFrom,
    saleUntil: tickets.saleUntil,
  };
}

export type TicketCardRow = Omit<Awaited<ReturnType<typeof findTicketCards>>['rows'][number], 'total'>;

export type TicketFilter = {
  areaId?: number | undefined;
  regionId?: number | undefined;
  categoryId?: number | undefined;
  discountedOnly?: boolean | undefined;
};

export type TicketListQuery = {
  filter: TicketFilter;
  order: 'hottest' | 'newest' | 'discounted' | 'price-asc' | 'price-desc' | 'default';
  limit: number;
  offset: number;
};

const effectivePrice = sql`coalesce(${tickets.discountedPriceCents}, ${tickets.priceCents})`;

const ORDERS: Record<TicketListQuery['order'], SQL[]> = {
  default: [asc(regions.countryCode), asc(areas.id), asc(tickets.id)],
  hottest: [desc(tickets.popularity), asc(tickets.id)],
  newest: [desc(tickets.createdAt), desc(tickets.id)],
  discounted: [desc(sql`${tickets.priceCents} - ${effectivePrice}`), asc(tickets.id)],
  'price-asc': [asc(effectivePrice), asc(tickets.id)],
  'price-desc': [desc(effectivePrice), asc(tickets.id)],
};

/** A page of ticket cards and the total, in one query; the id breaks ties so pages never overlap. */
export async function findTicketCards(db: Db, language: Language, query: TicketListQuery) {
  const rows = await db
    .select({ ...cardColumns(language), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(tickets)
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
    .where(and(eq(tickets.active, true), ...filterConditions(query.filter)))
    .orderBy(...ORDERS[query.order])
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

function filterConditions(filter: TicketFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.areaId !== undefined) conditions.push(eq(tickets.areaId, filter.areaId));
  if (filter.regionId !== undefined) conditions.push(eq(areas.regionId, filter.regionId));
  if (filter.categoryId !== undefined) conditions.push(eq(tickets.categoryId, filter.categoryId));
  if (filter.discountedOnly) conditions.push(isNotNull(tickets.discountedPriceCents));
  return conditions;
}

export async function findTicketInfo(db: Db, language: Language, id: number) {
  const [row] = await db
    .select({
      ...cardColumns(language),
      description: localized(tickets.description, language),
      categoryName: localized(categories.name, language),
      cityName: localizedOrNull(cities.name, language),
      countryName: localized(countries.name, language),
      latitude: areas.latitude,
      longitude: areas.longitude,
      season: tickets.season,
      durationHours: tickets.durationHours,
      languages: tickets.languages,
      meetingPoint: localizedOrNull(tickets.meetingPoint, language),
      openDays: tickets.openDays,
      cancellationPolicy: localized(cancellationPolicies.text, language),
      maxUsage: tickets.maxUsage,
      limits: localizedOrNull(areas.limits, language),
      residentCountries: tickets.residentCountries,
      requiresFishingCard: tickets.requiresFishingCard,
      dailyCapacity: tickets.dailyCapacity,
    })
    .from(tickets)
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .innerJoin(countries, eq(countries.code, regions.countryCode))
    .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
    .innerJoin(categories, eq(categories.id, tickets.categoryId))
    .innerJoin(cancellationPolicies, eq(cancellationPolicies.id, tickets.cancellationPolicyId))
    .leftJoin(cities, eq(cities.id, areas.cityId))
    .where(and(eq(tickets.id, id), eq(tickets.active, true)));
  return row;
}

export function findTicketServices(db: Db, language: Language, ticketId: number) {
  return db
    .select({ slug: serviceTags.slug, name: localized(serviceTags.name, language) })
    .from(ticketServiceTags)
    .innerJoin(serviceTags, eq(serviceTags.id, ticketServiceTags.serviceTagId))
    .where(eq(ticketServiceTags.ticketId, ticketId))
    .orderBy(asc(serviceTags.id));
}

export function findServiceTags(db: Db, language: Language) {
  return db
    .select({ id: serviceTags.id, slug: serviceTags.slug, name: localized(serviceTags.name, language) })
    .from(serviceTags)
    .orderBy(asc(serviceTags.id));
}

export function findCountryNames(db: Db, language: Language, codes: string[]) {
  return db
    .select({ code: countries.code, name: localized(countries.name, language) })
    .from(countries)
    .where(inArray(countries.code, codes))
    .orderBy(asc(countries.sortOrder));
}

export async function findTicketRules(db: Db, language: Language, id: number) {
  const [row] = await db
    .select({
      slug: tickets.slug,
      title: localized(tickets.title, language),
      rules: localized(tickets.rules, language),
    })
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.active, true)));
  return row;
}
