import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { CheckoutOrderDesk } from '../checkout/index.ts';
import { requireOrderInScope } from './order-access.ts';

/** Sends an issued order's tickets to the buyer again (checkout's mail job), and says who asked. */
export async function resendTickets(ctx: ServiceContext, desk: CheckoutOrderDesk, code: string) {
  const { staff, order, operatorId } = await requireOrderInScope(ctx, 'orders.resend', code);
  // Only an issued order has tickets to send; a refunded one's are cancelled.
  if (order.status !== 'issued') throw new AppError('TICKETS_NOT_ISSUED', 409);
  await desk.resendTickets(order.id);
  // The mail's job is queued by the job queue's own statement: the line follows it, not with it.
  await auditStaffChange(ctx.db, ctx, staff, {
    operatorId,
    action: 'order.resend',
    targetType: 'order',
    targetId: order.code,
  });
  return { ok: true as const };
}

/**
 * A pay-on-site order paid at the meeting point: checkout issues its tickets if it has none yet;
 * the audit line, with the order's state and payment time before and after, is written in the
 * same transaction.
 */
export async function markOrderPaid(ctx: ServiceContext, desk: CheckoutOrderDesk, code: string) {
  const { staff, order, operatorId } = await requireOrderInScope(ctx, 'orders.markPaid', code);
  const paid = await desk.markPaidOnSite(ctx, order.code, (tx, before, after) =>
    auditStaffChange(tx, ctx, staff, {
      operatorId,
      action: 'order.markPaid',
      targetType: 'order',
      targetId: order.code,
      changes: {
        status: [before.status, after.status],
        paid_at: [before.paidAt?.toISOString() ?? null, after.paidAt?.toISOString() ?? null],
      },
    }),
  );
  return { code: paid.code, state: paid.status, paid_at: (paid.paidAt ?? ctx.clock.now()).toISOString() };
}
