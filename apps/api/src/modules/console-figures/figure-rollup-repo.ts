import { type Db, executeRows, type Transaction } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';

/*
 * The figures' daily sums (ADR 036, 052): what a day sold, gave back and checked in per ticket,
 * read from the events themselves (`dailySums`), and the roll-up that keeps them in `figure_days`
 * and `figure_months` once the day is over.
 */

/** The day a figure belongs to is its calendar day here, whatever the area's own zone. */
export const FIGURES_TIME_ZONE = 'Europe/Rome';

/** The first instant of a calendar day here, and of the day after another. */
export const startOf = (day: string) => sql`(${day}::date::timestamp at time zone ${FIGURES_TIME_ZONE})`;
export const endOf = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${FIGURES_TIME_ZONE})`;
const dayOf = (column: ReturnType<typeof sql>) => sql`(${column} at time zone ${FIGURES_TIME_ZONE})::date`;

/** The ticket an order counts for: its first guest's (an order is of one ticket, ADR 033). */
const FIRST_TICKET = sql`(select l.ticket_id from order_lines l where l.order_id = o.id order by l.id limit 1)`;

/**
 * Each day's sums per ticket from `from` to `to` (both included), read from the events: orders by
 * the time they were paid, succeeded refunds by the time they succeeded, check-ins by their time.
 * The same columns as `figure_days`.
 */
export function dailySums(from: string, to: string) {
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

/** Places taken per activity day and ticket, with the ticket's daily capacity (null: no limit). */
export function placesOfDays(from: string, to: string) {
  return sql`
    select p.day, p.ticket_id, p.taken, t.daily_capacity as capacity
    from ticket_day_places p join tickets t on t.id = p.ticket_id
    where p.day between ${from}::date and ${to}::date and p.taken > 0`;
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
