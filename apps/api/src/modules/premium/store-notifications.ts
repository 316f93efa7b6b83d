import type { StoreNotification } from '../../platform/billing/store.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { applyEvent, type MembershipEvent, startTrial } from './lifecycle.ts';
import { fromMembership, toMembership } from './membership.ts';
import { type BillingContext, notifyMember } from './notices.ts';
import {
  findLiveMembership,
  findMemberByStoreToken,
  findMembershipByReference,
  insertMembership,
  updateMembership,
} from './repo.ts';

/**
 * A verified App Store or Google Play notification, applied to the membership the store sold:
 * the same state machine as web memberships, moved by the store (SPEC section 4: a membership
 * paid through a mobile app store is managed in that app). A purchase we have not seen yet is
 * recorded for the member the app named (`store_account_token`).
 */
export async function applyStoreNotification(ctx: BillingContext, note: StoreNotification): Promise<void> {
  const now = ctx.clock.now();
  const row = await findMembershipByReference(ctx.db, note.source, note.storeReference);
  if (!row || row.status === 'expired') {
    if (
      note.kind === 'started' ||
      note.kind === 'renewed' ||
      note.kind === 'renewal_on' ||
      note.kind === 'resumed'
    ) {
      await recordStorePurchase(ctx, note, now);
    }
    return;
  }
  const at = note.at.toISOString();
  const event: MembershipEvent | null = (() => {
    switch (note.kind) {
      case 'started':
      case 'renewed':
        return note.expiresAt
          ? { type: 'charge_succeeded', at, paidUntil: note.expiresAt.toISOString() }
          : null;
      case 'renewal_failed':
        // The store's word decides the access while it retries: its grace period, or none.
        return { type: 'charge_failed', at, graceUntil: (note.graceUntil ?? note.at).toISOString() };
      case 'renewal_off':
        return { type: 'cancel', at };
      case 'renewal_on':
        return { type: 'uncancel', at };
      case 'paused':
        return { type: 'suspend', at };
      case 'resumed':
        return { type: 'resume', at };
      case 'expired':
      case 'refunded':
        return { type: 'end', at };
      case 'other':
        return null;
    }
  })();
  if (!event) return;
  // A trial that becomes paid at the store: the state machine's first charge.
  const transition = applyEvent(toMembership(row), event, 'store');
  if (!transition.ok) {
    ctx.log.info(
      { subscription: row.id, kind: note.kind, refusal: transition.refusal },
      'store notification ignored',
    );
    return;
  }
  const membership = transition.membership;
  // The store knows the period better than our arithmetic (a resumed Play subscription, say).
  if (note.expiresAt && membership.status !== 'expired') membership.periodEnd = note.expiresAt.toISOString();
  const saved = await updateMembership(
    ctx.db,
    row,
    {
      ...fromMembership(membership, 'store', now),
      ...(event.type === 'charge_succeeded'
        ? { lastPaymentAt: note.at, lastPaymentCents: row.priceCents }
        : {}),
    },
    now,
  );
  if (!saved) throw new Error(`subscription ${row.id} changed while a store notification was applied`);
  if (saved.status === 'expired' && note.kind === 'expired') {
    await notifyMember(ctx, saved, {
      kind: 'ended',
      reason: row.status === 'canceled' ? 'canceled' : 'payment_failed',
    });
  }
}

async function recordStorePurchase(ctx: BillingContext, note: StoreNotification, now: Date): Promise<void> {
  const member = note.accountToken ? await findMemberByStoreToken(ctx.db, note.accountToken) : undefined;
  const plan = ctx.config.premium.plans.find((candidate) => candidate.type === note.planType);
  if (!member || !plan || !note.expiresAt || note.expiresAt <= now) {
    ctx.log.warn(
      { source: note.source, product: note.productId, member: Boolean(member) },
      'store purchase for no known member or plan',
    );
    return;
  }
  const live = await findLiveMembership(ctx.db, member.id);
  if (live) {
    // Two memberships at once (bought on the web and in the app): the web one stays; the store
    // will refund on request. Logged for the operator.
    ctx.log.warn(
      { subscription: live.id, source: note.source },
      'store purchase by a member who already has one',
    );
    return;
  }
  const started = startTrial({ at: now.toISOString(), trialDays: 0, type: plan.type, source: note.source });
  const membership = {
    ...started,
    status: note.inTrial ? ('trialing' as const) : ('active' as const),
    trialEnd: note.inTrial ? note.expiresAt.toISOString() : null,
    periodEnd: note.expiresAt.toISOString(),
  };
  try {
    await insertMembership(ctx.db, {
      userId: member.id,
      source: note.source,
      planType: plan.type,
      priceCents: plan.priceCents,
      providerReference: note.storeReference,
      startedAt: note.at,
      ...fromMembership(membership, 'store', now),
      ...(note.inTrial ? {} : { lastPaymentAt: note.at, lastPaymentCents: plan.priceCents }),
    });
  } catch (error) {
    // The same purchase told twice at once: the first one recorded it.
    if (!isUniqueViolation(error)) throw error;
  }
}
