import type { ScheduledJob } from '../../platform/jobs.ts';
import { REFUND_RECHECK_AFTER_MS, type RefundRecheckSummary } from '../../platform/payments/provider.ts';
import type { PaymentProviders } from '../../platform/payments/registry.ts';
import { settleListingRefund } from './listing-refund.ts';
import { findStaleListingRefunds } from './repo.ts';

type RecheckContext = Parameters<typeof settleListingRefund>[0];

/** Listings' refunds are rare: a run looks at this many, the next run at the rest. */
const LISTING_REFUNDS_PER_RUN = 50;

/**
 * Settles the featured listings' refunds whose webhook never came (an endpoint down, a secret
 * rotated; ADR 039): each pending refund the provider took more than an hour ago is looked up by
 * its id, and a final state there settles it as its webhook would have, a failure kept for the
 * console to flag. One the provider cannot be asked about now waits for the next run.
 */
export async function recheckListingRefunds(
  ctx: RecheckContext,
  providers: PaymentProviders,
): Promise<RefundRecheckSummary> {
  const before = new Date(ctx.clock.now().getTime() - REFUND_RECHECK_AFTER_MS);
  const summary: RefundRecheckSummary = { looked: 0, settled: 0, stillPending: 0, unreachable: 0 };
  for (const application of await findStaleListingRefunds(ctx.db, before, LISTING_REFUNDS_PER_RUN)) {
    const provider = application.paymentMethod ? providers[application.paymentMethod] : undefined;
    const reference = application.refundReference;
    if (!provider?.lookUpRefund || !reference || !application.paymentReference) continue;
    summary.looked += 1;
    try {
      const result = await provider.lookUpRefund(reference);
      if (result.status === 'pending') {
        summary.stillPending += 1;
        continue;
      }
      await settleListingRefund(ctx, {
        type: 'refund',
        state: result.status,
        refundReference: reference,
        reference: application.paymentReference,
        orderCode: application.reference,
        amountCents: application.refundCents,
        totalRefundedCents: null,
        reason: result.status === 'failed' ? result.reason : null,
      });
      summary.settled += 1;
    } catch (error) {
      summary.unreachable += 1;
      ctx.log.warn(
        { err: error, application: application.reference },
        'a featured listing’s pending refund could not be checked with its provider',
      );
    }
  }
  return summary;
}

/** Every ten minutes, as orders' refunds are rechecked. */
export function listingRefundRecheckSchedule(ctx: RecheckContext, providers: PaymentProviders): ScheduledJob {
  return {
    queue: 'listing-refunds-recheck',
    cron: '*/10 * * * *',
    retryLimit: 2,
    retryDelaySeconds: 60,
    run: () => recheckListingRefunds(ctx, providers),
  };
}
