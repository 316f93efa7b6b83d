import { type Db, executeRows, type Transaction } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';

/*
 * The reads and the lock behind the pay-on-site allowance (`cash-limits.ts`).
 */

/** The first key of `lockMemberCashOrders`' advisory locks: no other lock of ours uses it. */
const CASH_ORDERS_LOCK = 0x5ca5;

/**
 * Serialises one member's pay-on-site buys until the transaction ends, so that two sent at once
 * cannot both fit in the allowance that only one of them fits in. Card buys never take it.
 */
export async function lockMemberCashOrders(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CASH_ORDERS_LOCK}::int, ${userId}::int)`);
}

/**
 * A member's open pay-on-site orders (see `cash-limits.ts` for what "open" means): how many
 * there are, and how many places they hold of one ticket on each of `days`.
 */
export async function findOpenCashHolds(
  db: Db | Transaction,
  { userId, ticketId, days, now }: { userId: number; ticketId: number; days: string[]; now: Date },
): Promise<{ openOrders: number; placesByDay: Map<string, number> }> {
  const [row] = await executeRows<{ open_orders: number; places: { day: string; places: number }[] }>(
    db as Db,
    sql`with open_lines as (
        select o.id as order_id, l.ticket_id, l.start_date, l.end_date
        from orders o
        join order_lines l on l.order_id = o.id
        join tickets t on t.id = l.ticket_id
        join areas a on a.id = t.area_id
        left join issued_tickets it on it.order_line_id = l.id
        where o.user_id = ${userId} and o.payment_method = 'cash' and o.paid_at is null
          and (o.status = 'issued' or (o.status = 'pending' and o.hold_expires_at > ${now.toISOString()}::timestamptz))
          and l.end_date >= (${now.toISOString()}::timestamptz at time zone a.time_zone)::date
          and (it.id is null or (it.status = 'active' and it.uses = 0))
      )
      select (select count(distinct order_id)::int from open_lines) as open_orders,
        (select coalesce(json_agg(json_build_object('day', held.day, 'places', held.places)), '[]'::json)
          from (
            select given.day::text as day, count(*)::int as places
            from open_lines, unnest(${`{${days.join(',')}}`}::date[]) as given(day)
            where open_lines.ticket_id = ${ticketId}
              and given.day between open_lines.start_date and open_lines.end_date
            group by given.day
          ) as held) as places`,
  );
  return {
    openOrders: row?.open_orders ?? 0,
    placesByDay: new Map((row?.places ?? []).map((entry) => [entry.day, entry.places])),
  };
}
