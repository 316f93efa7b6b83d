import type { ServiceContext } from '../../platform/context.ts';
import type { RefundEvent } from '../../platform/payments/provider.ts';
import { releasePlaces } from './places.ts';
import { refundMail } from './refund-mail.ts';
import {
  addRefundedCents,
  cancelLineTickets,
  countLinesNotRefunded,
  findClaimedOrderLines,
  findLinesById,
  findRefundByProviderReference,
  findRefundLines,
  findRefundMailing,
  hasUnansweredRefund,
  type RefundRow,
  settleRefundRow,
  sumRefundsNotFailed,
} from './refunds-repo.ts';
import { cancelOrderTickets, findOrderLines, moveOrder, type OrderRow } from './repo.ts';

export type RefundContext = Pick<ServiceContext, 'db' | 'clock' | 'log' | 'mail' | 'config'>;

/**
 * A refund's final state, from the provider's answer or its webhook (ADR 029). On success the
 * guests' tickets are cancelled, their places go back on sale and the order's refunded total
 * grows, in the same transaction as the refund's state; a refund that was settled already
 * changes nothing. The buyer's mail is queued once the transaction committed.
 */
export async function finishRefund(
  ctx: RefundContext,
  refund: RefundRow,
  result: { state: 'succeeded' | 'failed'; reference: string | null; reason: string | null },
): Promise<RefundRow | undefined> {
  const settled = await ctx.db.transaction(async (tx) => {
    const row = await settleRefundRow(tx, refund.id, { ...result, at: ctx.clock.now() });
    if (!row) return undefined;
    if (row.state !== 'succeeded') return { row, guests: [], whole: false };
    const lineIds = (await findRefundLines(tx, row.id)).map((line) => line.orderLineId);
    const lines = await findLinesById(tx, lineIds);
    await cancelLineTickets(tx, lineIds);
    await releasePlaces(tx, lines);
    await addRefundedCents(tx, row.orderId, row.amountCents);
    const whole = (await countLinesNotRefunded(tx, row.orderId)) === 0;
    if (whole) await moveOrder(tx, row.orderId, 'issued', { status: 'refunded' });
    return { row, guests: lines.map((line) => line.guestName), whole };
  });
  if (settled?.row.state === 'succeeded') await mailRefund(ctx, settled.row, settled.guests, settled.whole);
  return settled?.row;
}

async function mailRefund(ctx: RefundContext, refund: RefundRow, guests: string[], whole: boolean) {
  const buyer = await findRefundMailing(ctx.db, refund.orderId);
  if (!buyer?.email) return;
  await ctx.mail.send({
    to: buyer.email,
    ...refundMail(
      buyer.language,
      {
        firstname: buyer.firstName,
        orderCode: buyer.orderCode,
        guests,
        amountCents: refund.amountCents,
        whole,
      },
      ctx.config.brand,
    ),
  });
}

/** A refund's state from the provider's webhook: Stripe `refund.*`, PayPal PAYMENT.CAPTURE.REFUNDED. */
export async function settleRefundEvent(
  ctx: RefundContext,
  order: OrderRow,
  event: RefundEvent,
): Promise<void> {
  const refund = await findRefundByProviderReference(ctx.db, event.refundReference);
  if (refund) {
    await finishRefund(ctx, refund, {
      state: event.state,
      reference: event.refundReference,
      reason: event.reason,
    });
    return;
  }
  // Ours, and the provider's first answer is not recorded yet: a 5xx makes it deliver again later.
  if (await hasUnansweredRefund(ctx.db, order.id)) {
    throw new Error(`refund ${event.refundReference} of order ${order.code} is not recorded yet`);
  }
  if (event.state === 'succeeded' && event.totalRefundedCents !== null) {
    await settleOutsideRefund(ctx, order, event.totalRefundedCents);
  }
}

/**
 * Money given back outside Sentiero (the provider's dashboard, a PayPal reversal): `totalCents`
 * is all the payment has had refunded. Our own refunds echo here too (Stripe's charge.refunded)
 * and change nothing; a refund of the whole order cancels the guests not refunded yet. A part
 * refunded in the dashboard names no guest, so it is only logged for staff to settle.
 */
export async function settleOutsideRefund(
  ctx: RefundContext,
  order: OrderRow,
  totalCents: number | null,
): Promise<void> {
  if (order.status !== 'paid' && order.status !== 'issued') return;
  const ours = await sumRefundsNotFailed(ctx.db, order.id);
  if (totalCents !== null && totalCents <= ours) return;
  if (totalCents !== null && totalCents < order.totalCents) {
    ctx.log.warn({ order: order.code, totalCents, ours }, 'part of an order was refunded outside Sentiero');
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const refunded = await moveOrder(tx, order.id, order.status, {
      status: 'refunded',
      refundedCents: order.totalCents,
    });
    if (!refunded) return;
    const claimed = await findClaimedOrderLines(tx, order.id);
    await cancelOrderTickets(tx, order.id);
    await releasePlaces(
      tx,
      (await findOrderLines(tx, order.id)).filter((line) => !claimed.has(line.id)),
    );
  });
}
