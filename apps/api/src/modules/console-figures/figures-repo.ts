import type { ListScope } from '@sentiero/contract/access';
import type { FigureGrain, FigureSplit } from '@sentiero/contract/console-figures';
import type { Language } from '@sentiero/contract/languages';
import { type Db, executeRows, type Transaction } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';

/*
 * The figures' queries (ADR 036). Sums of closed days come from `figure_days`, which
 * `rollUpFigureDays` fills; the days after its last one are added up from the orders, refunds and
 * check-ins themselves by the same SQL (`dailySums`), so the answer does not depend on whether the
 * job has run. Every query applies the staff member's scope to the areas in the query itself.
 */

/** The day a figure belongs to is its calendar day here, whatever the area's own zone. */
export const FIGURES_TIME_ZONE = 'Europe/Rome';

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

/** The first instant of a calendar day here, and of the day after another. */
const startOf = (day: string) => sql`(${day}::date::timestamp at time zone ${FIGURES_TIME_ZONE})`;
const endOf = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${FIGURES_TIME_ZONE})`;
const dayOf = (column: ReturnType<typeof sql>) => sql`(${column} at time zone ${FIGURES_TIME_ZONE})::date`;

/** The ticket an order counts for: its first guest's (an order is of one ticket, ADR 033). */
const FIRST_TICKET = sql`(select l.ticket_id from order_lines l where l.order_id = o.id order by l.id limit 1)`;

/**
 * Each day's sums per ticket from `from` to `to` (both included), read from the events: orders by
 * the time they were paid, succeeded refunds by the time they succeeded, check-ins by their time.
 * The same columns as `figure_days`.
 */
function dailySums(from: string, to: string) {
  return sql`
    select e.day, e.ticket_id,
      sum(e.sales)::bigint as sales_cents, sum(e.on_site)::bigint as on_site_sales_cents,
      sum(e.orders)::int as orders, sum(e.refunds_cents)::bigint as refunds_cents,
      sum(e.refunds)::int as refunds, sum(e.coupon_orders)::int as coupon_orders,
      sum(e.coupon_discount)::bigint as coupon_discount_cents, sum(e.check_ins)::int as check_ins
    from (
      select ${dayOf(sql`o.paid_at`)} as day, ${FIRST_TICKET} as ticket_id,
        o.total_cents as sales, case when o.payment_method = 'cash' then o.total_cents else 0 end as on_site,
        1 as orders, 0 as refunds_cents, 0 as refunds,
        case when o.coupon_code is not null then 1 else 0 end as coupon_orders,
        o.coupon_discount_cents as coupon_discount, 0 as check_ins
      from orders o
      where o.paid_at is not null and o.paid_at >= ${startOf(from)} and o.paid_at < ${endOf(to)}
      union all
      select ${dayOf(sql`r.settled_at`)}, (select l.ticket_id from order_lines l where l.order_id = r.order_id order by l.id limit 1),
        0, 0, 0, r.amount_cents, 1, 0, 0, 0
      from refunds r
      where r.state = 'succeeded' and r.settled_at >= ${startOf(from)} and r.settled_at < ${endOf(to)}
      union all
      select ${dayOf(sql`x.redeemed_at`)}, it.ticket_id, 0, 0, 0, 0, 0, 0, 0, 1
      from ticket_redemptions x join issued_tickets it on it.id = x.issued_ticket_id
      where x.redeemed_at >= ${startOf(from)} and x.redeemed_at < ${endOf(to)}
    ) e
    where e.ticket_id is not null
    group by e.day, e.ticket_id`;
}

/** The last day `figure_days` holds the sums of, if the job ever ran. */
export async function findRolledThrough(db: Db | Transaction): Promise<string | null> {
  const [row] = await executeRows<{ through_day: string }>(
    db as Db,
    sql`select through_day::text as through_day from figure_rollups where id = 1`,
  );
  return row?.through_day ?? null;
}

/**
 * Adds up the days from `from` to `to` (both included) into `figure_days`, replacing what it
 * held for them, and moves the mark of the days added up to `to` if it is later. A day must be
 * over before it is added up: a sale of the rest of the day would be read from `figure_days`'
 * stale sum. `npm run bench:console` fills its generated years with it (`jobs.ts` `rollUpDays`).
 */
export async function rollUpFigureDays(db: Db, { from, to, now }: { from: string; to: string; now: Date }) {
  await db.transaction(async (tx) => {
    // One roll-up at a time: two would each delete, then both insert the same days.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('figure_days'))`);
    await tx.execute(sql`delete from figure_days where day between ${from}::date and ${to}::date`);
    await tx.execute(sql`
      insert into figure_days (day, ticket_id, sales_cents, on_site_sales_cents, orders, refunds_cents,
        refunds, coupon_orders, coupon_discount_cents, check_ins, places_taken, places_capacity)
      select coalesce(s.day, p.day), coalesce(s.ticket_id, p.ticket_id),
        coalesce(s.sales_cents, 0), coalesce(s.on_site_sales_cents, 0), coalesce(s.orders, 0),
        coalesce(s.refunds_cents, 0), coalesce(s.refunds, 0), coalesce(s.coupon_orders, 0),
        coalesce(s.coupon_discount_cents, 0), coalesce(s.check_ins, 0),
        coalesce(p.taken, 0), p.capacity
      from (${dailySums(from, to)}) s
      full join (${placesOfDays(from, to)}) p on p.day = s.day and p.ticket_id = s.ticket_id`);
    // The months those days fall in, added up again from their days.
    const months = sql`date_trunc('month', ${from}::date)::date and date_trunc('month', ${to}::date)::date`;
    await tx.execute(sql`delete from figure_months where month between ${months}`);
    await tx.execute(sql`
      insert into figure_months (month, ticket_id, sales_cents, on_site_sales_cents, orders, refunds_cents,
        refunds, coupon_orders, coupon_discount_cents, check_ins, places_taken, places_capacity)
      select date_trunc('month', day)::date, ticket_id, sum(sales_cents), sum(on_site_sales_cents),
        sum(orders), sum(refunds_cents), sum(refunds), sum(coupon_orders), sum(coupon_discount_cents),
        sum(check_ins), sum(places_taken),
        case when bool_and(places_capacity is not null) filter (where places_taken > 0) is not false
          then coalesce(sum(places_capacity) filter (where places_taken > 0), 0) end
      from figure_days
      where day >= date_trunc('month', ${from}::date)::date
        and day < (date_trunc('month', ${to}::date) + interval '1 month')::date
      group by 1, 2`);
    await tx.execute(sql`
      insert into figure_rollups (id, through_day, rolled_at) values (1, ${to}::date, ${now.toISOString()}::timestamptz)
      on conflict (id) do update set through_day = greatest(figure_rollups.through_day, excluded.through_day),
        rolled_at = excluded.rolled_at`);
  });
}

/** Places taken per activity day and ticket, with the ticket's daily capacity (null: no limit). */
function placesOfDays(from: string, to: string) {
  return sql`
    select p.day, p.ticket_id, p.taken, t.daily_capacity as capacity
    from ticket_day_places p join tickets t on t.id = p.ticket_id
    where p.day between ${from}::date and ${to}::date and p.taken > 0`;
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
 * The added-up rows of the days from `from` to `to` (every one of them added up), as (day, sums):
 * for a period by month, each whole month from `figure_months` dated by its first day, and the
 * days of the months it cuts from `figure_days`.
 */
function rolledRows(from: string, to: string, grain: FigureGrain) {
  const days = (first: string, last: string) =>
    sql`select day, ${SUM_COLUMNS} from figure_days where day between ${first}::date and ${last}::date`;
  if (grain !== 'month') return days(from, to);
  const firstWhole = from.endsWith('-01') ? from : addMonths(`${from.slice(0, 7)}-01`, 1);
  const afterLastWhole = addDays(to, 1).endsWith('-01') ? addDays(to, 1) : `${to.slice(0, 7)}-01`;
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
  const rolled = rolledRows(from, through < to ? through : to, grain);
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

/**
 * Places taken per activity day (`ticket_day_places`: sold, or held by an order being paid)
 * against the tickets' daily capacity on the same days; null when one of them has no limit.
 */
export async function findPlaces(db: Db, scope: ListScope, period: FigurePeriod): Promise<PlacesRow[]> {
  const days = await rowsOfPeriod(db, period, livePlaces);
  const bucket = bucketOf(period.grain, sql`d.day`);
  return executeRows<PlacesRow>(
    db,
    sql`
      select ${bucket}::text as bucket, ${keyOf(period.split)} as key,
        sum(d.places_taken)::int as sold,
        case when bool_and(d.places_capacity is not null) then sum(d.places_capacity)::int end as capacity
      from (${days}) d
      join tickets t on t.id = d.ticket_id
      join areas a on a.id = t.area_id
      where d.places_taken > 0 and ${areasInScope(scope)}
      group by ${bucket}, 2
      order by ${bucket}, 2`,
  );
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
