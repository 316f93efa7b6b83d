import {
  MEMBERSHIP_CONTROLS,
  type MembershipControl,
  type SubscriptionSource,
  type SubscriptionStatus,
  type SubscriptionType,
} from '@sentiero/contract/premium';

/**
 * The Sentiero+ membership's life (issue 14, SPEC section 4 "Premium"), as one state machine:
 *
 *   trialing ─charge ok─▶ active ─charge ok─▶ active …
 *      │                   │  ▲
 *      └──charge failed──▶ past_due ─charge ok─┘   (retries over RETRY_DAYS, then expired)
 *   active ─suspend─▶ suspended ─resume─▶ active   (no charge while suspended; the days left are kept)
 *   trialing | active | past_due ─cancel─▶ canceled ─uncancel─▶ the state it left
 *   canceled ─expire (at its last paid day)─▶ expired
 *   awaiting approval or its first payment (no trial) ─charge ok─▶ active; ─charge failed─▶ expired
 *
 * Pure: the caller passes the moment and stores what comes back, so every transition is tested
 * without a clock or a database. A membership bought in a mobile app store is changed by that
 * store's notifications only: cancelling or suspending it here is refused (SPEC: "if paid through
 * a mobile app store, cancelling must be done in that app").
 */

export type Membership = {
  status: SubscriptionStatus;
  source: SubscriptionSource;
  type: SubscriptionType;
  /** When the free trial ends (ISO instant); null once a plan was paid without a trial. */
  trialEnd: string | null;
  /** The last moment already paid for, or of the trial: the membership's expiry date. */
  periodEnd: string;
  /** Failed charges in a row for the period due; reset by a successful one. */
  failedCharges: number;
  /** When the first of those failures happened. */
  pastDueSince: string | null;
  /**
   * Past due: the benefits last until then. RETRY_DAYS after the first failure while Sentiero or
   * the provider retries; the store's own word for a store's membership (the end of its grace
   * period, or the failure itself when it holds the account without one).
   */
  graceUntil: string | null;
  /** Suspended: the time that was left of the paid period, given back on resume. */
  remainingMs: number | null;
  /** Canceled: the state it left, restored by `uncancel` before the expiry. */
  canceledFrom: 'trialing' | 'active' | 'past_due' | null;
  /**
   * Not a membership yet: the member has still to approve it at the provider, or, without a
   * trial, its first payment has still to come in. No benefits, no member actions, and a failed
   * charge ends it (ADR 017): only a paid charge, or an approved trial, makes it one.
   */
  awaitingApproval: boolean;
};

export type MembershipEvent =
  | { type: 'charge_succeeded'; at: string; paidUntil: string }
  /**
   * `graceUntil`: the app store retries and says until when the member keeps access meanwhile
   * (Google's grace period, Apple's billing grace period; `at` when it holds the account). The
   * store then ends the membership by itself, so Sentiero's retry count and window do not apply.
   */
  | { type: 'charge_failed'; at: string; graceUntil?: string }
  | { type: 'suspend'; at: string }
  | { type: 'resume'; at: string }
  | { type: 'cancel'; at: string }
  | { type: 'uncancel'; at: string }
  | { type: 'expire'; at: string }
  /** The provider or the store ended it (refund, revocation, its own retries given up), or the account was deleted. */
  | { type: 'end'; at: string };

/** Who asks for a member action: the member on the web, or the app store that sold it. */
export type Actor = 'member' | 'store';

/** Why a transition is refused: the API answers each with its own message. */
export type MembershipRefusal =
  | 'NOT_ALLOWED_NOW'
  | 'MANAGED_BY_STORE'
  | 'ALREADY_EXPIRED'
  | 'NOT_EXPIRED_YET';

export type Transition = { ok: true; membership: Membership } | { ok: false; refusal: MembershipRefusal };

/** A failed renewal is tried again up to this many times… */
export const MAX_RETRIES = 3;
/** …over this many days after the first failure, then the membership expires. */
export const RETRY_DAYS = 7;
/**
 * A renewing membership (trial or paid) keeps the benefits this long past its period while the
 * charge's outcome comes in: Stripe charges about an hour after the period ends, PayPal and the
 * stores when their day comes, and the member who pays must not lose the map in between. A
 * refused charge makes it past due at once; one never reported ends the benefits after this.
 */
export const RENEWAL_GRACE_HOURS = 24;

const DAY_MS = 24 * 60 * 60 * 1000;
const ms = (instant: string | Date) =>
  typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
const refuse = (refusal: MembershipRefusal): Transition => ({ ok: false, refusal });
const become = (membership: Membership): Transition => ({ ok: true, membership });

/** A new membership: the free trial starts at once and ends `trialDays` later. */
export function startTrial({
  at,
  trialDays,
  type,
  source = 'web',
}: {
  at: string;
  trialDays: number;
  type: SubscriptionType;
  source?: SubscriptionSource;
}): Membership {
  const trialEnd = new Date(ms(at) + trialDays * DAY_MS).toISOString();
  return {
    status: 'trialing',
    source,
    type,
    trialEnd,
    periodEnd: trialEnd,
    failedCharges: 0,
    pastDueSince: null,
    graceUntil: null,
    remainingMs: null,
    canceledFrom: null,
    awaitingApproval: false,
  };
}

/** Applies one event; a transition the state does not allow is refused, the membership unchanged. */
export function applyEvent(
  membership: Membership,
  event: MembershipEvent,
  actor: Actor = 'member',
): Transition {
  const { status } = membership;
  if (status === 'expired') return refuse('ALREADY_EXPIRED');
  const byMember =
    event.type === 'suspend' ||
    event.type === 'resume' ||
    event.type === 'cancel' ||
    event.type === 'uncancel';
  if (byMember && actor === 'member' && membership.source !== 'web') return refuse('MANAGED_BY_STORE');
  if (byMember && membership.awaitingApproval) return refuse('NOT_ALLOWED_NOW');

  switch (event.type) {
    case 'charge_succeeded':
      if (status !== 'trialing' && status !== 'active' && status !== 'past_due')
        return refuse('NOT_ALLOWED_NOW');
      return become({
        ...membership,
        status: 'active',
        periodEnd: event.paidUntil,
        failedCharges: 0,
        pastDueSince: null,
        graceUntil: null,
        awaitingApproval: false,
      });

    case 'charge_failed': {
      if (status !== 'trialing' && status !== 'active' && status !== 'past_due')
        return refuse('NOT_ALLOWED_NOW');
      const failedCharges = membership.failedCharges + 1;
      const pastDueSince = membership.pastDueSince ?? event.at;
      // Never paid and no trial: there is nothing to keep while retrying (else a declined card
      // would give RETRY_DAYS of benefits, again at every attempt).
      if (membership.awaitingApproval) {
        return become({ ...membership, status: 'expired', failedCharges, pastDueSince });
      }
      if (event.graceUntil !== undefined) {
        return become({
          ...membership,
          status: 'past_due',
          failedCharges,
          pastDueSince,
          graceUntil: event.graceUntil,
        });
      }
      // The first charge and its MAX_RETRIES retries have all failed, or the window is over.
      const windowOver = ms(event.at) - ms(pastDueSince) >= RETRY_DAYS * DAY_MS;
      if (failedCharges > MAX_RETRIES || windowOver) {
        return become({ ...membership, status: 'expired', failedCharges, pastDueSince });
      }
      const graceUntil = new Date(ms(pastDueSince) + RETRY_DAYS * DAY_MS).toISOString();
      return become({ ...membership, status: 'past_due', failedCharges, pastDueSince, graceUntil });
    }

    case 'suspend':
      if (status !== 'active') return refuse('NOT_ALLOWED_NOW');
      return become({
        ...membership,
        status: 'suspended',
        remainingMs: Math.max(0, ms(membership.periodEnd) - ms(event.at)),
      });

    case 'resume':
      if (status !== 'suspended') return refuse('NOT_ALLOWED_NOW');
      return become({
        ...membership,
        status: 'active',
        periodEnd: new Date(ms(event.at) + (membership.remainingMs ?? 0)).toISOString(),
        remainingMs: null,
      });

    case 'cancel':
      if (status !== 'trialing' && status !== 'active' && status !== 'past_due')
        return refuse('NOT_ALLOWED_NOW');
      return become({ ...membership, status: 'canceled', canceledFrom: status });

    case 'uncancel':
      if (status !== 'canceled') return refuse('NOT_ALLOWED_NOW');
      if (ms(event.at) >= ms(membership.periodEnd)) return refuse('ALREADY_EXPIRED');
      return become({ ...membership, status: membership.canceledFrom ?? 'active', canceledFrom: null });

    case 'expire':
      // Only a canceled membership ends by itself, at its last paid day; unpaid ones end through
      // their failed charges, and active ones renew.
      if (status !== 'canceled') return refuse('NOT_ALLOWED_NOW');
      if (ms(event.at) < ms(membership.periodEnd)) return refuse('NOT_EXPIRED_YET');
      return become({ ...membership, status: 'expired', canceledFrom: null });

    case 'end':
      return become({ ...membership, status: 'expired', canceledFrom: null, remainingMs: null });
  }
}

/**
 * What the member may ask for now, in the order the screen offers it (the membership answer's
 * `actions`): suspend, resume, cancel and undo a cancellation when `applyEvent` would allow them;
 * a new payment method while the membership runs or is suspended, and only where Sentiero keeps
 * the method and charges it (`chargedHere`; Stripe and PayPal keep theirs on their own pages).
 * The web shows these and nothing else: the state machine is encoded here only.
 */
export function allowedControls(
  membership: Membership,
  at: string,
  { chargedHere }: { chargedHere: boolean },
): MembershipControl[] {
  const running = membership.status !== 'canceled' && membership.status !== 'expired';
  return MEMBERSHIP_CONTROLS.filter((control) =>
    control === 'change_payment'
      ? chargedHere && running && membership.source === 'web' && !membership.awaitingApproval
      : applyEvent(membership, { type: control, at }).ok,
  );
}

/**
 * What the entitlement reads: a membership, or its stored row (instants as dates, read on every
 * call), or a row another module read with its own (the daily alerts' followers, status as text).
 */
export type EntitlementFacts = {
  status: string;
  periodEnd: string | Date;
  graceUntil: string | Date | null;
  awaitingApproval: boolean;
};

/**
 * Whether the member has Sentiero+'s benefits at `at` (the user fetch's `is_premium`, the
 * membership's `entitled`, the alerts' followers): during the trial, a paid period, a failed
 * renewal's grace (Sentiero's retry window, or the store's word), and a canceled membership's last
 * paid days; not while suspended,
 * not once expired, never while it awaits its approval or its first payment. The one definition.
 */
export function isEntitled(membership: EntitlementFacts, at: string | Date): boolean {
  if (membership.awaitingApproval) return false;
  const now = ms(at);
  switch (membership.status) {
    case 'trialing':
    case 'active':
      return now < ms(membership.periodEnd) + RENEWAL_GRACE_HOURS * 60 * 60 * 1000;
    case 'canceled':
      return now < ms(membership.periodEnd);
    case 'past_due':
      return membership.graceUntil !== null && now < ms(membership.graceUntil);
    default:
      // Suspended, expired, or a status this machine does not know: no benefits.
      return false;
  }
}
