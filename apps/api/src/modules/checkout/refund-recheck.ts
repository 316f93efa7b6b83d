import type { PaymentMethod } from '@sentiero/contract/checkout';
import { AppError } from '../../platform/errors.ts';
import { REFUND_RECHECK_AFTER_MS, type RefundRecheckSummary } from '../../platform/payments/provider.ts';
import { finishRefund, type RefundContext } from './refund-settle.ts';
import { askProvider } from './refunds.ts';
import { findStalePendingRefunds, type RefundRow } from './refunds-repo.ts';
import { findOrderById } from './repo.ts';
import type { CheckoutDeps } from './service.ts';

/** A refund whose first request never got an answer (an outage) is asked again sooner. */
export const REFUND_RETRY_AFTER_MS = 5 * 60 * 1000;
/** Refunds looked at per run: pending refunds are few, and the next run takes the rest. */
const REFUNDS_PER_RUN = 200;

export { REFUND_RECHECK_AFTER_MS, type RefundRecheckSummary };

/**
 * Settles the refunds a lost webhook or an outage left pending (ADR 029): one the provider never
 * answered is asked again with the same idempotency key, so it can never be paid twice; one it
 * took is looked up by its id, and a final state there settles it as its webhook would have.
 * A refund that cannot be settled now stays as it is for the next run.
 */
export async function recheckPendingRefunds(
  ctx: RefundContext,
  deps: Pick<CheckoutDeps, 'providers'>,
): Promise<RefundRecheckSummary> {
  const now = ctx.clock.now().getTime();
  const summary: RefundRecheckSummary = { looked: 0, settled: 0, stillPending: 0, unreachable: 0 };
  const stale = await findStalePendingRefunds(ctx.db, new Date(now - REFUND_RETRY_AFTER_MS), REFUNDS_PER_RUN);
  for (const refund of stale) {
    const unanswered = refund.providerReference === null;
    if (!unanswered && refund.createdAt.getTime() > now - REFUND_RECHECK_AFTER_MS) continue;
    summary.looked += 1;
    try {
      const state = unanswered ? await askAgain(ctx, deps, refund) : await lookUp(ctx, deps, refund);
      if (state === 'pending') summary.stillPending += 1;
      else summary.settled += 1;
    } catch (error) {
      summary.unreachable += 1;
      ctx.log.warn(
        { err: error, refund: refund.id },
        'a pending refund could not be checked with its provider',
      );
    }
  }
  return summary;
}

async function askAgain(ctx: RefundContext, deps: Pick<CheckoutDeps, 'providers'>, refund: RefundRow) {
  const order = await findOrderById(ctx.db, refund.orderId);
  if (!order) throw new Error(`refund ${refund.id} names no order`);
  try {
    return (await askProvider(ctx, deps, order, refund)).state;
  } catch (error) {
    // The provider refused it: recorded as failed by askProvider, the guests can be refunded again.
    if (error instanceof AppError && error.code === 'REFUND_REFUSED') return 'failed';
    throw error;
  }
}

async function lookUp(ctx: RefundContext, deps: Pick<CheckoutDeps, 'providers'>, refund: RefundRow) {
  const order = await findOrderById(ctx.db, refund.orderId);
  const provider = order && deps.providers[order.paymentMethod as PaymentMethod];
  if (!provider?.lookUpRefund || !refund.providerReference) return 'pending';
  const result = await provider.lookUpRefund(refund.providerReference);
  if (result.status === 'pending') return 'pending';
  await finishRefund(ctx, refund, {
    state: result.status,
    reference: refund.providerReference,
    reason: result.status === 'failed' ? result.reason : null,
  });
  return result.status;
}
