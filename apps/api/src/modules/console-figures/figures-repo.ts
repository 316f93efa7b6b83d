import type { ListScope } from '@sentiero/contract/access';
import type { FigureGrain, FigureSplit } from '@sentiero/contract/console-figures';
import type { Language } from '@sentiero/contract/languages';
import { type Db, executeRows } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';
import { dailySums, endOf, findRolledThrough, placesOfDays } from './figure-rollup-repo.ts';

/*
 * The figures' queries (ADR 036). Sums of closed days come from `figure_days`, which
 * `rollUpFigureDays` fills; the days after its last one are added up from the orders, refunds and
 * check-ins themselves by the same SQL (`dailySums`), so the answer does not depend on whether the
 * job has run. Every query applies the staff member's scope to the areas in the query itself.
 */

export type FigurePeriod = { from: string; to: string; grain: FigureGrain; split: FigureSplit };

const GRAIN_UNITS: Record<FigureGrain, string> = { day: 'day', week: 'week', month: 'month' };

/** The first day of the bucket a day falls in: rows are grouped and sorted by it as a date (a text sorts slower). */
function bucketOf(grain: FigureGrain, day: ReturnType<typeof sql>) {
  return sql`date_trunc(${sql.raw(`'${GRAIN_UNITS[grain]}'`)}, ${day})::date`;
}

function keyOf(split: FigureSplit) {
  if (split === 'operator') return sql`a.operator_id`;
  if (split === 'area') return sql`a.id`;
  return sql`t.id`;
}

export function intArray(ids: readonly number[]) {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/** The areas (`a`) the scope shows: all, its operators' and its own areas, or none. */
export function areasInScope(scope: ListScope) {
  if (scope.everywhere) return sql`true`;
  if (scope.operatorIds.length === 0 && scope.areaIds.length === 0) return sql`false`;
  return sql`(a.operator_id = any(${intArray(scope.operatorIds)}) or a.id = any(${intArray(scope.areaIds)}))`;
}

const SUM_COLUMNS = sql.raw(`ticket_id, sales_cents, on_site_sales_cents, orders, refunds_cents, refunds,
      coupon_orders, coupon_discount_cents, check_ins, places_taken, places_capacity`);

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function addMonths(month: string, months: number): string {
  const date = new Date(`${month}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/**
 * The added-up rows of the days from `from` to `to` (every one of them added up, `through` the
 * last day added up), as (day, sums): for a period by month, each month from `figure_months`
 * dated by its first day when the period holds every day its row adds up — a whole month, or the
 * month of `through` when the period goes on past it (its row holds its days up to `through`,
 * ADR 052) — and the days of the months it cuts from `figure_days`.
 */
function rolledRows(from: string, to: string, grain: FigureGrain, through: string) {
  const days = (first: string, last: string) =>
    sql`select day, ${SUM_COLUMNS} from figure_days where day between ${first}::date and ${last}::date`;
  if (grain !== 'month') return days(from, to);
  const firstWhole = from.endsWith('-01') ? from : addMonths(`${from.slice(0, 7)}-01`, 1);
  const afterLastWhole =
    addDays(to, 1).endsWith('-01') || to === through
      ? addMonths(`${to.slice(0, 7)}-01`, 1)
      : `${to.slice(0, 7)}-01`;
  if (firstWhole >= afterLastWhole) return days(from, to);
  const parts = [
    sql`select month as day, ${SUM_COLUMNS} from figure_months
        where month >= ${firstWhole}::date and month < ${afterLastWhole}::date`,
  ];
  if (from < firstWhole) parts.push(days(from, addDays(firstWhole, -1)));
  if (afterLastWhole <= to) parts.push(days(afterLastWhole, to));
  return sql.join(parts, sql` union all `);
}

/**
 * The period as rows per (day, ticket) with the sums' columns: the added-up rows up to the last
 * day added up (`rolledRows`), and after it `live` of the days left (events read as they are).
 */
async function rowsOfPeriod(
  db: Db,
  { from, to, grain }: Pick<FigurePeriod, 'from' | 'to' | 'grain'>,
  live: (from: string, to: string) => ReturnType<typeof sql>,
) {
  const through = await findRolledThrough(db);
  if (through === null || through < from) return live(from, to);
  const rolled = rolledRows(from, through < to ? through : to, grain, through);
  if (through >= to) return rolled;
  return sql`${rolled} union all ${live(addDays(through, 1), to)}`;
}

/** The sums' columns of days not added up yet, read from the orders, refunds and check-ins. */
function liveSales(from: string, to: string) {
  return sql`select day, ticket_id, sales_cents, on_site_sales_cents, orders, refunds_cents, refunds,
      coupon_orders, coupon_discount_cents, check_ins, 0 as places_taken, null::int as places_capacity
    from (${dailySums(from, to)}) s`;
}

/** The places of days not added up yet (today and the days ahead), read from the days themselves. */
function livePlaces(from: string, to: string) {
  return sql`select day, ticket_id, 0::bigint as sales_cents, 0::bigint as on_site_sales_cents, 0 as orders,
      0::bigint as refunds_cents, 0 as refunds, 0 as coupon_orders, 0::bigint as coupon_discount_cents,
      0 as check_ins, taken as places_taken, capacity as places_capacity
    from (${placesOfDays(from, to)}) p`;
}

export type SalesRow = {
  bucket: string;
  key: number;
  gross_cents: number;
  on_site_cents: number;
  refunds_cents: number;
  orders: number;
  refunds: number;
  coupon_orders: number;
  coupon_discount_cents: number;
  check_ins: number;
};

/**
 * Sales, refunds, orders, coupon use and check-ins of the period per bucket and split key, in
 * the scope. The p95 budget (issue 23): ≤ 300 ms for a year of all operators over a million orders.
 */
export async function findSales(db: Db, scope: ListScope, period: FigurePeriod): Promise<SalesRow[]> {
  const days = await rowsOfPeriod(db, period, liveSales);
  const bucket = bucketOf(period.grain, sql`d.day`);
  return executeRows<SalesRow>(
    db,
    sql`
      select ${bucket}::text as bucket, ${keyOf(period.split)} as key,
        sum(d.sales_cents)::float8 as gross_cents, sum(d.on_site_sales_cents)::float8 as on_site_cents,
        sum(d.refunds_cents)::float8 as refunds_cents, sum(d.orders)::int as orders,
        sum(d.refunds)::int as refunds, sum(d.coupon_orders)::int as coupon_orders,
        sum(d.coupon_discount_cents)::float8 as coupon_discount_cents, sum(d.check_ins)::int as check_ins
      from (${days}) d
      join tickets t on t.id = d.ticket_id
      join areas a on a.id = t.area_id
      -- A day of places alone (sold for another day) has no sales to show.
      where (d.orders + d.refunds + d.check_ins) > 0 and ${areasInScope(scope)}
      group by ${bucket}, 2
      order by ${bucket}, 2`,
  );
}

export type PlacesRow = { bucket: string; key: number; sold: number; capacity: number | null };

/** The sales and the places of a period, added up once from the same rows. */
export type SalesAndPlaces = { sales: SalesRow[]; places: PlacesRow[] };

/**
 * The page's sales (as `findSales`) and places: places taken per activity day
 * (`ticket_day_places`: sold, or held by an order being paid) against the tickets' daily capacity
 * on the same days, null when one of them has no limit. Both are sums of the same day and month
 * rows per bucket and key, so one query reads and groups them once: a bucket and key with sales
 * is a sales row, one with places taken a places row (ADR 052).
 */
export async function findSalesAndPlaces(
  db: Db,
  scope: ListScope,
  period: FigurePeriod,
): Promise<SalesAndPlaces> {
  const days = await rowsOfPeriod(
    db,
    period,
    (from, to) => sql`${liveSales(from, to)} union all ${livePlaces(from, to)}`,
  );
  const bucket = bucketOf(period.grain, sql`d.day`);
  const taken = sql`(d.places_taken > 0)`;
  const rows = await executeRows<SalesRow & { sales: boolean; sold: number | null; capacity: number | null }>(
    db,
    sql`
      select ${bucket}::text as bucket, ${keyOf(period.split)} as key,
        sum(d.sales_cents)::float8 as gross_cents, sum(d.on_site_sales_cents)::float8 as on_site_cents,
        sum(d.refunds_cents)::float8 as refunds_cents, sum(d.orders)::int as orders,
        sum(d.refunds)::int as refunds, sum(d.coupon_orders)::int as coupon_orders,
        sum(d.coupon_discount_cents)::float8 as coupon_discount_cents, sum(d.check_ins)::int as check_ins,
        sum(d.orders + d.refunds + d.check_ins) > 0 as sales,
        (sum(d.places_taken) filter (where ${taken}))::int as sold,
        case when bool_and(d.places_capacity is not null) filter (where ${taken})
          then (sum(d.places_capacity) filter (where ${taken}))::int end as capacity
      from (${days}) d
      join tickets t on t.id = d.ticket_id
      join areas a on a.id = t.area_id
      where ((d.orders + d.refunds + d.check_ins) > 0 or ${taken}) and ${areasInScope(scope)}
      group by ${bucket}, 2
      order by ${bucket}, 2`,
  );
  const result: SalesAndPlaces = { sales: [], places: [] };
  for (const { sales, sold, capacity, ...row } of rows) {
    if (sales) result.sales.push(row);
    if (sold !== null) result.places.push({ bucket: row.bucket, key: row.key, sold, capacity });
  }
  return result;
}

export type OnSiteRow = { bucket: string; key: number; orders: number; amount_cents: number };

/** Pay-on-site orders whose money is still to be taken, by their first guest's first day. */
export async function findOpenOnSite(db: Db, scope: ListScope, period: FigurePeriod): Promise<OnSiteRow[]> {
  const bucket = bucketOf(period.grain, sql`l.start_date`);
  return executeRows<OnSiteRow>(
    db,
    sql`
      select ${bucket}::text as bucket, ${keyOf(period.split)} as key,
        count(*)::int as orders, sum(o.total_cents)::float8 as amount_cents
      from orders o
      cross join lateral (
        select l.ticket_id, l.start_date from order_lines l where l.order_id = o.id order by l.id limit 1
      ) l
      join tickets t on t.id = l.ticket_id
      join areas a on a.id = t.area_id
      where o.payment_method = 'cash' and o.paid_at is null and o.status in ('pending', 'paid', 'issued')
        and o.created_at < ${endOf(period.to)}
        and l.start_date between ${period.from}::date and ${period.to}::date
        and ${areasInScope(scope)}
      group by ${bucket}, 2
      order by ${bucket}, 2`,
  );
}

export type CancelledDaysRow = {
  bucket: string;
  key: number;
  days: number;
  orders: number;
  moved: number;
  refunds: number;
  refunds_cents: number;
};

/**
 * Days an operator cancelled for everyone (a storm, ADR 049), by the cancelled day, apart from the
 * sales: each ticket's cancelled days, its orders, those moved to another day, and the refunds
 * that succeeded with the money they gave back (these refunds are in the sales' refunds too).
 */
export async function findCancelledDays(
  db: Db,
  scope: ListScope,
  period: FigurePeriod,
): Promise<CancelledDaysRow[]> {
  return executeRows<CancelledDaysRow>(
    db,
    sql`
      select ${bucketOf(period.grain, sql`c.day`)} as bucket, ${keyOf(period.split)} as key,
        count(distinct (c.id, t.id))::int as days, count(x.order_id)::int as orders,
        count(x.order_id) filter (where x.state = 'moved')::int as moved,
        count(r.id) filter (where r.state = 'succeeded')::int as refunds,
        coalesce(sum(r.amount_cents) filter (where r.state = 'succeeded'), 0)::float8 as refunds_cents
      from day_cancellations c
      cross join lateral unnest(c.ticket_ids) as cancelled(ticket_id)
      join tickets t on t.id = cancelled.ticket_id
      join areas a on a.id = t.area_id
      left join day_cancellation_orders x on x.cancellation_id = c.id
        and (select l.ticket_id from order_lines l where l.id = x.line_ids[1]) = t.id
      left join refunds r on r.id = x.refund_id
      where c.day between ${period.from}::date and ${period.to}::date and ${areasInScope(scope)}
      group by 1, 2
      order by 1, 2`,
  );
}

/** The names of the operators, areas or tickets the rows name, in the language asked for. */
export async function findKeyLabels(
  db: Db,
  split: FigureSplit,
  keys: readonly number[],
  language: Language,
): Promise<{ key: number; label: string }[]> {
  if (keys.length === 0) return [];
  const ids = intArray(keys);
  const name = (column: string) =>
    sql`coalesce(${sql.raw(column)} ->> ${language}, ${sql.raw(column)} ->> 'en', ${sql.raw(column)} ->> 'it', '')`;
  const query =
    split === 'operator'
      ? sql`select id as key, name as label from operators where id = any(${ids})`
      : split === 'area'
        ? sql`select id as key, ${name('name')} as label from areas where id = any(${ids})`
        : sql`select t.id as key, ${name('a.name')} || ' · ' || ${name('t.title')} as label
              from tickets t join areas a on a.id = t.area_id where t.id = any(${ids})`;
  return executeRows<{ key: number; label: string }>(db, sql`${query} order by 2, 1`);
}
