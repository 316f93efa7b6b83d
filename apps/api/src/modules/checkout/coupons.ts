import type { Db, Transaction } from '@sentiero/db/client';
import { coupons, orders } from '@sentiero/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';

export type CouponTarget = { ticketId: number; categoryId: number; areaId: number };
export type CouponRow = typeof coupons.$inferSelect;

/** Orders that count as a use: being paid, paid or issued (a failed or expired one gives it back). */
const USING = inArray(orders.status, ['pending', 'paid', 'issued']);

/**
 * The coupon a code names, if it applies to this ticket now and has uses left for this person.
 * With `lock`, the coupon row stays locked until the order's transaction ends, so two buyers can
 * never both take its last use.
 */
export async function findApplicableCoupon(
  db: Db | Transaction,
  code: string,
  target: CouponTarget,
  userId: number | null,
  now: Date,
  { lock = false } = {},
): Promise<CouponRow | null> {
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code.toUpperCase()), eq(coupons.active, true)));
  const [coupon] = lock ? await query.for('update') : await query;
  if (!coupon) return null;
  if (coupon.validFrom && now < coupon.validFrom) return null;
  if (coupon.validUntil && now > coupon.validUntil) return null;
  if (coupon.ticketIds && !coupon.ticketIds.includes(target.ticketId)) return null;
  if (coupon.categoryIds && !coupon.categoryIds.includes(target.categoryId)) return null;
  if (coupon.areaIds && !coupon.areaIds.includes(target.areaId)) return null;
  const uses = async (mine: boolean) => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.couponCode, coupon.code),
          USING,
          mine && userId !== null ? eq(orders.userId, userId) : undefined,
        ),
      );
    return row?.count ?? 0;
  };
  if (coupon.maxUses !== null && (await uses(false)) >= coupon.maxUses) return null;
  if (coupon.maxUsesPerPerson !== null && userId !== null && (await uses(true)) >= coupon.maxUsesPerPerson)
    return null;
  return coupon;
}

/** What a coupon takes off an amount: never more than the amount itself. */
export function couponDiscount(coupon: CouponRow, amountCents: number): number {
  const off = coupon.kind === 'percent' ? Math.round((amountCents * coupon.amount) / 100) : coupon.amount;
  return Math.min(off, amountCents);
}
