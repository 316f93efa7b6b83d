import type { PaymentMethod } from '@sentiero/contract/checkout';
import { paidShares } from '@sentiero/contract/rules/refund-shares';
import type { Transaction } from '@sentiero/db/client';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { finishRefund, type RefundContext } from './refund-settle.ts';
import {
  findClaimedOrderLines,
  findRefundByIdempotencyKey,
  findRefundLines,
  insertPendingRefund,
  type RefundRow,
  recordProviderReference,
} from './refunds-repo.ts';
import { findOrderByCode, findOrderLines, type OrderRow } from './repo.ts';
import type { CheckoutDeps } from './service.ts';

export type RefundRequester = { staffId: number } | { memberId: number } | null;

export type RefundOrderInput = {
  orderCode: string;
  /** Order line ids; every guest not refunded yet when absent. */
  guests?: number[];
  reason: string;
  requestedBy: RefundRequester;
  /** One per refund the caller means (a console click): the same key again is the same refund. */
  idempotencyKey: string;
  /**
   * What each guest gets back when less than what they paid: a buyer's cancellation by the
   * order's rule (ADR 045). Never above the guest's share, whatever it says.
   */
  refundCents?: ReadonlyMap<number, number>;
  /**
   * Runs in the transaction that writes the pending refund, with its amount and guests: the
   * console writes its audit line there (and may still refuse, which writes nothing). Not run
   * when the same key answers an earlier refund.
   */
  onRequested?: (tx: Transaction, refund: RefundRow, guests: number[]) => Promise<void>;
};

export type RefundOutcome = {
  id: number;
  orderCode: string;
  state: RefundRow['state'];
  amountCents: number;
  guests: number[];
};

/** Methods whose money never passed through Sentiero: their orders are cancelled with nothing to give back. */
const NO_MONEY_TAKEN: readonly string[] = ['cash', 'free'] satisfies PaymentMethod[];

/**
 * Issue 23: cancels guests of an order and gives back what they paid, through the provider that
 * took it (ADR 029). The caller checks who may refund (staff `orders.refund`, or the member's
 * own cancellation rules) before calling. Answers the refund `succeeded` (tickets cancelled,
 * places back, buyer mailed) or `pending` (the provider settles it by webhook); a provider's
 * refusal is a 422 with its reason and leaves the order as it was.
 */
export async function refundOrder(
  ctx: RefundContext,
  deps: Pick<CheckoutDeps, 'providers'>,
  input: RefundOrderInput,
): Promise<RefundOutcome> {
  const earlier = await findRefundByIdempotencyKey(ctx.db, input.idempotencyKey);
  if (earlier) return resumeRefund(ctx, deps, earlier, input);
  const order = await findOrderByCode(ctx.db, input.orderCode);
  if (!order) throw new AppError('NOT_FOUND', 404);
  // Only an issued order has tickets to cancel; a pending one is cancelled by its hold running out.
  if (order.status !== 'issued') throw new AppError('ORDER_NOT_REFUNDABLE', 409);

  const lines = await findOrderLines(ctx.db, order.id);
  const claimed = await findClaimedOrderLines(ctx.db, order.id);
  const known = new Set(lines.map((line) => line.id));
  if (input.guests && (input.guests.length === 0 || input.guests.some((id) => !known.has(id)))) {
    throw new AppError('VALIDATION_FAILED', 400, { guests: 'invalid' });
  }
  const chosen = input.guests
    ? [...new Set(input.guests)]
    : lines.map((line) => line.id).filter((id) => !claimed.has(id));
  if (chosen.length === 0 || chosen.some((id) => claimed.has(id))) {
    throw new AppError('REFUND_ALREADY_REQUESTED', 409);
  }
  const noMoney = NO_MONEY_TAKEN.includes(order.paymentMethod);
  const shares = paidShares(lines, noMoney ? 0 : order.totalCents);
  const refundLines = chosen.map((id) => {
    const share = shares.get(id) ?? 0;
    const byRule = input.refundCents?.get(id);
    return {
      orderLineId: id,
      amountCents: byRule === undefined ? share : Math.max(0, Math.min(share, byRule)),
    };
  });

  let refund: RefundRow;
  try {
    refund = await insertPendingRefund(
      ctx.db,
      {
        orderId: order.id,
        amountCents: refundLines.reduce((sum, line) => sum + line.amountCents, 0),
        reason: input.reason,
        requestedByStaffId:
          input.requestedBy && 'staffId' in input.requestedBy ? input.requestedBy.staffId : null,
        requestedByMemberId:
          input.requestedBy && 'memberId' in input.requestedBy ? input.requestedBy.memberId : null,
        idempotencyKey: input.idempotencyKey,
        createdAt: ctx.clock.now(),
      },
      refundLines,
      input.onRequested,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same request twice at once: the other one wrote it.
    const same = await findRefundByIdempotencyKey(ctx.db, input.idempotencyKey);
    if (same) return resumeRefund(ctx, deps, same, input);
    // Another refund claimed one of these guests first.
    throw new AppError('REFUND_ALREADY_REQUESTED', 409);
  }
  return askProvider(ctx, deps, order, refund);
}

/** A repeated request: answers the refund as it stands, and asks the provider again if it never answered. */
async function resumeRefund(
  ctx: RefundContext,
  deps: Pick<CheckoutDeps, 'providers'>,
  refund: RefundRow,
  input: RefundOrderInput,
): Promise<RefundOutcome> {
  const order = await findOrderByCode(ctx.db, input.orderCode);
  const lines = (await findRefundLines(ctx.db, refund.id)).map((line) => line.orderLineId);
  const sameGuests = !input.guests || [...new Set(input.guests)].sort().join() === [...lines].sort().join();
  if (!order || order.id !== refund.orderId || !sameGuests) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
  if (refund.state === 'failed') throw refused(refund.failureReason);
  if (refund.state === 'pending' && !refund.providerReference) return askProvider(ctx, deps, order, refund);
  return outcome(order, refund, lines);
}

/**
 * Asks the provider with a key derived from the refund, so asking again after a timeout or a
 * crash can never give the money back twice.
 */
export async function askProvider(
  ctx: RefundContext,
  deps: Pick<CheckoutDeps, 'providers'>,
  order: OrderRow,
  refund: RefundRow,
): Promise<RefundOutcome> {
  const lines = (await findRefundLines(ctx.db, refund.id)).map((line) => line.orderLineId);
  if (refund.amountCents === 0) {
    const done = await finishRefund(ctx, refund, { state: 'succeeded', reference: null, reason: null });
    return outcome(order, done ?? refund, lines);
  }
  const provider = deps.providers[order.paymentMethod as PaymentMethod];
  if (!provider || !order.paymentReference) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 503);
  let result: Awaited<ReturnType<typeof provider.refund>>;
  try {
    result = await provider.refund({
      reference: order.paymentReference,
      amountCents: refund.amountCents,
      orderCode: order.code,
      idempotencyKey: `refund-${refund.id}`,
    });
  } catch (error) {
    // The refund stays pending and its guests claimed: the same request later asks again.
    ctx.log.error(
      { err: error, order: order.code, refund: refund.id },
      'the payment provider could not be asked for a refund',
    );
    throw new AppError('SERVICE_UNAVAILABLE', 503, undefined, { retryAfterSeconds: 30 });
  }
  if (result.status === 'pending') {
    await recordProviderReference(ctx.db, refund.id, result.reference);
    return outcome(order, { ...refund, providerReference: result.reference }, lines);
  }
  const done = await finishRefund(ctx, refund, {
    state: result.status,
    reference: result.reference,
    reason: result.status === 'failed' ? result.reason : null,
  });
  if (result.status === 'failed') throw refused(result.reason);
  return outcome(order, done ?? refund, lines);
}

function refused(reason: string | null) {
  return new AppError('REFUND_REFUSED', 422, { reason: reason ?? 'refund_refused' });
}

function outcome(order: OrderRow, refund: RefundRow, guests: number[]): RefundOutcome {
  return {
    id: refund.id,
    orderCode: order.code,
    state: refund.state,
    amountCents: refund.amountCents,
    guests,
  };
}
