import { type Db, executeRows } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';

/** The newest paid orders of a member that a recommendation reads; older ones add little. */
const RECENT_ORDERS = 50;

export type PurchasedTicketRow = {
  ticketId: number;
  activityTypeId: number;
  areaId: number;
  regionId: number;
  /** The member holds it for a day that is today or still ahead, in its area's time zone. */
  heldAhead: boolean;
};

/**
 * The tickets of the member's newest paid orders, with the activity, area and region of each,
 * whether or not they are still sold. Refunded, failed and unpaid orders are not purchases. Reads
 * the member's orders by `orders_user_id_idx`, newest first, and stops after `RECENT_ORDERS`.
 */
export function findPurchasedTickets(db: Db, userId: number, now: Date): Promise<PurchasedTicketRow[]> {
  return executeRows<PurchasedTicketRow>(
    db,
    sql`with recent as (
          select o.id from orders o
          where o.user_id = ${userId} and o.status in ('paid', 'issued')
          order by o.created_at desc
          limit ${RECENT_ORDERS}
        )
        select l.ticket_id as "ticketId", t.activity_type_id as "activityTypeId", t.area_id as "areaId",
          a.region_id as "regionId",
          bool_or(l.end_date >= (${now.toISOString()}::timestamptz at time zone a.time_zone)::date) as "heldAhead"
        from recent
        join order_lines l on l.order_id = recent.id
        join tickets t on t.id = l.ticket_id
        join areas a on a.id = t.area_id
        group by l.ticket_id, t.activity_type_id, t.area_id, a.region_id`,
  );
}
