import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-error.ts';
import { CardNotTakenError } from '../../payments/card-confirmation.ts';
import {
  classifyMembershipFailure,
  formatMembershipDate,
  planParam,
  yearlySavingPercent,
} from './membership.ts';

const plan = (subscription_type: 'yearly' | 'monthly', price_cents: number) => ({
  subscription_type,
  price_cents,
  currency: 'EUR' as const,
  trial_days: 7,
});

describe('what a failed Sentiero+ call tells the member', () => {
  it("shows the server's own words for a refusal meant for people", () => {
    const store = new ApiRequestError(
      409,
      'Bought in the App Store: cancel or pause it in that app',
      'MANAGED_BY_STORE',
    );
    expect(classifyMembershipFailure(store)).toEqual({
      kind: 'refused',
      code: 'MANAGED_BY_STORE',
      message: 'Bought in the App Store: cancel or pause it in that app',
    });
  });

  it("falls back to SPEC's premium message for a server error, a proxy's page or no network", () => {
    expect(classifyMembershipFailure(new ApiRequestError(500, 'boom', 'INTERNAL'))).toEqual({
      kind: 'unexpected',
    });
    expect(classifyMembershipFailure(new ApiRequestError(404, 'Not Found', 'HTTP'))).toEqual({
      kind: 'unexpected',
    });
    expect(classifyMembershipFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'unexpected' });
  });

  it('says a declined card as the checkout does, whether the bank or Stripe.js refused it', () => {
    expect(classifyMembershipFailure(new ApiRequestError(402, 'x', 'PAYMENT_DECLINED'))).toEqual({
      kind: 'card',
      problem: 'declined',
    });
    expect(classifyMembershipFailure(new CardNotTakenError('incomplete'))).toEqual({
      kind: 'card',
      problem: 'incomplete',
    });
  });

  it('asks to log in again when the session is gone', () => {
    expect(classifyMembershipFailure(new ApiRequestError(401, 'x', 'UNAUTHENTICATED'))).toEqual({
      kind: 'login',
    });
  });
});

describe('the plans as the page shows them', () => {
  it('works out what the yearly plan saves against twelve months', () => {
    expect(yearlySavingPercent([plan('yearly', 2490), plan('monthly', 299)])).toBe(30);
    expect(yearlySavingPercent([plan('yearly', 4000), plan('monthly', 299)])).toBeUndefined();
    expect(yearlySavingPercent([plan('yearly', 2490)])).toBeUndefined();
  });

  it('preselects the plan a visitor chose before logging in, yearly otherwise', () => {
    expect(planParam('monthly')).toBe('monthly');
    expect(planParam('lifetime')).toBe('yearly');
    expect(planParam(null)).toBe('yearly');
  });

  it('writes a calendar date as is, and an instant as the day it is in Italy', () => {
    expect(formatMembershipDate('2026-03-08', 'it')).toBe('8 marzo 2026');
    expect(formatMembershipDate('2026-03-07T23:30:00.000Z', 'it')).toBe('8 marzo 2026');
  });
});
