import { type Db, executeRows } from '@sentiero/db/client';
import { type SQL, sql } from 'drizzle-orm';

/** What a member's ranking is made of: ids from their preferences and purchases, and the growth boosts. */
export type RankingSignals = {
  preferredActivityIds: number[];
  preferredRegionIds: number[];
  boughtActivityIds: number[];
  boughtAreaIds: number[];
  boughtRegionIds: number[];
  heldTicketIds: number[];
  /** Area id → 0–1, from the growth forecast. */
  growthBoosts: Map<number, number>;
};

/**
 * Weights of the score. A preference or a purchase outweighs anything popularity and recency can
 * add together (at most 1.5), so a member's own signals always come first; good conditions in an
 * area lift it by up to a preferred region's weight.
 */
export const WEIGHTS = {
  preferredActivity: 4,
  boughtArea: 3.5,
  preferredRegion: 3,
  boughtActivity: 2.5,
  boughtRegion: 2,
  growth: 3,
  popularity: 1,
  recency: 0.5,
} as const;

/** A new listing's recency counts half after this many days. */
const RECENCY_HALF_LIFE_DAYS = 60;
/** Listings read besides the member's own matches: the most popular and the newest. */
const GENERAL_CANDIDATES = 100;
/**
 * Listings read for the member's activities, regions and areas together, shared among them (at
 * most 60, at least 12 each), most popular first: the candidates are then scored in full. A
 * listing that matches two signals but is among neither's most popular is missed, which costs
 * little: a row shows 12. Bounds the work whatever a member has chosen (EXPLAIN on 100,000
 * listings in `npm run bench:recommendations`).
 */
const PERSONAL_CANDIDATES = 720;
/** At most this many tickets of one area in a row, so one busy area cannot fill it. */
export const PER_AREA = 3;

export type RankedTicketRow = {
  ticketId: number;
  preferredActivity: boolean;
  preferredRegion: boolean;
  boughtActivity: boolean;
  boughtArea: boolean;
  boughtRegion: boolean;
  growth: number;
  score: number;
};

/** Ids as one array parameter (`{1,2}`): numbers only, so the literal cannot carry anything else. */
function intArray(ids: Iterable<number>): SQL {
  return sql`${`{${[...ids].map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/** An id written into the statement: a whole number, so the text cannot carry anything else. */
const literal = (id: number) => sql.raw(String(Math.trunc(id)));

/** A constant of the score, written into the statement so PostgreSQL types it as a number, not a parameter. */
const weight = (value: number) => sql.raw(String(value));

function floatArray(values: Iterable<number>): SQL {
  return sql`${`{${[...values].map((value) => Number(value) || 0).join(',')}}`}::float8[]`;
}

/**
 * The best `limit` tickets for a member, scored in one statement. Candidates are read by index: the
 * listings of the member's activities, regions and areas (and of boosted areas), the most popular
 * and the newest; then only those on sale at `now` (area open, today in the area's time zone in
 * the sale period, as the home rows filter) and not held for a day ahead are scored, at most
 * `PER_AREA` per area.
 */
export function findRankedTickets(
  db: Db,
  signals: RankingSignals,
  now: Date,
  limit: number,
): Promise<RankedTicketRow[]> {
  return executeRows<RankedTicketRow>(db, rankedTicketsQuery(signals, now, limit));
}

/** The statement of `findRankedTickets`, for the benchmark's EXPLAIN. */
export function rankedTicketsQuery(signals: RankingSignals, now: Date, limit: number): SQL {
  const personalActivities = new Set([...signals.preferredActivityIds, ...signals.boughtActivityIds]);
  const personalRegions = new Set([...signals.preferredRegionIds, ...signals.boughtRegionIds]);
  const personalAreas = new Set([...signals.boughtAreaIds, ...signals.growthBoosts.keys()]);
  const at = now.toISOString();
  const values = personalActivities.size + personalRegions.size + personalAreas.size;
  const perSignal = Math.max(12, Math.min(60, Math.floor(PERSONAL_CANDIDATES / Math.max(values, 1))));
  const columns = sql`f.ticket_id, f.area_id, f.region_id, f.activity_type_id, f.popularity, f.created_at`;
  // As the home rows filter (`onSaleAt`): the area open, today in its time zone in the sale period.
  const sellable = sql`exists (select 1 from areas a where a.id = f.area_id and a.available
      and (f.sale_from is null or f.sale_from <= (${at}::timestamptz at time zone a.time_zone)::date)
      and (f.sale_until is null or f.sale_until >= (${at}::timestamptz at time zone a.time_zone)::date))
    and f.ticket_id <> all(${intArray(signals.heldTicketIds)})`;
  const mostPopular = (match: SQL) => sql`(select ${columns} from ticket_facets f
      where ${match} and ${sellable}
      order by f.popularity desc nulls first, f.ticket_id limit ${perSignal})`;
  // One branch per value, its id written into the statement: PostgreSQL then plans each with
  // that value's own statistics, walking the popularity index for a common activity and reading a
  // small region's or area's own index, where one plan for all would walk the whole catalogue.
  const branches = [
    ...[...personalActivities].map((id) => mostPopular(sql`f.activity_type_id = ${literal(id)}`)),
    ...[...personalRegions].map((id) => mostPopular(sql`f.region_id = ${literal(id)}`)),
    ...[...personalAreas].map((id) => mostPopular(sql`f.area_id = ${literal(id)}`)),
    sql`(select ${columns} from ticket_facets f where ${sellable}
      order by f.popularity desc nulls first, f.ticket_id limit ${GENERAL_CANDIDATES})`,
    sql`(select ${columns} from ticket_facets f where ${sellable}
      order by f.created_at desc nulls first, f.ticket_id desc nulls first limit ${GENERAL_CANDIDATES})`,
  ];
  return sql`with most_popular as (
          select popularity from ticket_facets order by popularity desc nulls first limit 1
        ),
        boost as (
          select * from unnest(${intArray(signals.growthBoosts.keys())}, ${floatArray(signals.growthBoosts.values())})
            as boost(area_id, score)
        ),
        found as (
          ${sql.join(branches, sql` union all `)}
        ),
        candidates as (select distinct on (ticket_id) * from found),
        matched as (
          select c.ticket_id, c.area_id, c.popularity, c.created_at,
            c.activity_type_id = any(${intArray(signals.preferredActivityIds)}) as preferred_activity,
            c.region_id = any(${intArray(signals.preferredRegionIds)}) as preferred_region,
            c.activity_type_id = any(${intArray(signals.boughtActivityIds)}) as bought_activity,
            c.area_id = any(${intArray(signals.boughtAreaIds)}) as bought_area,
            c.region_id = any(${intArray(signals.boughtRegionIds)}) as bought_region,
            least(greatest(coalesce(boost.score, 0), 0), 1)::float8 as growth
          from candidates c
          left join boost on boost.area_id = c.area_id
        ),
        scored as (
          select m.*,
            ${weight(WEIGHTS.preferredActivity)} * m.preferred_activity::int
            + ${weight(WEIGHTS.preferredRegion)} * m.preferred_region::int
            + ${weight(WEIGHTS.boughtActivity)} * m.bought_activity::int
            + ${weight(WEIGHTS.boughtArea)} * m.bought_area::int
            + ${weight(WEIGHTS.boughtRegion)} * m.bought_region::int
            + ${weight(WEIGHTS.growth)} * m.growth
            + ${weight(WEIGHTS.popularity)} * ln(1 + greatest(m.popularity, 0)::float8)
                / ln(1 + greatest((select popularity from most_popular), 1)::float8)
            + ${weight(WEIGHTS.recency)} * power(0.5::float8,
                greatest(extract(epoch from ${at}::timestamptz - m.created_at)::float8, 0)
                / ${weight(RECENCY_HALF_LIFE_DAYS * 86_400)}) as score
          from matched m
        ),
        ranked as (
          select s.*, row_number() over (partition by s.area_id order by s.score desc, s.ticket_id) as in_area
          from scored s
        )
        select ticket_id as "ticketId", preferred_activity as "preferredActivity",
          preferred_region as "preferredRegion", bought_activity as "boughtActivity",
          bought_area as "boughtArea", bought_region as "boughtRegion", growth, score
        from ranked
        where in_area <= ${PER_AREA}
        order by score desc, ticket_id
        limit ${limit}`;
}
