import type { Transaction } from '@sentiero/db/client';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { issueTickets } from './issue.ts';
import { TICKET_MAIL_QUEUE } from './mails.ts';
import { findOrderByCode, type OrderRow, recordOnSitePayment } from './repo.ts';
import type { CheckoutDeps } from './service.ts';

/** What a pay-on-site order looked like before and after its payment was taken, for the audit log. */
export type OnSitePaymentHook = (tx: Transaction, before: OrderRow, after: OrderRow) => Promise<void>;

/** States a cash order can be in while its money is still to be taken at the meeting point. */
const AWAITING_ON_SITE: readonly string[] = ['pending', 'paid', 'issued'];

/**
 * Issue 23: staff record that a pay-on-site (cash) order was paid at the meeting point. A cash
 * order is normally issued at once, unpaid (its tickets already travel); one a crash left without
 * tickets gets them now, as a paid order does, its mail's job written by the same statement. Any
 * other order — another method, already paid, failed or expired — is 409
 * `ORDER_NOT_PAYABLE_ON_SITE`. The caller checks who may do it; `onMarked` runs in the
 * transaction of the change (the audit line).
 */
export async function markOnSiteOrderPaid(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  deps: Pick<CheckoutDeps, 'signer' | 'ticketMailQueued'>,
  orderCode: string,
  onMarked: OnSitePaymentHook,
): Promise<OrderRow> {
  const order = await findOrderByCode(ctx.db, orderCode);
  if (!order) throw new AppError('NOT_FOUND', 404);
  if (order.paymentMethod !== 'cash' || order.paidAt !== null || !AWAITING_ON_SITE.includes(order.status)) {
    throw new AppError('ORDER_NOT_PAYABLE_ON_SITE', 409);
  }
  const now = ctx.clock.now();
  const after = await ctx.db.transaction(async (tx) => {
    const moved =
      order.status === 'issued'
        ? await recordOnSitePayment(tx, order.id, now)
        : // The tickets and their mail's job are written together, as a paid buy's are.
          await issueTickets(
            { db: tx, clock: ctx.clock },
            deps.signer,
            order,
            {
              from: order.status as 'pending' | 'paid',
              payment: { reference: order.paymentReference ?? 'on-site', paid: true },
            },
            TICKET_MAIL_QUEUE,
          );
    // Another click, or the recovery job, settled it between the read and this statement.
    if (!moved) throw new AppError('ORDER_NOT_PAYABLE_ON_SITE', 409);
    await onMarked(tx, order, moved);
    return moved;
  });
  if (order.status !== 'issued') deps.ticketMailQueued();
  return after;
}
