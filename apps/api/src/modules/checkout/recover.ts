import type { Order, PaymentMethod } from '@sentiero/contract/checkout';
import type { Db } from '@sentiero/db/client';
import type { Clock, ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { findSaleTicket } from '../tickets/index.ts';
import { issueTickets } from './issue.ts';
import { startPayment } from './payment.ts';
import { releasePlaces } from './places.ts';
import { findPaidOrdersWithoutTickets, findStrandedPendingOrders } from './recover-repo.ts';
import { findOrderById, findOrderLines, moveOrder, type OrderRow } from './repo.ts';
import type { BuyRequest, CheckoutDeps } from './service.ts';
import { describeOrder } from './summary.ts';

/*
 * What a process that dies in the middle of a buy leaves behind, and what finishes it:
 * - the order written, its places taken, the payment not started or its answer lost (pending):
 *   the buyer's retry of the same purchase (same idempotency key) starts the payment again, which
 *   no provider charges twice (`startPayment`). Cash and free orders charge nothing, so the
 *   recovery job issues them too when no retry comes. Card orders need the buyer: the simulator
 *   needs the card again, Stripe and PayPal orders are settled by their webhooks (which name the
 *   order) or by the retry; otherwise their hold runs out and their places go back on sale.
 * - the payment recorded, the tickets not written (paid): the retry or the job issues them.
 * - the tickets written, the mail not queued: the confirmation page offers the same PDF.
 */

/** The same purchase sent again: answers its order, finishing it first where a crash stopped it. */
export async function resumePurchase(
  ctx: ServiceContext,
  deps: CheckoutDeps,
  earlier: OrderRow,
  input: Pick<BuyRequest, 'id_ticket' | 'card'>,
): Promise<Order> {
  if (earlier.status === 'paid' && !earlier.issuedAt) {
    const issued = await issueTickets(ctx, deps.signer, earlier);
    if (issued) await queueMail(ctx, deps, issued);
    return describeOrder(ctx, issued ?? (await findOrderById(ctx.db, earlier.id)) ?? earlier);
  }
  if (earlier.status !== 'pending') return describeOrder(ctx, earlier);
  if (earlier.holdExpiresAt <= ctx.clock.now()) {
    // Its places may have been counted as free again by now: the purchase starts over.
    return describeOrder(ctx, (await expireOrder(ctx.db, earlier)) ?? earlier);
  }
  const provider = deps.providers[earlier.paymentMethod as PaymentMethod];
  if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);
  // Only the simulator takes card numbers on our server; Stripe and PayPal answer the same
  // payment to confirm or approve again, with no card sent here.
  if (provider.method === 'sandbox' && !input.card) {
    throw new AppError('VALIDATION_FAILED', 400, { card: 'cardAgain' });
  }
  const lines = await findOrderLines(ctx.db, earlier.id);
  const ticket = lines[0] && (await findSaleTicket(ctx, lines[0].ticketId));
  if (!ticket) return describeOrder(ctx, earlier);
  return startPayment(ctx, deps, provider, { order: earlier, lines, ticket }, input);
}

/** A pending order whose hold ran out: expired, its places released (once, whoever gets there first). */
async function expireOrder(db: Db, order: OrderRow): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const expired = await moveOrder(tx, order.id, 'pending', { status: 'expired' });
    if (expired) await releasePlaces(tx, await findOrderLines(tx, order.id));
    return expired;
  });
}

async function queueMail(ctx: Pick<ServiceContext, 'log'>, deps: CheckoutDeps, order: OrderRow) {
  await deps.queueTicketMail(order.id).catch((error) => {
    ctx.log.error({ err: error, order: order.code }, 'the tickets mail could not be queued');
  });
}

type RecoveryContext = { db: Db; clock: Clock; log: ServiceContext['log'] };

/** Methods whose payment needs nobody: a crash-left order of these is finished by the job. */
const SETTLED_WITHOUT_BUYER: PaymentMethod[] = ['cash', 'free'];

/**
 * The job that finishes what crashes left and no retry came back for: issues paid orders
 * without tickets, and settles and issues pending cash and free orders. Safe in every process
 * at once: each order changes state only from the state it was read in.
 */
export async function recoverStrandedOrders(ctx: RecoveryContext, deps: CheckoutDeps): Promise<number> {
  let recovered = 0;
  const finish = async (order: OrderRow, issue: () => Promise<OrderRow | undefined>) => {
    try {
      const issued = await issue();
      if (!issued) return;
      await queueMail(ctx, deps, issued);
      recovered++;
    } catch (error) {
      // One order that cannot be finished must not hold up the others; it is tried again next time.
      ctx.log.warn({ err: error, order: order.code }, 'recovering an order failed');
    }
  };
  for (const order of await findPaidOrdersWithoutTickets(ctx.db)) {
    await finish(order, () => issueTickets(ctx, deps.signer, order));
  }
  for (const order of await findStrandedPendingOrders(ctx.db, SETTLED_WITHOUT_BUYER, ctx.clock.now())) {
    const provider = deps.providers[order.paymentMethod as PaymentMethod];
    if (provider) await finish(order, () => settleWithoutBuyer(ctx, deps, provider, order));
  }
  return recovered;
}

/** Cash and free: the provider's answer is immediate and final, and the order is issued with it. */
async function settleWithoutBuyer(
  ctx: RecoveryContext,
  deps: CheckoutDeps,
  provider: PaymentProvider,
  order: OrderRow,
): Promise<OrderRow | undefined> {
  const started = await provider.start({
    orderCode: order.code,
    amountCents: order.totalCents,
    currency: 'EUR',
    description: order.code,
    // Neither cash nor free sends the buyer anywhere.
    returnUrl: '',
    cancelUrl: '',
    idempotencyKey: `${order.code}:start`,
  });
  if (started.status !== 'paid' && started.status !== 'on_site') return undefined;
  return issueTickets(ctx, deps.signer, order, {
    from: 'pending',
    payment: { reference: started.reference, paid: started.status === 'paid' },
  });
}
