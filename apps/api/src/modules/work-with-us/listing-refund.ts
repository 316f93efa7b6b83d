import { randomBytes } from 'node:crypto';
import { refundRefusalOf } from '@sentiero/contract/rules/refund-refusals';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { RefundEvent, RefundResult } from '../../platform/payments/provider.ts';
import type { PaymentProviders } from '../../platform/payments/registry.ts';
import {
  type ApplicationRow,
  claimApplicationRefund,
  dropApplicationRefund,
  findApplication,
  findApplicationByPaymentReference,
  findApplicationByRefundReference,
  markRejectedListingPaid,
  recordRejectedListingRefund,
  settleApplicationRefundRow,
} from './repo.ts';

/*
 * A paid featured listing that is rejected gets its money back in full, through the provider that
 * took it and its refund client (Stripe Refunds, PayPal capture refunds, the card simulator: the
 * same `PaymentProvider.refund` as order refunds, ADR 029). The order of effects (ADR 039):
 * 1. claim the refund on the application with a fresh idempotency key (one claim at a time);
 * 2. ask the provider with that key: a second click, a second admin or a retry after an outage
 *    finds the claim and asks again with the same key, so the provider answers its first refund;
 * 3. a refusal drops the claim, so the application is exactly as it was, and is answered 422 with
 *    the provider's reason; an answer (`succeeded` or `pending`) is written with the rejection.
 * A pending refund is settled by the provider's webhook, as an order's is.
 */

export type ListingRefund = {
  key: string;
  cents: number;
  state: 'succeeded' | 'pending';
  reference: string;
};

type RefundContext = Pick<ServiceContext, 'db' | 'clock' | 'log'>;

/** A featured listing paid through a provider: rejecting it gives the money back. */
export function isPaidListing(application: ApplicationRow): boolean {
  return application.plan === 'featured' && application.paidAt !== null && application.amountCents > 0;
}

/** Gives a paid listing's money back, or throws with the application left as it was. */
export async function refundListing(
  ctx: RefundContext,
  providers: PaymentProviders,
  application: ApplicationRow,
): Promise<ListingRefund> {
  const { key, cents } = await claimRefund(ctx, application);
  const result = await askProvider(ctx, providers, application, key, cents);
  if (result.status === 'failed') {
    await dropApplicationRefund(ctx.db, application.id, key);
    ctx.log.warn(
      { application: application.reference, reason: result.reason },
      'the payment provider refused to refund a featured listing',
    );
    throw new AppError('REFUND_REFUSED', 422, {
      reason: `refundRefused.${refundRefusalOf(result.reason)}`,
      provider_code: result.reason,
    });
  }
  return { key, cents, state: result.status, reference: result.reference };
}

/**
 * A listing's payment that completed after its application was rejected (approved late at PayPal
 * or the bank): written paid, and its money given back at once through the same refund, with the
 * rejection's mail again, now saying so. A provider that cannot be reached throws, so its webhook
 * is delivered again and the refund asked again with the same key; a refusal is kept for the
 * console to flag, as a failed refund is.
 */
export async function refundLatePayment(
  ctx: RefundContext,
  providers: PaymentProviders,
  application: ApplicationRow,
): Promise<ApplicationRow | undefined> {
  const paid =
    (await markRejectedListingPaid(ctx.db, application.id, ctx.clock.now())) ??
    (await findApplication(ctx.db, application.id));
  // Not a rejected listing, or refunded already (the same webhook again).
  if (
    paid?.state !== 'rejected' ||
    !isPaidListing(paid) ||
    paid.refundReference ||
    paid.refundState === 'failed'
  )
    return undefined;
  const { key, cents } = await claimRefund(ctx, paid, 'rejected');
  const result = await askProvider(ctx, providers, paid, key, cents);
  const at = ctx.clock.now();
  if (result.status === 'failed') {
    ctx.log.warn(
      { application: paid.reference, reason: result.reason },
      'a featured listing paid after its rejection could not be refunded: staff must give the money back',
    );
    await recordRejectedListingRefund(ctx.db, paid.id, key, { state: 'failed', reason: result.reason, at });
    return undefined;
  }
  return recordRejectedListingRefund(ctx.db, paid.id, key, {
    state: result.status,
    reference: result.reference,
    at,
  });
}

/** The provider that took the listing's payment, asked to give `cents` back under `key`. */
async function askProvider(
  ctx: RefundContext,
  providers: PaymentProviders,
  application: ApplicationRow,
  key: string,
  cents: number,
): Promise<RefundResult> {
  const provider = application.paymentMethod ? providers[application.paymentMethod] : undefined;
  if (!provider || !application.paymentReference) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 503);
  try {
    return await provider.refund({
      reference: application.paymentReference,
      amountCents: cents,
      // The provider's dashboard shows it beside the payment, as an order's code.
      orderCode: application.reference,
      idempotencyKey: key,
    });
  } catch (error) {
    // The claim stays: the same rejection (or webhook) later asks again with its key.
    ctx.log.error(
      { err: error, application: application.reference },
      'the payment provider could not be asked to refund a featured listing',
    );
    throw new AppError('SERVICE_UNAVAILABLE', 503, undefined, { retryAfterSeconds: 30 });
  }
}

/**
 * This rejection's claim, or the one another click made first (or one whose answer a crash or
 * an outage lost), whose key the provider already knows. `state` is the application's: submitted
 * for a rejection's refund, rejected for a payment that came after it.
 */
async function claimRefund(
  ctx: RefundContext,
  application: ApplicationRow,
  state: 'submitted' | 'rejected' = 'submitted',
): Promise<{ key: string; cents: number }> {
  // Twice at most: another rejection's claim may be dropped (refused) between our two reads.
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await claimApplicationRefund(
      ctx.db,
      application.id,
      {
        key: `${application.reference}:refund:${randomBytes(8).toString('hex')}`,
        cents: application.amountCents,
        at: ctx.clock.now(),
      },
      state,
    );
    const current = claimed ?? (await findApplication(ctx.db, application.id));
    if (current?.state !== state) throw new AppError('APPLICATION_ALREADY_REVIEWED', 409);
    if (current.refundKey && current.refundCents !== null) {
      return { key: current.refundKey, cents: current.refundCents };
    }
  }
  throw new AppError('APPLICATION_REFUND_UNDER_WAY', 409);
}

/**
 * A provider's word on a listing's refund (Stripe `refund.*`, PayPal PAYMENT.CAPTURE.REFUNDED):
 * a pending refund becomes succeeded or failed, once; a failure is kept for the console to show.
 * False when the refund is no application's, so the caller goes on looking.
 */
export async function settleListingRefund(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'log'>,
  event: RefundEvent,
): Promise<boolean> {
  const settled = await settleApplicationRefundRow(ctx.db, event.refundReference, {
    state: event.state,
    reason: event.state === 'failed' ? (event.reason ?? 'failed') : null,
    at: ctx.clock.now(),
  });
  if (settled) {
    if (settled.refundState === 'failed') {
      ctx.log.warn(
        { application: settled.reference, reason: settled.refundFailureReason },
        'a featured listing’s refund failed at the provider: staff must give the money back',
      );
    }
    return true;
  }
  // Settled already: the provider delivered the same event again.
  if (await findApplicationByRefundReference(ctx.db, event.refundReference)) return true;
  const application = await findApplicationByPaymentReference(ctx.db, event.reference);
  if (!application) return false;
  if (
    (application.state === 'submitted' || application.state === 'rejected') &&
    application.refundKey &&
    !application.refundReference &&
    application.refundState !== 'failed'
  ) {
    // Ours, and the provider's first answer is not written yet: an error makes it deliver again.
    throw new Error(`the refund of ${application.reference} is not recorded yet`);
  }
  ctx.log.warn(
    { application: application.reference, refund: event.refundReference },
    'a featured listing was refunded outside Sentiero',
  );
  return true;
}
