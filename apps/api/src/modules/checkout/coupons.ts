import type { Db, Transaction } from '@sentiero/db/client';
import { type CouponRow, countCouponUses, findActiveCoupon } from './coupons-repo.ts';

export type CouponTarget = { ticketId: number; categoryId: number; areaId: number };

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
  { lock = false, isMember }: { lock?: boolean; isMember?: () => Promise<boolean> } = {},
): Promise<CouponRow | null> {
  const coupon = await findActiveCoupon(db, code, { lock });
  if (!coupon) return null;
  // Members-only codes are among Sentiero+'s exclusive discounts.
  if (coupon.membersOnly && !(await isMember?.())) return null;
  if (coupon.validFrom && now < coupon.validFrom) return null;
  if (coupon.validUntil && now > coupon.validUntil) return null;
  if (coupon.ticketIds && !coupon.ticketIds.includes(target.ticketId)) return null;
  if (coupon.categoryIds && !coupon.categoryIds.includes(target.categoryId)) return null;
  if (coupon.areaIds && !coupon.areaIds.includes(target.areaId)) return null;
  if (coupon.maxUses !== null && (await countCouponUses(db, coupon.code, null)) >= coupon.maxUses)
    return null;
  if (
    coupon.maxUsesPerPerson !== null &&
    userId !== null &&
    (await countCouponUses(db, coupon.code, userId)) >= coupon.maxUsesPerPerson
  )
    return null;
  return coupon;
}

/** What a coupon takes off an amount: never more than the amount itself. */
export function couponDiscount(coupon: CouponRow, amountCents: number): number {
  const off = coupon.kind === 'percent' ? Math.round((amountCents * coupon.amount) / 100) : coupon.amount;
  return Math.min(off, amountCents);
}
