import { createHash } from 'node:crypto';
import type { Subscription, SubscriptionType } from '@sentiero/contract/premium';
import type { BillingProvider, BillingProviders } from '../../platform/billing/provider.ts';
import { allowedControls, isEntitled, type Membership, RETRY_DAYS } from './lifecycle.ts';
import type { MembershipRow } from './repo.ts';

/**
 * Between the stored row and the pure state machine, and what follows from a state: when the
 * next charge, retry or end is due, when the reminder goes, what the member is shown.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A failed renewal is retried 1, 3 and 6 days after the first failure: all inside RETRY_DAYS. */
export const RETRY_AFTER_DAYS = [1, 3, 6] as const;
/** The reminder of a coming charge goes this many days before it (trial end, yearly renewal). */
export const REMINDER_DAYS = 3;

export function toMembership(row: MembershipRow): Membership {
  return {
    status: row.status,
    source: row.source,
    type: row.planType,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    periodEnd: row.periodEnd.toISOString(),
    failedCharges: row.failedCharges,
    pastDueSince: row.pastDueSince?.toISOString() ?? null,
    graceUntil: row.graceUntil?.toISOString() ?? null,
    remainingMs: row.remainingMs,
    canceledFrom: row.canceledFrom,
    awaitingApproval: row.awaitingApproval,
  };
}

/** Who charges renewals: Sentiero's job (the sandbox) or the provider or store that sold it. */
export type Renewals = BillingProvider['renewals'] | 'store';

export function renewalsOf(row: MembershipRow, providers: BillingProviders): Renewals {
  if (row.source !== 'web') return 'store';
  return (row.paymentMethod && providers[row.paymentMethod]?.renewals) || 'provider';
}

/** The row's columns for a membership state: the state itself and when the job must look at it next. */
export function fromMembership(membership: Membership, renewals: Renewals, now: Date) {
  const periodEnd = new Date(membership.periodEnd);
  const pastDueSince = membership.pastDueSince ? new Date(membership.pastDueSince) : null;
  return {
    status: membership.status,
    trialEnd: membership.trialEnd ? new Date(membership.trialEnd) : null,
    periodEnd,
    failedCharges: membership.failedCharges,
    pastDueSince,
    graceUntil: membership.graceUntil ? new Date(membership.graceUntil) : null,
    remainingMs: membership.remainingMs,
    canceledFrom: membership.canceledFrom,
    awaitingApproval: membership.awaitingApproval,
    nextChargeAt: nextDueAt(membership, renewals),
    remindAt: reminderAt(membership, renewals, now),
    endedAt: membership.status === 'expired' ? now : null,
  };
}

function nextDueAt(membership: Membership, renewals: Renewals): Date | null {
  const periodEnd = new Date(membership.periodEnd);
  switch (membership.status) {
    case 'trialing':
    case 'active':
      return renewals === 'sentiero' ? periodEnd : null;
    case 'past_due': {
      const since = Date.parse(membership.pastDueSince ?? membership.periodEnd);
      // Ended by the job once the retry window and any grace the store gives are both over.
      const graceEnd = membership.graceUntil ? Date.parse(membership.graceUntil) : 0;
      if (renewals !== 'sentiero') return new Date(Math.max(since + RETRY_DAYS * DAY_MS, graceEnd));
      const retry = RETRY_AFTER_DAYS[membership.failedCharges - 1] ?? RETRY_DAYS;
      return new Date(since + retry * DAY_MS);
    }
    case 'canceled':
      // It ends by itself at its last paid day.
      return periodEnd;
    case 'suspended':
    case 'expired':
      return null;
  }
}

function reminderAt(membership: Membership, renewals: Renewals, now: Date): Date | null {
  if (renewals === 'store') return null;
  const comingCharge =
    membership.status === 'trialing' || (membership.status === 'active' && membership.type === 'yearly');
  if (!comingCharge) return null;
  const at = new Date(Date.parse(membership.periodEnd) - REMINDER_DAYS * DAY_MS);
  return at > now ? at : null;
}

/** The end of a period that starts at `start`: a calendar month or year later (31 Jan + 1 month = 28/29 Feb). */
export function periodAfter(start: Date, type: SubscriptionType): Date {
  const end = new Date(start);
  if (type === 'yearly') {
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    if (end.getUTCMonth() !== start.getUTCMonth()) end.setUTCDate(0);
    return end;
  }
  end.setUTCMonth(end.getUTCMonth() + 1);
  if (end.getUTCMonth() !== (start.getUTCMonth() + 1) % 12) end.setUTCDate(0);
  return end;
}

/** One free trial per person: the address, lower-cased and trimmed, hashed (kept after deletion). */
export function trialKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** SPEC section 3's premium subscription display, with what the screen needs to act on it. */
export function membershipAnswer(
  row: MembershipRow,
  now: Date,
  providers: BillingProviders,
  handoff: { redirectUrl?: string; clientSecret?: string } = {},
): Subscription {
  const renewing = row.status === 'trialing' || row.status === 'active';
  const retryUntil = row.status === 'past_due' ? (row.graceUntil?.toISOString() ?? null) : null;
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    subscription_type: row.planType,
    price: row.priceCents,
    currency: 'EUR',
    start_date: row.startedAt.toISOString(),
    expiry_date: row.periodEnd.toISOString(),
    trial_end_date: row.trialEnd?.toISOString() ?? null,
    last_payment:
      row.lastPaymentAt && row.lastPaymentCents !== null
        ? { date: row.lastPaymentAt.toISOString(), amount_cents: row.lastPaymentCents }
        : null,
    paid:
      row.lastPaymentAt !== null &&
      row.status !== 'trialing' &&
      row.status !== 'past_due' &&
      row.status !== 'expired' &&
      !(row.status === 'canceled' && row.canceledFrom !== 'active'),
    entitled: isEntitled(row, now),
    next_charge_date:
      renewing && !row.awaitingApproval
        ? row.periodEnd.toISOString()
        : row.status === 'past_due' && row.source === 'web' && row.paymentMethod === 'sandbox'
          ? (row.nextChargeAt?.toISOString() ?? null)
          : null,
    retry_until: retryUntil,
    payment_method: row.paymentMethod,
    payment_label: row.paymentLabel,
    managed_by_store: row.source !== 'web',
    actions: allowedControls(toMembership(row), now.toISOString(), {
      chargedHere: renewalsOf(row, providers) === 'sentiero',
    }),
    redirect_url: handoff.redirectUrl ?? null,
    client_secret: handoff.clientSecret ?? null,
  };
}
