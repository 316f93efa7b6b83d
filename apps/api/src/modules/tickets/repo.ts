import type { DurationType } from '@sentiero/contract/durations';
import type { Language } from '@sentiero/contract/languages';
import { type Db, executeRows } from '@sentiero/db/client';
import { localized, localizedOrNull } from '@sentiero/db/localized';
import {
  activityTypes,
  areas,
  cancellationPolicies,
  categories,
  cities,
  countries,
  regions,
  searchWords,
  serviceTags,
  ticketSearch,
  ticketServiceTags,
  tickets,
} from '@sentiero/db/schema';
import { SEARCH_CONFIGS } from '@sentiero/db/search-index';
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
  activity?: string | undefined;
  serviceTag?: string | undefined;
  country?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  durationType?: DurationType | undefined;
  /** A day the ticket must be usable on: in its season and, when alone, on an open day. */
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** Full-text query (`to_tsquery` syntax, built from sanitised words) in a language's dictionary. */
  text?: { language: Language; tsquery: string } | undefined;
};

export type TicketListQuery = {
  filter: TicketFilter;
  order: 'hottest' | 'newest' | 'discounted' | 'price-asc' | 'price-desc' | 'default' | 'relevance';
  limit: number;
  offset: number;
};

const effectivePrice = sql`coalesce(${tickets.discountedPriceCents}, ${tickets.priceCents})`;

function textQuery(text: NonNullable<TicketFilter['text']>): SQL {
  return sql`to_tsquery(${sql.raw(`'${SEARCH_CONFIGS[text.language]}'`)}::regconfig, ${text.tsquery})`;
}

function orderBy(query: TicketListQuery): SQL[] {
  if (query.order === 'relevance' && query.filter.text) {
    const rank = sql`ts_rank(${ticketSearch.document}, ${textQuery(query.filter.text)})`;
    return [desc(rank), desc(tickets.popularity), asc(tickets.id)];
  }
  return ORDERS[query.order === 'relevance' ? 'default' : query.order];
}

const ORDERS: Record<Exclude<TicketListQuery['order'], 'relevance'>, SQL[]> = {
  default: [asc(regions.countryCode), asc(areas.id), asc(tickets.id)],
  hottest: [desc(tickets.popularity), asc(tickets.id)],
  newest: [desc(tickets.createdAt), desc(tickets.id)],
  discounted: [desc(sql`${tickets.priceCents} - ${effectivePrice}`), asc(tickets.id)],
  'price-asc': [asc(effectivePrice), asc(tickets.id)],
  'price-desc': [desc(effectivePrice), asc(tickets.id)],
};

/** A page of ticket cards and the total, in one query; the id breaks ties so pages never overlap. */
export async function findTicketCards(db: Db, language: Language, query: TicketListQuery) {
  const text = query.filter.text;
  const base = db
    .select({ ...cardColumns(language), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(tickets)
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
    .$dynamic();
  // Words search through the GIN index of the language's documents, joined once (not per row).
  const searched = text
    ? base.innerJoin(
        ticketSearch,
        and(
          eq(ticketSearch.ticketId, tickets.id),
          eq(ticketSearch.language, text.language),
          sql`${ticketSearch.document} @@ ${textQuery(text)}`,
        ),
      )
    : base;
  const rows = await searched
    .where(and(eq(tickets.active, true), ...filterConditions(query.filter)))
    .orderBy(...orderBy(query))
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
  if (filter.activity) conditions.push(eq(activityTypes.slug, filter.activity));
  if (filter.country) conditions.push(eq(regions.countryCode, filter.country));
  if (filter.durationType) conditions.push(eq(tickets.durationType, filter.durationType));
  if (filter.minPriceCents !== undefined) conditions.push(sql`${effectivePrice} >= ${filter.minPriceCents}`);
  if (filter.maxPriceCents !== undefined) conditions.push(sql`${effectivePrice} <= ${filter.maxPriceCents}`);
  if (filter.serviceTag) {
    conditions.push(sql`exists (select 1 from ${ticketServiceTags} join ${serviceTags} on ${serviceTags.id} = ${ticketServiceTags.serviceTagId}
      where ${ticketServiceTags.ticketId} = ${tickets.id} and ${serviceTags.slug} = ${filter.serviceTag})`);
  }
  if (filter.startDate) {
    const day = sql`to_char(${filter.startDate}::date, 'MM-DD')`;
    const start = sql`${tickets.season}->>'start'`;
    const end = sql`${tickets.season}->>'end'`;
    // A season may wrap the new year (December to March).
    conditions.push(sql`(${tickets.season} is null or case when ${start} <= ${end}
      then ${day} between ${start} and ${end} else ${day} >= ${start} or ${day} <= ${end} end)`);
    conditions.push(sql`(${tickets.saleUntil} is null or ${tickets.saleUntil} >= ${filter.startDate}::date)`);
    if (!filter.endDate) {
      conditions.push(
        sql`extract(isodow from ${filter.startDate}::date)::smallint = any(${tickets.openDays})`,
      );
    }
  }
  if (filter.endDate) {
    conditions.push(sql`(${tickets.saleFrom} is null or ${tickets.saleFrom} <= ${filter.endDate}::date)`);
  }
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

/**
 * For each (possibly misspelt) query word, the closest word of the language's dictionary: the
 * word itself when known, the query word unchanged when nothing is close. One query for all words.
 */
export async function findClosestWords(db: Db, language: Language, words: string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const list = sql.join(
    words.map((word) => sql`${word}::text`),
    sql`, `,
  );
  const rows = await executeRows<{ word: string }>(
    db,
    sql`
    select coalesce(
      (select ${searchWords.word} from ${searchWords}
        where ${searchWords.language} = ${language} and ${searchWords.word} % q.word
        order by ${searchWords.word} <-> q.word limit 1),
      q.word) as word
    from unnest(array[${list}]) with ordinality as q(word, position)
    order by q.position`,
  );
  return rows.map((row) => row.word);
}

export async function findPriceRange(db: Db) {
  const [row] = await db
    .select({
      min: sql<number>`coalesce(min(${effectivePrice}), 0)`.mapWith(Number),
      max: sql<number>`coalesce(max(${effectivePrice}), 0)`.mapWith(Number),
    })
    .from(tickets)
    .where(eq(tickets.active, true));
  return row ?? { min: 0, max: 0 };
}

export function findActivities(db: Db, language: Language) {
  return db
    .select({
      slug: activityTypes.slug,
      name: localized(activityTypes.name, language),
      icon: activityTypes.icon,
    })
    .from(activityTypes)
    .orderBy(asc(activityTypes.sortOrder));
}
