import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentEvent, PaymentProvider } from '../../platform/payments/provider.ts';
import { issueTickets } from './issue.ts';
import { daysBetween, releasePlaces, takePlaces } from './places.ts';
import { findTicketCapacity } from './places-repo.ts';
import { settleOutsideRefund, settleRefundEvent } from './refund-settle.ts';
import {
  findOrderByCode,
  findOrderForPaymentEvent,
  findOrderLines,
  moveOrder,
  type OrderRow,
} from './repo.ts';
import type { CheckoutDeps } from './service.ts';
import { describeOrder } from './summary.ts';

type SettleContext = Pick<ServiceContext, 'db' | 'clock' | 'lang' | 'log' | 'mail' | 'config'>;

/**
 * What a provider tells about a payment, from a webhook or the buyer's return. Idempotent: the
 * same event twice changes nothing the second time.
 */
export async function settlePayment(
  ctx: SettleContext,
  deps: CheckoutDeps,
  event: PaymentEvent,
): Promise<void> {
  const order = await findOrderForPaymentEvent(ctx.db, event);
  if (!order) {
    for (const settleOther of deps.otherPayments ?? [])
      if (await settleOther(ctx, event, deps.providers)) return;
    ctx.log.warn({ reference: event.reference, type: event.type }, 'payment event for no known order');
    return;
  }
  if (event.type === 'refund') return settleRefundEvent(ctx, order, event);
  if (event.type === 'paid') return settlePaid(ctx, deps, order, event.reference);
  if (event.type === 'failed') return settleFailed(ctx, order);
  return settleOutsideRefund(ctx, order, event.amountCents);
}

async function settlePaid(ctx: SettleContext, deps: CheckoutDeps, order: OrderRow, reference: string) {
  const now = ctx.clock.now();
  if (order.status === 'pending') {
    const paid = await moveOrder(ctx.db, order.id, 'pending', {
      status: 'paid',
      paymentReference: reference,
      paidAt: now,
    });
    if (paid) await issueAndMail(ctx, deps, paid);
    return;
  }
  if (order.status !== 'expired' && order.status !== 'failed') return;
  // Paid after its hold ran out: honoured if the places are still there, refunded otherwise.
  const lines = await findOrderLines(ctx.db, order.id);
  const retaken = await ctx.db
    .transaction(async (tx) => {
      for (const line of lines) {
        const capacity = await findTicketCapacity(tx, line.ticketId);
        if (
          capacity !== null &&
          !(await takePlaces(tx, line.ticketId, daysBetween(line.startDate, line.endDate), 1, capacity))
        ) {
          throw new PlacesGone();
        }
      }
      return moveOrder(tx, order.id, order.status, {
        status: 'paid',
        paymentReference: reference,
        paidAt: now,
      });
    })
    .catch((error) => {
      if (error instanceof PlacesGone) return undefined;
      throw error;
    });
  if (retaken) {
    await issueAndMail(ctx, deps, retaken);
    return;
  }
  const provider = deps.providers[order.paymentMethod as keyof CheckoutDeps['providers']];
  const refund = await provider?.refund({
    reference,
    amountCents: order.totalCents,
    orderCode: order.code,
    idempotencyKey: `${order.code}:late-payment`,
  });
  // The webhook fails and is delivered again: the money must not stay taken for nothing.
  if (refund?.status === 'failed')
    throw new Error(`the late payment of ${order.code} was not refunded: ${refund.reason}`);
  await moveOrder(ctx.db, order.id, order.status, { status: 'refunded', paymentReference: reference });
}

class PlacesGone extends Error {}

async function issueAndMail(ctx: SettleContext, deps: CheckoutDeps, order: OrderRow) {
  await issueTickets(ctx, deps.signer, order);
  await deps.queueTicketMail(order.id);
}

async function settleFailed(ctx: SettleContext, order: OrderRow) {
  await ctx.db.transaction(async (tx) => {
    const failed = await moveOrder(tx, order.id, 'pending', { status: 'failed' });
    if (!failed) return;
    await releasePlaces(tx, await findOrderLines(tx, order.id));
  });
}

/** The buyer is back from the provider (PayPal approval): capture now rather than wait for the webhook. */
export async function completePayment(ctx: ServiceContext, deps: CheckoutDeps, code: string) {
  const order = await findOwnOrder(ctx, code);
  const provider: PaymentProvider | undefined =
    deps.providers[order.paymentMethod as keyof CheckoutDeps['providers']];
  if (order.status === 'pending' && provider?.complete && order.paymentReference) {
    const result = await provider.complete(order.paymentReference);
    if (result.status === 'paid') {
      await settlePaid(ctx, deps, order, result.reference);
    } else if (result.status === 'declined') {
      await settleFailed(ctx, order);
      throw new AppError('PAYMENT_DECLINED', 402);
    }
  }
  return { order: await describeOrder(ctx, (await findOrderByCode(ctx.db, code)) ?? order) };
}

/** The member's own order; another member's answers like no order at all. */
async function findOwnOrder(ctx: ServiceContext, code: string): Promise<OrderRow> {
  const member = await requireAccess(ctx, 'member');
  const unsafeOrder = await findOrderByCode(ctx.db, code);
  if (!unsafeOrder || unsafeOrder.userId !== member.id) throw new AppError('NOT_FOUND', 404);
  return unsafeOrder;
}

/**
 * The buyer came back from the provider without paying (PayPal's cancel link): the places go
 * back on sale now rather than when the hold runs out. Only a pending order changes; should the
 * provider report a payment after all, it is honoured like any late payment.
 */
export async function cancelPayment(ctx: ServiceContext, code: string) {
  const order = await findOwnOrder(ctx, code);
  if (order.status === 'pending') await settleFailed(ctx, order);
  return { order: await describeOrder(ctx, (await findOrderByCode(ctx.db, code)) ?? order) };
}
