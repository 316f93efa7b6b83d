import type { consoleOrderRefund } from '@sentiero/contract/console-orders';
import type { z } from 'zod';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { requireReauthenticationForRefund } from '../../platform/staff-reauthentication.ts';
import type { CheckoutRefunds } from '../checkout/index.ts';
import { requireOrderInScope } from './order-access.ts';

/**
 * Staff refund the whole order or some guests (ADR 029) through checkout's `refundOrder`. The
 * refund's amount is known once checkout has split the order among its guests, so the
 * re-authentication above `REFUND_REAUTH_CENTS` and the audit line both run in the transaction
 * that writes the pending refund: a refusal writes nothing, and a refund is never without its
 * line. The same idempotency key again answers the same refund and writes no second line.
 */
export async function refundOrderAsStaff(
  ctx: ServiceContext,
  refunds: CheckoutRefunds,
  input: z.output<typeof consoleOrderRefund.input>,
) {
  const { staff, order, operatorId } = await requireOrderInScope(ctx, 'orders.refund', input.code);
  const outcome = await refunds.refundOrder(ctx, {
    orderCode: order.code,
    guests: input.guests,
    reason: input.reason,
    requestedBy: { staffId: staff.staffId },
    idempotencyKey: input.idempotency_key,
    onRequested: async (tx, refund, guests) => {
      requireReauthenticationForRefund(ctx, refund.amountCents);
      await auditStaffChange(tx, ctx, staff, {
        operatorId,
        action: 'order.refund',
        targetType: 'order',
        targetId: order.code,
        changes: {
          refund_id: [null, refund.id],
          amount_cents: [null, refund.amountCents],
          guests: [null, guests],
        },
        reason: input.reason,
      });
    },
  });
  return { id: outcome.id, state: outcome.state, amount_cents: outcome.amountCents, guests: outcome.guests };
}
