import type { Order } from '@sentiero/contract/checkout';
import { PAGES } from '@sentiero/contract/pages';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { signTickets } from './issue.ts';
import { TICKET_MAIL_QUEUE } from './mails.ts';
import { releasePlaces } from './places.ts';
import { findOrderByCode, issueOrder, moveOrder, type OrderLineRow, type OrderRow } from './repo.ts';
import type { BuyRequest, CheckoutDeps } from './service.ts';
import { type SaleTicket, summarizeOrder } from './summary.ts';

export type PlacedOrder = { order: OrderRow; lines: OrderLineRow[]; ticket: SaleTicket };

/**
 * Starts the payment of a placed order, or starts it again for a retry of the same purchase:
 * every provider answers a repeated `<order>:start` key with its first answer (Stripe's and
 * PayPal's idempotency keys, the simulator's memory), so a retry never charges twice.
 */
export async function startPayment(
  ctx: ServiceContext,
  deps: CheckoutDeps,
  provider: PaymentProvider,
  placed: PlacedOrder,
  input: Pick<BuyRequest, 'id_ticket' | 'card'>,
): Promise<Order> {
  const { order } = placed;
  const started = await provider.start({
    orderCode: order.code,
    amountCents: order.totalCents,
    currency: 'EUR',
    description: `${ctx.config.brand} ${order.code}`,
    returnUrl: `${ctx.origin}${PAGES.eventConfirmation.path({ eventId: input.id_ticket, order: order.code })}`,
    cancelUrl: `${ctx.origin}${PAGES.eventPayment.path({ eventId: input.id_ticket, order: order.code })}`,
    idempotencyKey: `${order.code}:start`,
    ...(input.card
      ? {
          card: {
            number: input.card.number,
            expMonth: input.card.exp_month,
            expYear: input.card.exp_year,
            cvc: input.card.cvc,
          },
        }
      : {}),
  });
  if (started.status === 'paid' || started.status === 'on_site') {
    // Cash is confirmed now and paid at the meeting point; the places stay taken either way.
    const issued = await issueAtOnce(ctx, deps, placed, {
      reference: started.reference,
      paid: started.status === 'paid',
    });
    return summarizeOrder(issued, placed.lines, placed.ticket);
  }
  if (started.status === 'declined') {
    await failOrder(ctx, order, placed.lines);
    throw new AppError('PAYMENT_DECLINED', 402);
  }
  await moveOrder(ctx.db, order.id, 'pending', { status: 'pending', paymentReference: started.reference });
  const action = started.status === 'action_required' ? started : null;
  return {
    ...summarizeOrder(order, placed.lines, placed.ticket),
    redirect_url: action?.redirectUrl ?? null,
    client_secret: action?.clientSecret ?? null,
  };
}

/**
 * A payment settled while the buyer waits (the sandbox card, cash, free): the order goes from
 * pending to issued with its tickets and their mail's job in one statement. Should issuing fail,
 * the order is still recorded as paid and the recovery job issues its tickets and queues their
 * mail: nothing paid is lost.
 */
async function issueAtOnce(
  ctx: ServiceContext,
  deps: CheckoutDeps,
  { order, lines, ticket }: PlacedOrder,
  payment: { reference: string; paid: boolean },
): Promise<OrderRow> {
  const now = ctx.clock.now();
  let issued: OrderRow | undefined;
  try {
    const signed = signTickets(deps.signer, lines, new Map([[ticket.id, ticket]]), now);
    // The tickets' mail is queued by the same statement: the job exists exactly when they do.
    issued = await issueOrder(ctx.db, order.id, 'pending', signed, now, payment, TICKET_MAIL_QUEUE);
  } catch (error) {
    ctx.log.error({ err: error, order: order.code }, 'issuing tickets failed; the recovery job will retry');
    const paid = await moveOrder(ctx.db, order.id, 'pending', {
      status: 'paid',
      paymentReference: payment.reference,
      ...(payment.paid ? { paidAt: now } : {}),
    });
    return paid ?? order;
  }
  // Not pending any more: a webhook settled it first.
  if (!issued) return (await findOrderByCode(ctx.db, order.code)) ?? order;
  deps.ticketMailQueued();
  return issued;
}

/** A declined or abandoned payment: the order fails and its places go back on sale. */
export async function failOrder(ctx: ServiceContext, order: OrderRow, lines: OrderLineRow[]) {
  await ctx.db.transaction(async (tx) => {
    const failed = await moveOrder(tx, order.id, 'pending', { status: 'failed' });
    if (failed) await releasePlaces(tx, lines);
  });
}
