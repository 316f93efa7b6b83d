import type { Transaction } from '@sentiero/db/client';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findOpenCashHolds, lockMemberCashOrders } from './cash-limits-repo.ts';
import { placesNeeded } from './places.ts';

/**
 * A pay-on-site (cash) order is issued at once and its places stay taken, with no money taken
 * and nothing that releases them: one member's 12-guest cash booking once sold out a day. So
 * what a member may hold unpaid is limited (CASH_MAX_PLACES_PER_DAY places of one ticket on one
 * day, CASH_MAX_OPEN_ORDERS open orders); beyond it they pay online, which has no limit.
 *
 * A cash order is *open* while the guide has not been paid for it yet: it is pending or issued,
 * no payment is recorded on it, and it has a guest line
 * - whose ticket has not been used (the guide collects the cash when checking the ticket, so a
 *   used ticket is a paid one) nor cancelled, and
 * - whose last valid day is not over in the area's time zone (after it, the places it held are
 *   in the past and nobody else could have bought them anyway).
 * A pending cash order counts only while its hold runs: past it, it is being released.
 */
export async function requireCashAllowance(
  ctx: Pick<ServiceContext, 'config'>,
  tx: Transaction,
  order: {
    userId: number;
    ticketId: number;
    lines: { startDate: string; endDate: string }[];
    now: Date;
  },
): Promise<void> {
  const limits = ctx.config.payments.cashLimits;
  await lockMemberCashOrders(tx, order.userId);
  const needed = placesNeeded(order.lines);
  const held = await findOpenCashHolds(tx, {
    userId: order.userId,
    ticketId: order.ticketId,
    days: needed.days,
    now: order.now,
  });
  if (held.openOrders >= limits.openOrders) throw new AppError('CASH_ORDERS_LIMIT', 409);
  const overLimit = needed.days.some(
    (day, index) =>
      (held.placesByDay.get(day) ?? 0) + (needed.counts[index] ?? 0) > limits.placesPerTicketDay,
  );
  if (overLimit) throw new AppError('CASH_PLACES_LIMIT', 409);
}
