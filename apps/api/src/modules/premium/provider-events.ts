import type { BillingEvent, BillingProvider } from '../../platform/billing/provider.ts';
import { approveMembership } from './approve-membership.ts';
import { receiptNumber } from './charges.ts';
import { openCharge, recordCharges } from './charges-repo.ts';
import { applyEvent, type MembershipEvent } from './lifecycle.ts';
import { fromMembership, toMembership } from './membership.ts';
import { type BillingContext, notifyMember, RECEIPT_QUEUE } from './notices.ts';
import { findMembershipByReference, type MembershipRow, nextVersion, updateMembership } from './repo.ts';
import type { PremiumDeps } from './service.ts';

/** What Stripe and PayPal tell us about a web membership (the app stores': store-notifications.ts). */

/**
 * Applies a verified Stripe or PayPal event to the membership it names. Unknown memberships and
 * transitions the state does not allow are logged and ignored: the provider stops resending.
 */
export async function applyBillingEvent(
  ctx: BillingContext,
  deps: Pick<PremiumDeps, 'receipts'>,
  provider: BillingProvider,
  event: BillingEvent,
): Promise<void> {
  const row = await findMembershipByReference(ctx.db, 'web', event.reference);
  if (!row) {
    ctx.log.warn({ reference: event.reference, type: event.type }, 'billing event for no known membership');
    return;
  }
  const now = ctx.clock.now();
  if (event.type === 'approved') {
    await approveMembership(ctx, provider, row, event);
    return;
  }
  const membershipEvent: MembershipEvent =
    event.type === 'charge_succeeded'
      ? { type: 'charge_succeeded', at: event.at.toISOString(), paidUntil: event.paidUntil.toISOString() }
      : event.type === 'charge_failed'
        ? { type: 'charge_failed', at: event.at.toISOString() }
        : row.status === 'canceled' && event.at >= row.periodEnd
          ? { type: 'expire', at: event.at.toISOString() }
          : { type: 'end', at: event.at.toISOString() };
  const transition = applyEvent(toMembership(row), membershipEvent);
  if (!transition.ok) {
    ctx.log.info(
      { subscription: row.id, type: event.type, refusal: transition.refusal },
      'billing event ignored',
    );
    return;
  }
  // A membership this event ends is ended at the provider first, so that no later retry of its
  // charge can collect for what is over here (a declined first payment, the retries given up).
  if (transition.membership.status === 'expired' && event.type === 'charge_failed' && row.providerReference) {
    await provider.end(row.providerReference);
  }
  const changes = {
    ...fromMembership(transition.membership, provider.renewals, now),
    ...(event.type === 'charge_succeeded'
      ? { lastPaymentAt: event.at, lastPaymentCents: event.amountCents }
      : {}),
  };
  if (event.type === 'charge_succeeded' || event.type === 'charge_failed') {
    const charge = await openCharge(
      ctx.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: row.failedCharges + 1,
        idempotencyKey: `${row.paymentMethod}-${event.paymentReference ?? `${row.id}-${event.at.toISOString()}`}`,
        amountCents: event.amountCents,
      },
      now,
    );
    // Only Sentiero's own charges (`sub-…`) are held to one per period; a provider's never wait.
    if (!charge) throw new Error(`subscription ${row.id}: charge of ${event.type} not recorded`);
    const succeeded = event.type === 'charge_succeeded';
    // Settled, the membership moved on and the receipt queued in one statement (`recordCharges`).
    const { written } = await recordCharges(
      ctx.db,
      [
        {
          charge: {
            id: charge.id,
            status: succeeded ? 'paid' : 'failed',
            providerReference: event.paymentReference,
            reason: event.type === 'charge_failed' ? event.reason : null,
            receiptNumber: succeeded ? receiptNumber(charge.id, now) : null,
            paidUntil: succeeded ? event.paidUntil : null,
            settledAt: now,
          },
          read: row,
          changes,
          at: now,
          receipt: succeeded,
        },
      ],
      RECEIPT_QUEUE,
    );
    if (!written.has(row.id)) throw new Error(`subscription ${row.id} changed while an event was applied`);
    if (succeeded) {
      deps.receipts.written();
      return;
    }
    const saved = { ...row, ...changes, updatedAt: nextVersion(row, now) } as MembershipRow;
    await notifyMember(
      ctx,
      saved,
      saved.status === 'expired' ? { kind: 'ended', reason: 'payment_failed' } : { kind: 'paymentFailed' },
    );
    return;
  }
  const saved = await updateMembership(ctx.db, row, changes, now);
  if (!saved) throw new Error(`subscription ${row.id} changed while an event was applied`);
}
