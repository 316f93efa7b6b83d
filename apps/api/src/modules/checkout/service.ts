import {
  type CartSummary,
  type Guest,
  HOLD_MINUTES,
  type Order,
  type PaymentMethod,
} from '@sentiero/contract/checkout';
import { calendarDateIn } from '@sentiero/contract/durations';
import type { Db, Transaction } from '@sentiero/db/client';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import type { TicketSigner } from '../../platform/ticket-signing.ts';
import { isUniqueViolation } from '../accounts/repo.ts';
import { findTicketForPurchase, findTicketInfo } from '../tickets/repo.ts';
import { isOnSale } from '../tickets/service.ts';
import { couponDiscount, findApplicableCoupon } from './coupons.ts';
import { findGuestProblems } from './guests.ts';
import { signTickets } from './issue.ts';
import { placesNeeded, releasePlaces, takePlacesCall } from './places.ts';
import {
  findOrderByCode,
  findOrderById,
  findOrderByIdempotencyKey,
  findOrderLines,
  insertOrderTakingPlaces,
  issueOrder,
  lockExpiredHolds,
  moveOrder,
  newPublicCode,
  type OrderLineRow,
  type OrderRow,
} from './repo.ts';

export type PaymentProviders = Partial<Record<PaymentMethod, PaymentProvider>>;
export type CheckoutDeps = {
  providers: PaymentProviders;
  signer: TicketSigner;
  /** Queues the mail with the tickets' PDF: rendering it never holds up the buyer's answer. */
  queueTicketMail(orderId: number): Promise<void>;
};

export type BuyRequest = {
  id_ticket: number;
  guests: Guest[];
  coupon?: string | undefined;
  payment_method: PaymentMethod;
  idempotency_key: string;
  card?: { number: string; exp_month: number; exp_year: number; cvc: string } | undefined;
};

class SoldOut extends Error {}
class CouponGone extends Error {}

const unavailable = () => new AppError('TICKET_UNAVAILABLE', 409);

/** The ticket as the payment step reads it: sale rules, price and the names of the summary. */
type SaleTicket = NonNullable<Awaited<ReturnType<typeof findTicketInfo>>>;

/**
 * SPEC section 2: the payment step. Validates the guests again, prices the order, holds its
 * places and starts the payment; the same idempotency key always answers the same order.
 */
export async function buyTickets(ctx: ServiceContext, deps: CheckoutDeps, input: BuyRequest) {
  if (!ctx.user) throw new AppError('LOGIN_REQUIRED', 401);
  const userId = ctx.user.id;
  // A retried buy must find its order before anything is checked again: one statement asks both.
  const purchase = { userId, idempotencyKey: input.idempotency_key };
  const ticket = await findTicketForPurchase(ctx.db, ctx.lang, input.id_ticket, purchase);
  const earlier = ticket
    ? ticket.earlierOrderId !== null && (await findOrderById(ctx.db, ticket.earlierOrderId))
    : await findOrderByIdempotencyKey(ctx.db, userId, input.idempotency_key);
  if (earlier) return { order: await describeOrder(ctx, earlier) };
  if (!ticket) throw unavailable();
  const now = ctx.clock.now();
  const today = calendarDateIn(ticket.timeZone, now);
  if (!isOnSale(ticket, today)) throw unavailable();
  const problems = findGuestProblems(ticket, input.guests, today);
  const target = { ticketId: ticket.id, categoryId: ticket.categoryId, areaId: ticket.areaId };
  if (input.coupon && !(await findApplicableCoupon(ctx.db, input.coupon, target, userId, now))) {
    problems.coupon = 'couponInvalid';
  }
  if (Object.keys(problems).length) throw new AppError('VALIDATION_FAILED', 400, problems);

  const quantity = input.guests.length;
  const unitPrice = ticket.discountedPriceCents ?? ticket.priceCents;
  const subtotal = ticket.priceCents * quantity;
  const discount = (ticket.priceCents - unitPrice) * quantity;
  const lines = input.guests.map((guest) => ({
    ticketId: ticket.id,
    guestName: guest.full_name,
    startDate: guest.start_date,
    endDate: guest.end_date,
    fishingCardNumber: guest.card_number ?? null,
    country: guest.country ?? null,
    fiscalCode: guest.fiscal_code?.toUpperCase().replace(/\s+/g, '') ?? null,
    unitPriceCents: unitPrice,
  }));
  const takePlaces =
    ticket.dailyCapacity === null
      ? null
      : takePlacesCall(ticket.id, placesNeeded(lines), ticket.dailyCapacity);

  const write = async (db: Db | Transaction, couponCode: string | null, couponOff: number) => {
    const total = subtotal - discount - couponOff;
    const method: PaymentMethod = total === 0 ? 'free' : input.payment_method;
    if (method === 'free' && total > 0)
      throw new AppError('VALIDATION_FAILED', 400, { payment_method: 'invalid' });
    if (!deps.providers[method]) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);
    const placed = await insertOrderTakingPlaces(
      db,
      {
        code: newPublicCode('ST'),
        userId,
        status: 'pending',
        language: ctx.lang,
        paymentMethod: method,
        idempotencyKey: input.idempotency_key,
        subtotalCents: subtotal,
        discountCents: discount,
        couponCode,
        couponDiscountCents: couponOff,
        totalCents: total,
        holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
        createdAt: now,
      },
      lines,
      takePlaces,
    );
    if (!placed) throw new SoldOut();
    return placed;
  };

  let placed: { order: OrderRow; lines: OrderLineRow[] };
  try {
    placed = input.coupon
      ? await ctx.db.transaction(async (tx) => {
          // Locked until the order is written: two buyers cannot both take a coupon's last use.
          const coupon = await findApplicableCoupon(tx, input.coupon ?? '', target, userId, now, {
            lock: true,
          });
          if (!coupon) throw new CouponGone();
          return write(tx, coupon.code, couponDiscount(coupon, subtotal - discount));
        })
      : // Without a coupon the order and its places are one statement: a day's row stays locked
        // only while that statement runs, so buyers of one day follow each other quickly.
        await write(ctx.db, null, 0);
  } catch (error) {
    if (error instanceof SoldOut) throw unavailable();
    if (error instanceof CouponGone)
      throw new AppError('VALIDATION_FAILED', 400, { coupon: 'couponInvalid' });
    // The same purchase sent twice at once: the other request made the order.
    if (isUniqueViolation(error)) {
      const same = await findOrderByIdempotencyKey(ctx.db, userId, input.idempotency_key);
      if (same) return { order: await describeOrder(ctx, same) };
    }
    throw error;
  }
  const provider = deps.providers[placed.order.paymentMethod as PaymentMethod];
  if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);
  return { order: await startPayment(ctx, deps, provider, { ...placed, ticket }, input) };
}

type PlacedOrder = { order: OrderRow; lines: OrderLineRow[]; ticket: SaleTicket };

async function startPayment(
  ctx: ServiceContext,
  deps: CheckoutDeps,
  provider: PaymentProvider,
  placed: PlacedOrder,
  input: BuyRequest,
): Promise<Order> {
  const { order } = placed;
  const started = await provider.start({
    orderCode: order.code,
    amountCents: order.totalCents,
    currency: 'EUR',
    description: `${ctx.config.brand} ${order.code}`,
    returnUrl: `${ctx.origin}/event/${input.id_ticket}/confirmation?order=${order.code}`,
    cancelUrl: `${ctx.origin}/event/${input.id_ticket}/payment?order=${order.code}`,
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
 * pending to issued with its tickets in one statement. Should issuing fail, the order is still
 * recorded as paid and the recovery job issues its tickets: nothing paid is lost.
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
    issued = await issueOrder(ctx.db, order.id, 'pending', signed, now, payment);
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
  await deps.queueTicketMail(issued.id).catch((error) => {
    ctx.log.error({ err: error, order: order.code }, 'the tickets mail could not be queued');
  });
  return issued;
}

/** A declined or abandoned payment: the order fails and its places go back on sale. */
async function failOrder(ctx: ServiceContext, order: OrderRow, lines: OrderLineRow[]) {
  await ctx.db.transaction(async (tx) => {
    const failed = await moveOrder(tx, order.id, 'pending', { status: 'failed' });
    if (failed) await releasePlaces(tx, lines);
  });
}

/**
 * Releases the places of orders whose 15-minute hold ran out unpaid. Runs in every API process;
 * SKIP LOCKED lets several run at once without releasing anything twice.
 */
export async function expireHolds(ctx: Pick<ServiceContext, 'db' | 'clock'>, batch = 100): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const expired = await lockExpiredHolds(tx, ctx.clock.now(), batch);
    for (const order of expired) {
      await moveOrder(tx, order.id, 'pending', { status: 'expired' });
      await releasePlaces(tx, await findOrderLines(tx, order.id));
    }
    return expired.length;
  });
}

export async function describeOrder(ctx: ServiceContext, order: OrderRow): Promise<Order> {
  const lines = await findOrderLines(ctx.db, order.id);
  const first = lines[0];
  const ticket = first ? await findTicketInfo(ctx.db, ctx.lang, first.ticketId) : undefined;
  return summarizeOrder(order, lines, ticket);
}

/** SPEC section 3: the cart summary of an order, from the server's own figures. */
function summarizeOrder(order: OrderRow, lines: OrderLineRow[], ticket: SaleTicket | undefined): Order {
  const first = lines[0];
  const summary: CartSummary = {
    location: ticket ? `${ticket.areaName}, ${ticket.regionName}` : '',
    ticket: ticket?.title ?? '',
    category: ticket?.categoryName ?? '',
    start_date: lines.reduce(
      (min, line) => (line.startDate < min ? line.startDate : min),
      first?.startDate ?? '',
    ),
    end_date: lines.reduce((max, line) => (line.endDate > max ? line.endDate : max), first?.endDate ?? ''),
    max_usage: ticket?.maxUsage ?? null,
    quantity: lines.length,
    unit_price_cents: first?.unitPriceCents ?? 0,
    subtotal_cents: order.subtotalCents,
    discount_cents: order.discountCents,
    coupon_discount_cents: order.couponDiscountCents,
    service_fee_cents: order.serviceFeeCents,
    total_cents: order.totalCents,
    currency: 'EUR',
  };
  return {
    code: order.code,
    status: order.status,
    payment_method: order.paymentMethod as PaymentMethod,
    pay_on_site: order.paymentMethod === 'cash',
    hold_expires_at: order.holdExpiresAt.toISOString(),
    summary,
    redirect_url: null,
    client_secret: null,
  };
}

/** `app/coupon/info`: whether a code applies to a ticket, and what it takes off. */
export async function checkCoupon(
  ctx: ServiceContext,
  input: { code: string; id_ticket: number; quantity: number },
) {
  const ticket = await findTicketInfo(ctx.db, ctx.lang, input.id_ticket);
  if (!ticket) throw unavailable();
  const target = { ticketId: ticket.id, categoryId: ticket.categoryId, areaId: ticket.areaId };
  const coupon = await findApplicableCoupon(
    ctx.db,
    input.code,
    target,
    ctx.user?.id ?? null,
    ctx.clock.now(),
  );
  if (!coupon) throw new AppError('COUPON_INVALID', 400, { code: 'couponInvalid' });
  const amount = (ticket.discountedPriceCents ?? ticket.priceCents) * input.quantity;
  return {
    valid: true as const,
    code: coupon.code,
    kind: coupon.kind,
    amount: coupon.amount,
    discount_cents: couponDiscount(coupon, amount),
  };
}
