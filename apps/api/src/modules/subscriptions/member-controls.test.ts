import { describe, expect, it } from 'vitest';
import {
  allowedControls,
  applyEvent,
  isEntitled,
  type Membership,
  type MembershipEvent,
  startTrial,
} from './lifecycle.ts';

const DAY = 24 * 60 * 60 * 1000;
const START = '2026-11-25T08:00:00.000Z';
const day = (n: number) => new Date(Date.parse(START) + n * DAY).toISOString();

function run(membership: Membership, ...events: MembershipEvent[]): Membership {
  return events.reduce((current, event) => {
    const next = applyEvent(current, event);
    if (!next.ok) throw new Error(`${event.type} refused from ${current.status}: ${next.refusal}`);
    return next.membership;
  }, membership);
}

const trial = () => startTrial({ at: START, trialDays: 7, type: 'yearly' });
const paid = () => run(trial(), { type: 'charge_succeeded', at: day(7), paidUntil: day(372) });
const here = { chargedHere: true };

describe("what the membership answer offers the member (the web's buttons)", () => {
  it('offers each state the actions the state machine allows, in the order the screen shows them', () => {
    expect(allowedControls(trial(), day(1), here)).toEqual(['change_payment', 'cancel']);
    expect(allowedControls(paid(), day(10), here)).toEqual(['change_payment', 'suspend', 'cancel']);
    const suspended = run(paid(), { type: 'suspend', at: day(10) });
    expect(allowedControls(suspended, day(11), here)).toEqual(['resume', 'change_payment']);
    const pastDue = run(trial(), { type: 'charge_failed', at: day(7) });
    expect(allowedControls(pastDue, day(8), here)).toEqual(['change_payment', 'cancel']);
    const expired = run(paid(), { type: 'end', at: day(20) });
    expect(allowedControls(expired, day(21), here)).toEqual([]);
  });

  it('offers to undo a cancellation until the last paid day only', () => {
    const canceled = run(paid(), { type: 'cancel', at: day(10) });
    expect(allowedControls(canceled, day(371), here)).toEqual(['uncancel']);
    expect(allowedControls(canceled, day(372), here)).toEqual([]);
  });

  it("offers nothing for an app store's membership, nor for one that awaits its approval", () => {
    const store = { ...paid(), source: 'apple' as const };
    expect(allowedControls(store, day(10), here)).toEqual([]);
    const awaiting = { ...trial(), awaitingApproval: true };
    expect(allowedControls(awaiting, day(1), here)).toEqual([]);
  });

  it('offers a new payment method only where Sentiero keeps and charges it (not Stripe, not PayPal)', () => {
    expect(allowedControls(paid(), day(10), { chargedHere: false })).toEqual(['suspend', 'cancel']);
  });
});

describe('the one entitlement rule', () => {
  it('gives no benefits for a status the state machine does not know', () => {
    const row = { status: 'paused_by_bank', periodEnd: day(30), graceUntil: null, awaitingApproval: false };
    expect(isEntitled(row, day(1))).toBe(false);
    expect(isEntitled({ ...row, status: 'active' }, day(1))).toBe(true);
  });
});
