import { createHash } from 'node:crypto';
import { type DurationType, isoWeekday, parseCalendarDate } from '@sentiero/contract/durations';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { preparedOnce } from '@sentiero/db/prepared';
import {
  activityTypes,
  areas,
  regions,
  serviceTags,
  ticketFacets,
  ticketSearch,
  tickets,
} from '@sentiero/db/schema';
import { SEARCH_CONFIGS } from '@sentiero/db/search-index';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { COUNT_AHEAD, RELEVANCE_CANDIDATES } from './listing-limits.ts';
import { cardColumns } from './repo.ts';

/*
 * Listings of ticket cards: the filters, their order, and the prepared statements that page and
 * count them (DESIGN: bounded work per request). The ticket's own page reads from `repo.ts`.
 */

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
  /**
   * Only tickets that can be bought at this instant: their area open and the day, in the area's
   * time zone, in their sale period (what a card's `on_sale` says, see `isOnSale`).
   */
  onSaleAt?: Date | undefined;
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

/** The words as a query in their language's dictionary; the words themselves are the `tsquery` value. */
function textQuery(text: NonNullable<TicketFilter['text']>): SQL {
  return sql`to_tsquery(${sql.raw(`'${SEARCH_CONFIGS[text.language]}'`)}::regconfig, ${sql.placeholder('tsquery')}::text)`;
}

/** The facet rows a listing reads: the narrow table, or the search documents when there are words. */
type FacetTable = typeof ticketFacets | typeof ticketSearch;

function orderBy(table: FacetTable, query: TicketListQuery): SQL[] {
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
      // The catalogue's order (country, area, ticket); one area or one region fixes its first
      // terms, and leaving them out lets PostgreSQL read the page from that filter's index.
      if (query.filter.areaId !== undefined) return [asc(table.ticketId)];
      if (query.filter.regionId !== undefined) return [asc(table.areaId), asc(table.ticketId)];
      return [asc(table.countryCode), asc(table.areaId), asc(table.ticketId)];
  }
}

/** The values a listing's statements take, by placeholder name. */
type Values = Record<string, unknown>;

/**
 * A listing's statements for one shape of request (which filters, which order, which languages):
 * the page of ids and the bounded count, built once per shape and prepared on each connection, so
 * a request only sends its values. Shapes are few in practice; past `MAX_PREPARED_SHAPES` a rare
 * combination of filters is built and planned each time instead of adding statements.
 */
type ListingStatements = {
  /** `matched`, when the page statement counts too: the matches up to `countLimit`. */
  page: { execute(values: Values): Promise<{ id: number; matched?: number }[]> };
  count: { execute(values: Values): Promise<{ total: number }[]> };
};

const MAX_PREPARED_SHAPES = 300;
const preparedShapes = new WeakMap<Db, Map<string, ListingStatements>>();

function listingShape(query: TicketListQuery): string {
  const filters = Object.entries(query.filter)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([name]) => name)
    .sort();
  const text = query.filter.text ? `:${query.filter.text.language}` : '';
  return `${query.order}${text}:${filters.join(',')}`;
}

function listingStatements(db: Db, query: TicketListQuery): ListingStatements {
  const shape = listingShape(query);
  let byShape = preparedShapes.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedShapes.set(db, byShape);
  }
  const known = byShape.get(shape);
  if (known) return known;
  const prepare = byShape.size < MAX_PREPARED_SHAPES;
  const name = `listing_${createHash('sha1').update(shape).digest('hex').slice(0, 20)}`;
  const { page, count } = buildListingQueries(db, query);
  const statements: ListingStatements = prepare
    ? { page: page.prepare(`${name}_page`), count: count.prepare(`${name}_count`) }
    : {
        page: { execute: (values) => page.execute(values) },
        count: { execute: (values) => count.execute(values) },
      };
  if (prepare) byShape.set(shape, statements);
  return statements;
}

/**
 * The page and count statements of a listing, with placeholders for every value. The page comes
 * from facet rows — the narrow table, or the language's search documents when there are words —
 * usually straight from an index in the list's order; counting stops `COUNT_AHEAD` past the page.
 */
function buildListingQueries(db: Db, query: TicketListQuery) {
  const text = query.filter.text;
  const table: FacetTable = text ? ticketSearch : ticketFacets;
  const where = and(
    ...(text
      ? [
          // A literal, not a parameter: each language's documents have their own partial GIN
          // index, which a prepared statement's generic plan can use only for a constant.
          sql`${ticketSearch.language} = ${sql.raw(`'${LANGUAGES.includes(text.language) ? text.language : 'en'}'`)}`,
          sql`${ticketSearch.document} @@ ${textQuery(text)}`,
        ]
      : []),
    ...filterConditions(table, query.filter),
  );
  const page =
    query.order === 'relevance' && text
      ? relevantPageQuery(db, where, text)
      : db
          .select({ id: table.ticketId })
          .from(table)
          .where(where)
          .orderBy(...orderBy(table, query))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
  const count = db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(
      db.select({ one: sql`1` }).from(table).where(where).limit(sql.placeholder('countLimit')).as('matches'),
    );
  return { page, count };
}

/**
 * A page of word matches by relevance, and how many match, in one pass over the matches: up to
 * `countLimit` are read (the count), and only the first `candidates` of them are ranked. Matches
 * are read in the search documents' stored order — most popular first (see `rebuildSearchIndex`)
 * — from the language's top tier first, through its own small index, and from the rest of the
 * index only when the tier holds fewer than `countLimit`: a common word over a large catalogue
 * ranks the few hundred most popular listings that contain it without collecting its every
 * posting (ADR 013); a rare word reads all its matches, which are few.
 */
function relevantPageQuery(db: Db, where: SQL | undefined, text: NonNullable<TicketFilter['text']>) {
  // Literals, not parameters: only then can a prepared statement's plan use the tier's partial index.
  const tier = (top: boolean) =>
    db
      .select({
        ticketId: ticketSearch.ticketId,
        popularity: ticketSearch.popularity,
        document: ticketSearch.document,
      })
      .from(ticketSearch)
      .where(and(where, top ? sql`${ticketSearch.topTier}` : sql`not ${ticketSearch.topTier}`));
  // Union all keeps the tiers in turn, and the limit stops reading before the second when the
  // first suffices.
  const matches = db
    .select({
      ticketId: sql<number>`tiers.ticket_id`.as('ticket_id'),
      popularity: sql<number>`tiers.popularity`.as('popularity'),
      document: sql`tiers.document`.as('document'),
      position: sql<number>`row_number() over ()`.as('position'),
    })
    .from(sql`((${tier(true)}) union all (${tier(false)})) as tiers`)
    .limit(sql.placeholder('countLimit'))
    .as('matches');
  const rank = sql`case when ${matches.position} <= ${sql.placeholder('candidates')}
    then ts_rank(${matches.document}, ${textQuery(text)}) end`;
  return db
    .select({ id: matches.ticketId, matched: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matches)
    .orderBy(sql`${rank} desc nulls last`, desc(matches.popularity), asc(matches.ticketId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** The placeholders' values of a listing request (see `filterConditions` for their names). */
function listingValues(query: TicketListQuery): Values {
  const { filter } = query;
  const values: Values = {
    limit: query.limit,
    offset: query.offset,
    countLimit:
      query.offset + (query.order === 'relevance' && filter.text ? RELEVANCE_CANDIDATES : COUNT_AHEAD),
    // The same for every page: ranking more for a deep page would reorder the pages before it.
    candidates: RELEVANCE_CANDIDATES,
  };
  for (const name of ['areaId', 'regionId', 'categoryId', 'activity', 'country', 'durationType'] as const) {
    if (filter[name] !== undefined) values[name] = filter[name];
  }
  if (filter.minPriceCents !== undefined) values.minPrice = filter.minPriceCents;
  if (filter.maxPriceCents !== undefined) values.maxPrice = filter.maxPriceCents;
  if (filter.serviceTag) values.serviceTag = filter.serviceTag;
  if (filter.text) values.tsquery = filter.text.tsquery;
  if (filter.startDate) {
    values.startDate = filter.startDate;
    values.startDay = filter.startDate.slice(5);
    values.weekday = isoWeekday(parseCalendarDate(filter.startDate) as Date);
  }
  if (filter.endDate) values.endDate = filter.endDate;
  if (filter.onSaleAt) values.onSaleAt = filter.onSaleAt.toISOString();
  return values;
}

/** The cards of the tickets `ids`, in any order: prepared once per language. */
export function findCardsById(db: Db, language: Language, ids: number[]) {
  const find = preparedOnce(db, `ticket_cards_${language}`, (name) =>
    db
      .select(cardColumns(language))
      .from(tickets)
      .innerJoin(areas, eq(areas.id, tickets.areaId))
      .innerJoin(regions, eq(regions.id, areas.regionId))
      .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
      .where(sql`${tickets.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare(name),
  );
  return find.execute({ ids });
}

/**
 * A page of ticket cards and how many tickets match. The page's ids and the count are read side
 * by side on two connections, then only the page's tickets are read in full; the id breaks ties so
 * pages never overlap. `exact` says whether the total is the whole count.
 */
export async function findTicketCards(db: Db, language: Language, query: TicketListQuery) {
  const statements = listingStatements(db, query);
  const values = listingValues(query);
  const countsItself = query.order === 'relevance' && query.filter.text !== undefined;
  const [page, counted] = await Promise.all([
    statements.page.execute(values),
    countsItself ? undefined : statements.count.execute(values),
  ]);
  // A page past the last match has no row to carry the count: then it is counted on its own.
  const total = countsItself
    ? (page[0]?.matched ?? (await statements.count.execute(values))[0]?.total ?? 0)
    : (counted?.[0]?.total ?? 0);
  const exact = total < (values.countLimit as number);
  const ids = page.map((row) => row.id);
  if (ids.length === 0) return { rows: [], total, exact };
  const cards = await findCardsById(db, language, ids);
  const byId = new Map(cards.map((card) => [card.id, card]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total, exact };
}

/** The filter's conditions, each value a placeholder named as in `listingValues`. */
function filterConditions(table: FacetTable, filter: TicketFilter): SQL[] {
  const value = (name: string) => sql.placeholder(name);
  const conditions: SQL[] = [];
  if (filter.areaId !== undefined) conditions.push(sql`${table.areaId} = ${value('areaId')}`);
  if (filter.regionId !== undefined) conditions.push(sql`${table.regionId} = ${value('regionId')}`);
  if (filter.categoryId !== undefined) conditions.push(sql`${table.categoryId} = ${value('categoryId')}`);
  if (filter.discountedOnly) conditions.push(sql`${table.discountCents} > 0`);
  if (filter.onSaleAt) {
    // One primary-key lookup in the small areas table per row the list's index yields, so the
    // page is still read in the index's order and stops after its last row (ADR 013).
    const today = sql`(${value('onSaleAt')}::timestamptz at time zone ${areas.timeZone})::date`;
    conditions.push(sql`exists (select 1 from ${areas} where ${areas.id} = ${table.areaId} and ${areas.available}
      and (${table.saleFrom} is null or ${table.saleFrom} <= ${today})
      and (${table.saleUntil} is null or ${table.saleUntil} >= ${today}))`);
  }
  if (filter.activity) {
    conditions.push(
      sql`${table.activityTypeId} = (select ${activityTypes.id} from ${activityTypes} where ${activityTypes.slug} = ${value('activity')})`,
    );
  }
  if (filter.country) conditions.push(sql`${table.countryCode} = ${value('country')}`);
  if (filter.durationType) conditions.push(sql`${table.durationType} = ${value('durationType')}`);
  if (filter.minPriceCents !== undefined) conditions.push(sql`${table.priceCents} >= ${value('minPrice')}`);
  if (filter.maxPriceCents !== undefined) conditions.push(sql`${table.priceCents} <= ${value('maxPrice')}`);
  if (filter.serviceTag) {
    conditions.push(
      sql`(select ${serviceTags.id} from ${serviceTags} where ${serviceTags.slug} = ${value('serviceTag')}) = any(${table.serviceTagIds})`,
    );
  }
  if (filter.startDate) {
    // Dates are validated calendar days (YYYY-MM-DD) before they reach here.
    const day = sql`${value('startDay')}::varchar`;
    const { seasonStart: start, seasonEnd: end } = table;
    // A season may wrap the new year (December to March).
    conditions.push(sql`(${start} is null or case when ${start} <= ${end}
      then ${day} between ${start} and ${end} else ${day} >= ${start} or ${day} <= ${end} end)`);
    conditions.push(sql`(${table.saleUntil} is null or ${table.saleUntil} >= ${value('startDate')}::date)`);
    if (!filter.endDate) conditions.push(sql`${value('weekday')}::smallint = any(${table.openDays})`);
  }
  if (filter.endDate) {
    conditions.push(sql`(${table.saleFrom} is null or ${table.saleFrom} <= ${value('endDate')}::date)`);
  }
  return conditions;
}
