import { describe, expect, it } from 'vitest';
import {
  allowedControls,
  applyEvent,
  isEntitled,
  MAX_RETRIES,
  type Membership,
  type MembershipEvent,
  RENEWAL_GRACE_HOURS,
  RETRY_DAYS,
  startTrial,
} from './lifecycle.ts';
import { fromMembership } from './membership.ts';

const DAY = 24 * 60 * 60 * 1000;
const START = '2026-11-25T08:00:00.000Z';
const day = (n: number) => new Date(Date.parse(START) + n * DAY).toISOString();

/** Applies events in turn, failing the test on a refusal. */
function run(membership: Membership, ...events: MembershipEvent[]): Membership {
  return events.reduce((current, event) => {
    const next = applyEvent(current, event);
    if (!next.ok) throw new Error(`${event.type} refused from ${current.status}: ${next.refusal}`);
    return next.membership;
  }, membership);
}

const trial = () => startTrial({ at: START, trialDays: 7, type: 'yearly' });
const paidYear = () => run(trial(), { type: 'charge_succeeded', at: day(7), paidUntil: day(372) });

describe('the Sentiero+ membership', () => {
  it('starts with a 7-day trial that gives the benefits at once', () => {
    const membership = trial();
    expect(membership).toMatchObject({ status: 'trialing', trialEnd: day(7), periodEnd: day(7) });
    expect(isEntitled(membership, START)).toBe(true);
  });

  it(`keeps a renewing membership's benefits ${RENEWAL_GRACE_HOURS} hours past its period while the charge comes in, not a cancelled one's`, () => {
    const hours = (n: number) => new Date(Date.parse(day(7)) + n * 60 * 60 * 1000).toISOString();
    expect(isEntitled(trial(), hours(RENEWAL_GRACE_HOURS - 1))).toBe(true);
    expect(isEntitled(trial(), hours(RENEWAL_GRACE_HOURS))).toBe(false);
    const canceled = run(trial(), { type: 'cancel', at: day(3) });
    expect(isEntitled(canceled, hours(-1))).toBe(true);
    expect(isEntitled(canceled, day(7))).toBe(false);
    // A refused charge does not wait for the grace: the member is told at once, and keeps the retry days.
    const refused = run(trial(), { type: 'charge_failed', at: hours(1) });
    expect(refused.status).toBe('past_due');
  });

  it('becomes active with the first charge at the trial end, and renews', () => {
    const year = paidYear();
    expect(year).toMatchObject({ status: 'active', periodEnd: day(372), failedCharges: 0 });
    const next = run(year, { type: 'charge_succeeded', at: day(372), paidUntil: day(737) });
    expect(next).toMatchObject({ status: 'active', periodEnd: day(737) });
    expect(isEntitled(next, day(500))).toBe(true);
  });

  it(`retries a failed renewal ${MAX_RETRIES} times, keeps the benefits meanwhile, then expires`, () => {
    let membership = run(paidYear(), { type: 'charge_failed', at: day(372) });
    expect(membership).toMatchObject({ status: 'past_due', failedCharges: 1, pastDueSince: day(372) });
    expect(isEntitled(membership, day(374))).toBe(true);
    membership = run(
      membership,
      { type: 'charge_failed', at: day(374) },
      { type: 'charge_failed', at: day(376) },
    );
    expect(membership).toMatchObject({ status: 'past_due', failedCharges: 3 });
    membership = run(membership, { type: 'charge_failed', at: day(378) });
    expect(membership.status).toBe('expired');
    expect(isEntitled(membership, day(378))).toBe(false);
  });

  it(`expires a failed renewal once ${RETRY_DAYS} days have passed, however few retries ran`, () => {
    const membership = run(
      paidYear(),
      { type: 'charge_failed', at: day(372) },
      { type: 'charge_failed', at: day(372 + RETRY_DAYS) },
    );
    expect(membership.status).toBe('expired');
  });

  it('recovers from past due with a successful retry', () => {
    const membership = run(
      paidYear(),
      { type: 'charge_failed', at: day(372) },
      { type: 'charge_succeeded', at: day(374), paidUntil: day(739) },
    );
    expect(membership).toMatchObject({
      status: 'active',
      failedCharges: 0,
      pastDueSince: null,
      periodEnd: day(739),
    });
  });

  it('a failed first charge at the trial end makes it past due, not expired', () => {
    const membership = run(trial(), { type: 'charge_failed', at: day(7) });
    expect(membership).toMatchObject({ status: 'past_due', failedCharges: 1 });
  });

  it('suspends without benefits or charges and gives the days left back on resume', () => {
    const suspended = run(paidYear(), { type: 'suspend', at: day(100) });
    expect(suspended).toMatchObject({ status: 'suspended', remainingMs: 272 * DAY });
    expect(isEntitled(suspended, day(101))).toBe(false);
    expect(applyEvent(suspended, { type: 'charge_succeeded', at: day(150), paidUntil: day(500) })).toEqual({
      ok: false,
      refusal: 'NOT_ALLOWED_NOW',
    });
    const resumed = run(suspended, { type: 'resume', at: day(200) });
    expect(resumed).toMatchObject({ status: 'active', periodEnd: day(472), remainingMs: null });
  });

  it('cancelled, stays active until the last paid day, can be undone until then, then expires', () => {
    const canceled = run(paidYear(), { type: 'cancel', at: day(100) });
    expect(canceled).toMatchObject({ status: 'canceled', periodEnd: day(372) });
    expect(isEntitled(canceled, day(371))).toBe(true);
    expect(run(canceled, { type: 'uncancel', at: day(200) }).status).toBe('active');
    expect(applyEvent(canceled, { type: 'expire', at: day(371) })).toEqual({
      ok: false,
      refusal: 'NOT_EXPIRED_YET',
    });
    expect(applyEvent(canceled, { type: 'uncancel', at: day(372) })).toEqual({
      ok: false,
      refusal: 'ALREADY_EXPIRED',
    });
    const expired = run(canceled, { type: 'expire', at: day(372) });
    expect(expired.status).toBe('expired');
    expect(isEntitled(expired, day(372))).toBe(false);
  });

  it('a trial cancelled ends with the trial and is never charged', () => {
    const canceled = run(trial(), { type: 'cancel', at: day(2) });
    expect(canceled).toMatchObject({ status: 'canceled', canceledFrom: 'trialing' });
    expect(applyEvent(canceled, { type: 'charge_succeeded', at: day(7), paidUntil: day(372) }).ok).toBe(
      false,
    );
    expect(run(canceled, { type: 'uncancel', at: day(3) }).status).toBe('trialing');
    expect(run(canceled, { type: 'expire', at: day(7) }).status).toBe('expired');
  });

  it('refuses what the state does not allow, and anything once expired', () => {
    const year = paidYear();
    expect(applyEvent(year, { type: 'resume', at: day(10) })).toEqual({
      ok: false,
      refusal: 'NOT_ALLOWED_NOW',
    });
    expect(applyEvent(year, { type: 'uncancel', at: day(10) })).toEqual({
      ok: false,
      refusal: 'NOT_ALLOWED_NOW',
    });
    expect(applyEvent(year, { type: 'expire', at: day(400) })).toEqual({
      ok: false,
      refusal: 'NOT_ALLOWED_NOW',
    });
    expect(applyEvent(trial(), { type: 'suspend', at: day(1) })).toEqual({
      ok: false,
      refusal: 'NOT_ALLOWED_NOW',
    });
    const expired = run(year, { type: 'cancel', at: day(10) }, { type: 'expire', at: day(372) });
    for (const type of ['charge_succeeded', 'charge_failed', 'resume', 'cancel'] as const) {
      const event = { type, at: day(400), paidUntil: day(765) } as MembershipEvent;
      expect(applyEvent(expired, event)).toEqual({ ok: false, refusal: 'ALREADY_EXPIRED' });
    }
  });

  it('leaves a membership bought in an app store to that store', () => {
    const store = run(startTrial({ at: START, trialDays: 7, type: 'monthly', source: 'apple' }), {
      type: 'charge_succeeded',
      at: day(7),
      paidUntil: day(37),
    });
    for (const type of ['cancel', 'suspend', 'resume', 'uncancel'] as const) {
      expect(applyEvent(store, { type, at: day(10) })).toEqual({ ok: false, refusal: 'MANAGED_BY_STORE' });
    }
    // The store's own notifications still move it.
    expect(run(store, { type: 'charge_failed', at: day(37) }).status).toBe('past_due');
  });

  it("follows the store's word on a failed renewal: its grace period, or no access while it holds the account", () => {
    const store = run(startTrial({ at: START, trialDays: 7, type: 'yearly', source: 'google' }), {
      type: 'charge_succeeded',
      at: day(7),
      paidUntil: day(372),
    });
    const grace = applyEvent(store, { type: 'charge_failed', at: day(372), graceUntil: day(375) }, 'store');
    if (!grace.ok) throw new Error(grace.refusal);
    expect(grace.membership).toMatchObject({ status: 'past_due', graceUntil: day(375) });
    expect(isEntitled(grace.membership, day(374))).toBe(true);
    expect(isEntitled(grace.membership, day(375))).toBe(false);
    // On hold: the store retries for weeks, without access and without Sentiero's retry limits.
    const held = applyEvent(
      grace.membership,
      { type: 'charge_failed', at: day(390), graceUntil: day(390) },
      'store',
    );
    if (!held.ok) throw new Error(held.refusal);
    expect(held.membership.status).toBe('past_due');
    expect(isEntitled(held.membership, day(390))).toBe(false);
    // A trial the store could not convert gives nothing either.
    const unconverted = applyEvent(
      startTrial({ at: START, trialDays: 7, type: 'monthly', source: 'apple' }),
      { type: 'charge_failed', at: day(7), graceUntil: day(7) },
      'store',
    );
    expect(unconverted.ok && unconverted.membership.status).toBe('past_due');
    expect(unconverted.ok && isEntitled(unconverted.membership, day(7))).toBe(false);
    // The renewal job leaves it to the store until its grace is over, and never before the window.
    const renewals = (membership: Membership) => fromMembership(membership, 'store', new Date(day(372)));
    const longGrace = applyEvent(
      store,
      { type: 'charge_failed', at: day(372), graceUntil: day(400) },
      'store',
    );
    expect(longGrace.ok && renewals(longGrace.membership).nextChargeAt).toEqual(new Date(day(400)));
    const heldAtOnce = applyEvent(
      store,
      { type: 'charge_failed', at: day(372), graceUntil: day(372) },
      'store',
    );
    expect(heldAtOnce.ok && renewals(heldAtOnce.membership).nextChargeAt).toEqual(
      new Date(day(372 + RETRY_DAYS)),
    );
    // Recovered: paid again, entitled again.
    const recovered = run(held.membership, { type: 'charge_succeeded', at: day(400), paidUntil: day(765) });
    expect(recovered).toMatchObject({ status: 'active', graceUntil: null });
    expect(isEntitled(recovered, day(401))).toBe(true);
  });

  it('lets the store that sold a membership cancel, pause and resume it', () => {
    const store = run(startTrial({ at: START, trialDays: 7, type: 'yearly', source: 'google' }), {
      type: 'charge_succeeded',
      at: day(7),
      paidUntil: day(372),
    });
    const canceled = applyEvent(store, { type: 'cancel', at: day(20) }, 'store');
    expect(canceled.ok && canceled.membership.status).toBe('canceled');
    const paused = applyEvent(store, { type: 'suspend', at: day(20) }, 'store');
    expect(paused.ok && paused.membership.status).toBe('suspended');
  });

  it('ends at once when the provider or the store ends it, from any living state', () => {
    const year = run(trial(), { type: 'charge_succeeded', at: day(7), paidUntil: day(372) });
    for (const membership of [trial(), year, run(year, { type: 'suspend', at: day(10) })]) {
      const ended = applyEvent(membership, { type: 'end', at: day(11) });
      expect(ended.ok && ended.membership.status).toBe('expired');
      expect(ended.ok && isEntitled(ended.membership, day(11))).toBe(false);
    }
  });

  it('gives nothing to a membership awaiting its first payment, and ends it when that charge fails', () => {
    // No trial left: the first period is charged before anything is given.
    const unpaid: Membership = {
      ...startTrial({ at: START, trialDays: 0, type: 'monthly' }),
      trialEnd: null,
      awaitingApproval: true,
    };
    expect(isEntitled(unpaid, START)).toBe(false);
    for (const action of ['cancel', 'suspend', 'resume', 'uncancel'] as const) {
      expect(applyEvent(unpaid, { type: action, at: START })).toEqual({
        ok: false,
        refusal: 'NOT_ALLOWED_NOW',
      });
    }
    const declined = run(unpaid, { type: 'charge_failed', at: START });
    expect(declined.status).toBe('expired');
    expect(isEntitled(declined, START)).toBe(false);
    expect(isEntitled(declined, day(3))).toBe(false);
    const paid = run(unpaid, { type: 'charge_succeeded', at: START, paidUntil: day(30) });
    expect(paid).toMatchObject({ status: 'active', awaitingApproval: false });
    expect(isEntitled(paid, day(3))).toBe(true);
  });
});

/** Where Sentiero keeps and charges the card (the sandbox), as the membership answer tells. */
const here = { chargedHere: true };

describe("what the membership answer offers the member (the web's buttons)", () => {
  it('offers each state the actions the state machine allows, in the order the screen shows them', () => {
    expect(allowedControls(trial(), day(1), here)).toEqual(['change_payment', 'cancel']);
    expect(allowedControls(paidYear(), day(10), here)).toEqual(['change_payment', 'suspend', 'cancel']);
    const suspended = run(paidYear(), { type: 'suspend', at: day(10) });
    expect(allowedControls(suspended, day(11), here)).toEqual(['resume', 'change_payment']);
    const pastDue = run(trial(), { type: 'charge_failed', at: day(7) });
    expect(allowedControls(pastDue, day(8), here)).toEqual(['change_payment', 'cancel']);
    const expired = run(paidYear(), { type: 'end', at: day(20) });
    expect(allowedControls(expired, day(21), here)).toEqual([]);
  });

  it('offers to undo a cancellation until the last paid day only', () => {
    const canceled = run(paidYear(), { type: 'cancel', at: day(10) });
    expect(allowedControls(canceled, day(371), here)).toEqual(['uncancel']);
    expect(allowedControls(canceled, day(372), here)).toEqual([]);
  });

  it("offers nothing for an app store's membership, nor for one that awaits its approval", () => {
    const store = { ...paidYear(), source: 'apple' as const };
    expect(allowedControls(store, day(10), here)).toEqual([]);
    const awaiting = { ...trial(), awaitingApproval: true };
    expect(allowedControls(awaiting, day(1), here)).toEqual([]);
  });

  it('offers a new payment method only where Sentiero keeps and charges it (not Stripe, not PayPal)', () => {
    expect(allowedControls(paidYear(), day(10), { chargedHere: false })).toEqual(['suspend', 'cancel']);
  });
});

describe('the one entitlement rule', () => {
  it('gives no benefits for a status the state machine does not know', () => {
    const row = { status: 'paused_by_bank', periodEnd: day(30), graceUntil: null, awaitingApproval: false };
    expect(isEntitled(row, day(1))).toBe(false);
    expect(isEntitled({ ...row, status: 'active' }, day(1))).toBe(true);
  });
});
