import type { BillingEvent, BillingProvider } from '../../platform/billing/provider.ts';
import { fromMembership, toMembership } from './membership.ts';
import { type BillingContext, notifyMember } from './notices.ts';
import { type MembershipRow, updateMembership } from './repo.ts';

type Approval = Extract<BillingEvent, { type: 'approved' }>;

/**
 * The member approved the membership at the provider (PayPal's approval, Stripe's trial card
 * confirmed): a trial becomes one, with its benefits. Without a trial, approving is not paying:
 * the membership waits for its first charge. Told by the webhook or found when the browser comes
 * back, whichever first; the other finds it approved and changes nothing. Answers the membership
 * as saved, or undefined when there was nothing to approve or another request approved it first.
 */
export async function approveMembership(
  ctx: BillingContext,
  provider: BillingProvider,
  row: MembershipRow,
  event: Approval,
): Promise<MembershipRow | undefined> {
  if (!row.awaitingApproval || !row.trialEnd || row.status !== 'trialing') return undefined;
  const now = ctx.clock.now();
  const membership = { ...toMembership(row), awaitingApproval: false };
  if (event.trialEnd) {
    // The provider fixed the trial's end when it was made (Stripe): ours ends with it, so the
    // benefits last until its first charge.
    const trialEnd = event.trialEnd.toISOString();
    Object.assign(membership, { trialEnd, periodEnd: trialEnd });
  } else {
    // The provider's trial starts when the member approves, not when they were sent to approve:
    // ours runs as long from then, so the benefits last until the provider's first charge.
    const approvedAt = Math.min(event.at.getTime(), now.getTime());
    if (approvedAt > row.startedAt.getTime()) {
      const trialEnd = new Date(row.trialEnd.getTime() + approvedAt - row.startedAt.getTime()).toISOString();
      Object.assign(membership, { trialEnd, periodEnd: trialEnd });
    }
  }
  const saved = await updateMembership(ctx.db, row, fromMembership(membership, provider.renewals, now), now);
  if (saved) await notifyMember(ctx, saved, { kind: 'trialStarted' });
  return saved;
}
