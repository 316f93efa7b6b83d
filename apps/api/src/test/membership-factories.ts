import type { SubscriptionStatus } from '@sentiero/contract/premium';
import type { Db } from '@sentiero/db/client';
import { subscriptions } from '@sentiero/db/schema';

type MembershipRow = typeof subscriptions.$inferSelect;
type NewMembership = typeof subscriptions.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;
const YEARLY_CENTS = 2490;

/**
 * The columns each state leaves on a yearly web membership paid with the sandbox's card, as the
 * membership's own transitions write them, seen at `now`: what the member sees (entitled or
 * not, the next charge, the last payment) follows from them.
 */
const STATES: Record<
  SubscriptionStatus,
  (now: number) => Partial<NewMembership> & Pick<NewMembership, 'periodEnd'>
> = {
  // Day one of the 7-day trial: nothing paid, the first charge at its end.
  trialing: (now) => ({
    trialEnd: new Date(now + 7 * DAY),
    periodEnd: new Date(now + 7 * DAY),
    nextChargeAt: new Date(now + 7 * DAY),
    remindAt: new Date(now + 4 * DAY),
  }),
  // Paid today for a year.
  active: (now) => ({
    periodEnd: new Date(now + 365 * DAY),
    nextChargeAt: new Date(now + 365 * DAY),
    remindAt: new Date(now + 362 * DAY),
    lastPaymentAt: new Date(now),
    lastPaymentCents: YEARLY_CENTS,
  }),
  // The renewal failed today: the benefits last through the 7-day retry window.
  past_due: (now) => ({
    periodEnd: new Date(now),
    failedCharges: 1,
    pastDueSince: new Date(now),
    graceUntil: new Date(now + 7 * DAY),
    nextChargeAt: new Date(now + DAY),
    lastPaymentAt: new Date(now - 365 * DAY),
    lastPaymentCents: YEARLY_CENTS,
  }),
  // Paused a month into a paid year: the rest of the year waits, no benefits meanwhile.
  suspended: (now) => ({
    periodEnd: new Date(now),
    remainingMs: 335 * DAY,
    lastPaymentAt: new Date(now - 30 * DAY),
    lastPaymentCents: YEARLY_CENTS,
  }),
  // Cancelled a month into a paid year: the benefits last to its end, nothing more is charged.
  canceled: (now) => ({
    canceledFrom: 'active',
    periodEnd: new Date(now + 335 * DAY),
    lastPaymentAt: new Date(now - 30 * DAY),
    lastPaymentCents: YEARLY_CENTS,
  }),
  // Ended today.
  expired: (now) => ({
    periodEnd: new Date(now),
    endedAt: new Date(now),
    lastPaymentAt: new Date(now - 365 * DAY),
    lastPaymentCents: YEARLY_CENTS,
  }),
};

/**
 * A member's Sentiero+ membership in `status`, written straight to the database as that state
 * leaves it at `now`: for tests about what a membership in that state gives, not about how it got
 * there. The row names a sandbox card that does not exist, so a test the renewal job must charge
 * buys its membership through the API instead (`joinPremium`).
 */
export async function createMembership(
  db: Db,
  {
    userId,
    status,
    now = new Date(),
    ...overrides
  }: Partial<NewMembership> & Pick<NewMembership, 'userId' | 'status'> & { now?: Date },
): Promise<MembershipRow> {
  const at = now.getTime();
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      status,
      source: 'web',
      planType: 'yearly',
      priceCents: YEARLY_CENTS,
      paymentMethod: 'sandbox',
      providerReference: `test-card-${userId}-${at}`,
      paymentLabel: 'Visa •••• 4242',
      startedAt: new Date(at - (status === 'trialing' ? 0 : 30 * DAY)),
      ...STATES[status](at),
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('the membership was not written');
  return row;
}
