import type { Db } from '@sentiero/db/client';
import { orders } from '@sentiero/db/schema';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderRow } from './repo.ts';

/*
 * What a crash can leave half way through a buy, found for `recover.ts` to finish or release.
 */

/** An order a crash may have left half way has not changed for this long: its buy is over. */
const SETTLED_FOR = sql`interval '30 seconds'`;

/** Paid orders without their tickets: what a crash between payment and issuing leaves behind. */
export async function findPaidOrdersWithoutTickets(db: Db, limit = 50): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(orders.issuedAt),
        sql`${orders.updatedAt} < now() - ${SETTLED_FOR}`,
      ),
    )
    .limit(limit);
}

/**
 * Pending orders of the given payment methods that a crash left between writing the order and
 * settling it: untouched for a while, their hold still running.
 */
export async function findStrandedPendingOrders(
  db: Db,
  methods: string[],
  now: Date,
  limit = 50,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        inArray(orders.paymentMethod, methods),
        gt(orders.holdExpiresAt, now),
        sql`${orders.updatedAt} < now() - ${SETTLED_FOR}`,
      ),
    )
    .orderBy(orders.id)
    .limit(limit);
}
