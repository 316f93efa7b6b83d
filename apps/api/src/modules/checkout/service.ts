import {
  type couponInfo,
  HOLD_MINUTES,
  type PaymentMethod,
  type ticketBuy,
} from '@sentiero/contract/checkout';
import { calendarDateIn } from '@sentiero/contract/durations';
import { findGuestProblems } from '@sentiero/contract/rules/guests';
import { priceOrder, unitPrice } from '@sentiero/contract/rules/order-prices';
import type { Db, Transaction } from '@sentiero/db/client';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentEvent, PaymentProvider } from '../../platform/payments/provider.ts';
import type { TicketSigner } from '../../platform/ticket-signing.ts';
import { premiumCheck } from '../premium/index.ts';
import { findSaleTicket, findSaleTicketForPurchase, isOnSale } from '../tickets/index.ts';
import { acceptClaimedOffer, type ClaimedOffer, claimOffer } from '../waitlist/index.ts';
import { requireCashAllowance } from './cash-limits.ts';
import { couponDiscount, findApplicableCoupon } from './coupons.ts';
import type { DayCancellationQueue } from './day-cancellation-jobs.ts';
import { startPayment } from './payment.ts';
import { placesNeeded, releasePlaces } from './places.ts';
import { resumePurchase } from './recover.ts';
import {
  findOrderById,
  findOrderByIdempotencyKey,
  findOrderLines,
  insertOrderTakingPlaces,
  lockExpiredHolds,
  moveOrder,
  newPublicCode,
  type OrderLineRow,
  type OrderRow,
} from './repo.ts';
import { describeOrder } from './summary.ts';

export type PaymentProviders = Partial<Record<PaymentMethod, PaymentProvider>>;
export type CheckoutDeps = {
  providers: PaymentProviders;
  signer: TicketSigner;
  /** Queues the mail with the tickets' PDF: rendering it never holds up the buyer's answer. */
  queueTicketMail(orderId: number, movedTo?: string): Promise<void>;
  /**
   * A buy's statement that issued its tickets queued their mail itself (`TICKET_MAIL_QUEUE`): a
   * worker of this process, if it has one, takes it now rather than at its next poll.
   */
  ticketMailQueued(): void;
  /**
   * Payments through the same providers that are not orders (a featured listing, work-with-us):
   * a webhook for no known order is offered to each in turn; true when it was theirs.
   */
  otherPayments?: readonly OtherPaymentHandler[];
  /** Cancelled days' runs and one-click links (ADR 049), when the app's jobs are running. */
  days?: DayCancellationQueue;
};

export type OtherPaymentHandler = (
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'lang' | 'log' | 'mail' | 'config'>,
  event: PaymentEvent,
  /** The same providers, for a payment that must be given back. */
  providers: PaymentProviders,
) => Promise<boolean>;

export type BuyRequest = z.output<typeof ticketBuy.input>;

class SoldOut extends Error {}
class CouponGone extends Error {}

const unavailable = () => new AppError('TICKET_UNAVAILABLE', 409);
const isCashLimit = (error: unknown) =>
  error instanceof AppError && (error.code === 'CASH_PLACES_LIMIT' || error.code === 'CASH_ORDERS_LIMIT');

/**
 * SPEC section 2: the payment step. Validates the guests again, prices the order, holds its
 * places and starts the payment; the same idempotency key always answers the same order, and
 * finishes it when a crash left it half way (`resumePurchase`).
 */
export async function buyTickets(ctx: ServiceContext, deps: CheckoutDeps, input: BuyRequest) {
  const { id: userId } = await requireAccess(ctx, 'member');
  // A retried buy must find its order before anything is checked again: one statement asks both.
  const purchase = { userId, idempotencyKey: input.idempotency_key };
  const ticket = await findSaleTicketForPurchase(ctx, input.id_ticket, purchase);
  const earlier = ticket
    ? ticket.earlierOrderId !== null && (await findOrderById(ctx.db, ticket.earlierOrderId))
    : await findOrderByIdempotencyKey(ctx.db, userId, input.idempotency_key);
  if (earlier) return { order: await resumePurchase(ctx, deps, earlier, input) };
  if (!ticket) throw unavailable();
  const now = ctx.clock.now();
  const today = calendarDateIn(ticket.timeZone, now);
  if (!isOnSale(ticket, today)) throw unavailable();
  // Checked again here whatever the client checked (SPEC section 5, issue 5).
  const problems: Record<string, string> = {};
  input.guests.forEach((guest, index) => {
    for (const [field, key] of Object.entries(findGuestProblems(ticket, guest, today))) {
      problems[`guests.${index}.${field}`] = key;
    }
  });
  const target = { ticketId: ticket.id, categoryId: ticket.categoryId, areaId: ticket.areaId };
  const isMember = premiumCheck(ctx, userId);
  if (
    input.coupon &&
    !(await findApplicableCoupon(ctx.db, input.coupon, target, userId, now, { isMember }))
  ) {
    problems.coupon = 'couponInvalid';
  }
  if (Object.keys(problems).length) throw new AppError('VALIDATION_FAILED', 400, problems);

  const {
    unitPriceCents: unitPrice,
    subtotalCents: subtotal,
    discountCents: discount,
  } = priceOrder(ticket, input.guests.length, 0, {
    member: ticket.memberPriceCents !== null && (await isMember()),
  });
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
  const places =
    ticket.dailyCapacity === null
      ? null
      : { ticketId: ticket.id, needed: placesNeeded(lines), capacity: ticket.dailyCapacity };

  const write = async (
    db: Db | Transaction,
    couponCode: string | null,
    couponOff: number,
    held: ClaimedOffer | null = null,
  ) => {
    const total = Math.max(0, subtotal - discount - couponOff);
    const method: PaymentMethod = total === 0 ? 'free' : input.payment_method;
    if (method === 'free' && total > 0)
      throw new AppError('VALIDATION_FAILED', 400, { payment_method: 'invalid' });
    if (!deps.providers[method]) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);
    // Cash orders always run in a transaction (see below): the member's allowance is locked
    // until their order is written.
    if (method === 'cash') {
      await requireCashAllowance(ctx, db as Transaction, { userId, ticketId: ticket.id, lines, now });
    }
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
        // What this buyer is promised, whatever the ticket's rule becomes later (ADR 045).
        cancellationRule: ticket.cancellationRule,
        holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
        createdAt: now,
      },
      lines,
      // Places held from a waiting list are already counted as taken: the order takes them over.
      held ? null : places,
    );
    if (!placed) throw new SoldOut();
    if (held)
      await acceptClaimedOffer(db as Transaction, held, { id: placed.order.id, guests: lines.length }, now);
    return placed;
  };

  let placed: { order: OrderRow; lines: OrderLineRow[] };
  try {
    placed =
      input.coupon || input.payment_method === 'cash' || input.waitlist_offer
        ? await ctx.db.transaction(async (tx) => {
            // Places held for this member from a waiting list (ADR 050), locked until the order is written.
            const held = input.waitlist_offer
              ? await claimOffer(
                  tx,
                  { token: input.waitlist_offer, userId, ticketId: ticket.id, guests: lines },
                  now,
                )
              : null;
            if (!input.coupon) return write(tx, null, 0, held);
            // Locked until the order is written: two buyers cannot both take a coupon's last use.
            const coupon = await findApplicableCoupon(tx, input.coupon, target, userId, now, {
              lock: true,
              isMember,
            });
            if (!coupon) throw new CouponGone();
            return write(tx, coupon.code, couponDiscount(coupon, subtotal - discount), held);
          })
        : // Without a coupon the order and its places are one statement: a day's row stays locked
          // only while that statement runs, so buyers of one day follow each other quickly.
          await write(ctx.db, null, 0);
  } catch (error) {
    if (error instanceof SoldOut) throw unavailable();
    if (error instanceof CouponGone)
      throw new AppError('VALIDATION_FAILED', 400, { coupon: 'couponInvalid' });
    // The same purchase sent twice at once: the other request made the order (and that order
    // may be what now fills the member's pay-on-site allowance).
    if (isUniqueViolation(error) || isCashLimit(error)) {
      const same = await findOrderByIdempotencyKey(ctx.db, userId, input.idempotency_key);
      if (same) return { order: await describeOrder(ctx, same) };
    }
    throw error;
  }
  const provider = deps.providers[placed.order.paymentMethod as PaymentMethod];
  if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);
  return { order: await startPayment(ctx, deps, provider, { ...placed, ticket }, input) };
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

/** `app/coupon/info`: whether a code applies to a ticket, and what it takes off. */
export async function checkCoupon(ctx: ServiceContext, input: z.output<typeof couponInfo.input>) {
  const ticket = await findSaleTicket(ctx, input.id_ticket);
  if (!ticket) throw unavailable();
  const target = { ticketId: ticket.id, categoryId: ticket.categoryId, areaId: ticket.areaId };
  const userId = ctx.user?.id ?? null;
  const isMember = premiumCheck(ctx, userId);
  const coupon = await findApplicableCoupon(ctx.db, input.code, target, userId, ctx.clock.now(), {
    isMember,
  });
  if (!coupon) throw new AppError('COUPON_INVALID', 400, { code: 'couponInvalid' });
  const member = ticket.memberPriceCents !== null && (await isMember());
  const amount = unitPrice(ticket, { member }) * input.quantity;
  return {
    valid: true as const,
    code: coupon.code,
    kind: coupon.kind,
    amount: coupon.amount,
    discount_cents: couponDiscount(coupon, amount),
  };
}
