import { type DurationType, isoWeekday, parseCalendarDate } from '@sentiero/contract/durations';
import type { Language } from '@sentiero/contract/languages';
import { type Db, executeRows } from '@sentiero/db/client';
import { localized, localizedOrNull } from '@sentiero/db/localized';
import { preparedOnce } from '@sentiero/db/prepared';
import {
  activityTypes,
  areas,
  cancellationPolicies,
  categories,
  cities,
  countries,
  regions,
  serviceTags,
  ticketFacets,
  ticketSearch,
  ticketServiceTags,
  tickets,
} from '@sentiero/db/schema';
import { SEARCH_CONFIGS } from '@sentiero/db/search-index';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

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

function textQuery(text: NonNullable<TicketFilter['text']>): SQL {
  return sql`to_tsquery(${sql.raw(`'${SEARCH_CONFIGS[text.language]}'`)}::regconfig, ${text.tsquery})`;
}

/** The facet rows a listing reads: the narrow table, or the search documents when there are words. */
type FacetTable = typeof ticketFacets | typeof ticketSearch;

function orderBy(table: FacetTable, query: TicketListQuery): SQL[] {
  if (query.order === 'relevance' && query.filter.text) {
    const rank = sql`ts_rank(${ticketSearch.document}, ${textQuery(query.filter.text)})`;
    return [desc(rank), desc(table.popularity), asc(table.ticketId)];
  }
  switch (query.order === 'relevance' ? 'default' : query.order) {
    case 'hottest':
      return [desc(table.popularity), asc(table.ticketId)];
    case 'newest':
      return [desc(table.createdAt), desc(table.ticketId)];
    case 'discounted':
      return [desc(table.discountCents), asc(table.ticketId)];
    case 'price-asc':
      return [asc(table.priceCents), asc(table.ticketId)];
    case 'price-desc':
      return [desc(table.priceCents), asc(table.ticketId)];
    default:
      return [asc(table.countryCode), asc(table.areaId), asc(table.ticketId)];
  }
}

/** A listing counts at most this many tickets past the page asked for (DESIGN: bounded work per request). */
export const COUNT_AHEAD = 1000;

/**
 * The page's ids and the count, side by side on two connections. The page usually comes straight
 * from an index in the list's order (or, for words, from ranking the language's GIN matches);
 * counting stops `COUNT_AHEAD` tickets past the page.
 */
async function findPageAndCount(db: Db, table: FacetTable, where: SQL | undefined, query: TicketListQuery) {
  const countLimit = query.offset + COUNT_AHEAD;
  const [page, [counted]] = await Promise.all([
    db
      .select({ id: table.ticketId })
      .from(table)
      .where(where)
      .orderBy(...orderBy(table, query))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(db.select({ one: sql`1` }).from(table).where(where).limit(countLimit).as('matches')),
  ]);
  const total = counted?.total ?? 0;
  return { ids: page.map((row) => row.id), total, exact: total < countLimit };
}

/**
 * A page of ticket cards and how many tickets match. The page is chosen on facet rows — the
 * narrow table, or the language's search documents when there are words — then only its tickets
 * are read in full; the id breaks ties so pages never overlap. `exact` says whether the total is
 * the whole count.
 */
export async function findTicketCards(db: Db, language: Language, query: TicketListQuery) {
  const text = query.filter.text;
  const table: FacetTable = text ? ticketSearch : ticketFacets;
  const where = and(
    ...(text
      ? [eq(ticketSearch.language, text.language), sql`${ticketSearch.document} @@ ${textQuery(text)}`]
      : []),
    ...filterConditions(table, query.filter),
  );
  const { ids, total, exact } = await findPageAndCount(db, table, where, query);
  if (ids.length === 0) return { rows: [], total, exact };
  const cards = await db
    .select(cardColumns(language))
    .from(tickets)
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
    .where(inArray(tickets.id, ids));
  const byId = new Map(cards.map((card) => [card.id, card]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total, exact };
}

function filterConditions(table: FacetTable, filter: TicketFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.areaId !== undefined) conditions.push(eq(table.areaId, filter.areaId));
  if (filter.regionId !== undefined) conditions.push(eq(table.regionId, filter.regionId));
  if (filter.categoryId !== undefined) conditions.push(eq(table.categoryId, filter.categoryId));
  if (filter.discountedOnly) conditions.push(sql`${table.discountCents} > 0`);
  if (filter.activity) {
    conditions.push(
      sql`${table.activityTypeId} = (select ${activityTypes.id} from ${activityTypes} where ${activityTypes.slug} = ${filter.activity})`,
    );
  }
  if (filter.country) conditions.push(eq(table.countryCode, filter.country));
  if (filter.durationType) conditions.push(eq(table.durationType, filter.durationType));
  if (filter.minPriceCents !== undefined)
    conditions.push(sql`${table.priceCents} >= ${filter.minPriceCents}`);
  if (filter.maxPriceCents !== undefined)
    conditions.push(sql`${table.priceCents} <= ${filter.maxPriceCents}`);
  if (filter.serviceTag) {
    conditions.push(
      sql`(select ${serviceTags.id} from ${serviceTags} where ${serviceTags.slug} = ${filter.serviceTag}) = any(${table.serviceTagIds})`,
    );
  }
  if (filter.startDate) {
    // Dates are validated calendar days (YYYY-MM-DD) before they reach here.
    const day = filter.startDate.slice(5);
    const { seasonStart: start, seasonEnd: end } = table;
    // A season may wrap the new year (December to March).
    conditions.push(sql`(${start} is null or case when ${start} <= ${end}
      then ${day} between ${start} and ${end} else ${day} >= ${start} or ${day} <= ${end} end)`);
    conditions.push(sql`(${table.saleUntil} is null or ${table.saleUntil} >= ${filter.startDate}::date)`);
    if (!filter.endDate) {
      const weekday = isoWeekday(parseCalendarDate(filter.startDate) as Date);
      conditions.push(sql`${weekday}::smallint = any(${table.openDays})`);
    }
  }
  if (filter.endDate) {
    conditions.push(sql`(${table.saleFrom} is null or ${table.saleFrom} <= ${filter.endDate}::date)`);
  }
  return conditions;
}

/** Tickets for the same activity in the same area as ticket `id` (itself included), cheapest first. */
export function findTicketPackages(db: Db, language: Language, id: number) {
  const sibling = db
    .select({ areaId: tickets.areaId, activityTypeId: tickets.activityTypeId })
    .from(tickets)
    .where(eq(tickets.id, id))
    .as('sibling');
  return db
    .select(cardColumns(language))
    .from(tickets)
    .innerJoin(
      sibling,
      and(eq(sibling.areaId, tickets.areaId), eq(sibling.activityTypeId, tickets.activityTypeId)),
    )
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
    .where(eq(tickets.active, true))
    .orderBy(asc(sql`coalesce(${tickets.discountedPriceCents}, ${tickets.priceCents})`), asc(tickets.id))
    .limit(MAX_PACKAGES);
}

const MAX_PACKAGES = 24;

/** The event page and every buy read it: prepared once per language. */
export async function findTicketInfo(db: Db, language: Language, id: number) {
  const find = preparedOnce(db, `ticket_info_${language}`, (name) =>
    ticketInfoQuery(db, language).prepare(name),
  );
  const [row] = await find.execute({ id });
  return row;
}

/**
 * The ticket a member is paying for, and in the same statement the id of the order an earlier
 * try of this purchase made (`idempotencyKey`), if any. Undefined when the ticket is not on sale.
 * Only what a buy reads (sale and guest rules, price, places, the names its order summary and
 * signed tickets carry): every buy sends it, and the event page's texts are long.
 */
export async function findTicketForPurchase(
  db: Db,
  language: Language,
  id: number,
  purchase: { userId: number; idempotencyKey: string },
) {
  const find = preparedOnce(db, `ticket_for_purchase_${language}`, (name) =>
    db
      .select({
        earlierOrderId: sql<number | null>`(select o.id from orders o
          where o.user_id = ${sql.placeholder('userId')} and o.idempotency_key = ${sql.placeholder('key')})`,
        id: tickets.id,
        title: localized(tickets.title, language),
        areaId: areas.id,
        areaName: localized(areas.name, language),
        areaAvailable: areas.available,
        timeZone: areas.timeZone,
        regionName: localized(regions.name, language),
        categoryId: tickets.categoryId,
        categoryName: localized(categories.name, language),
        durationType: tickets.durationType,
        season: tickets.season,
        openDays: tickets.openDays,
        minAge: tickets.minAge,
        requiresFishingCard: tickets.requiresFishingCard,
        residentCountries: tickets.residentCountries,
        priceCents: tickets.priceCents,
        discountedPriceCents: tickets.discountedPriceCents,
        active: tickets.active,
        saleFrom: tickets.saleFrom,
        saleUntil: tickets.saleUntil,
        maxUsage: tickets.maxUsage,
        dailyCapacity: tickets.dailyCapacity,
      })
      .from(tickets)
      .innerJoin(areas, eq(areas.id, tickets.areaId))
      .innerJoin(regions, eq(regions.id, areas.regionId))
      .innerJoin(categories, eq(categories.id, tickets.categoryId))
      .where(and(eq(tickets.id, sql.placeholder('id')), eq(tickets.active, true)))
      .prepare(name),
  );
  const [row] = await find.execute({ id, userId: purchase.userId, key: purchase.idempotencyKey });
  return row;
}

function ticketInfoQuery<Extra extends Record<string, SQL>>(
  db: Db,
  language: Language,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      ...extra,
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
    .where(and(eq(tickets.id, sql.placeholder('id')), eq(tickets.active, true)));
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

/** Places taken per day of a ticket between two dates, for the availability calendar. */
export async function findTakenPlaces(db: Db, ticketId: number, from: string, to: string) {
  const rows = await executeRows<{ day: string | Date; taken: number }>(
    db,
    sql`select day, taken from ticket_day_places
        where ticket_id = ${ticketId} and day between ${from} and ${to}`,
  );
  return new Map(
    rows.map((row) => [
      typeof row.day === 'string' ? row.day : row.day.toISOString().slice(0, 10),
      row.taken,
    ]),
  );
}
