import type { Db, Transaction } from '@sentiero/db/client';
import { coupons, orders } from '@sentiero/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';

export type CouponRow = typeof coupons.$inferSelect;

/**
 * The active coupon a code names (codes are stored in capitals). With `lock`, its row stays
 * locked until the transaction ends.
 */
export async function findActiveCoupon(
  db: Db | Transaction,
  code: string,
  { lock = false } = {},
): Promise<CouponRow | undefined> {
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code.toUpperCase()), eq(coupons.active, true)));
  const [coupon] = lock ? await query.for('update') : await query;
  return coupon;
}

/** Orders that count as a use: being paid, paid or issued (a failed or expired one gives it back). */
const USING = inArray(orders.status, ['pending', 'paid', 'issued']);

/** How many orders use a coupon: all of them, or one member's with `userId`. */
export async function countCouponUses(
  db: Db | Transaction,
  couponCode: string,
  userId: number | null,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(eq(orders.couponCode, couponCode), USING, userId !== null ? eq(orders.userId, userId) : undefined),
    );
  return row?.count ?? 0;
}
