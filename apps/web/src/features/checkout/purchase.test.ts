import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-error.ts';
import { CardNotTakenError } from '../../payments/card-confirmation.ts';
import { findCardProblems, readExpiry, toCardInput } from '../../payments/card-draft.ts';
import { classifyPurchaseFailure, classifyReturnFailure, endsAttempt } from './purchase.ts';

const answer = (status: number, code: string, fields: Record<string, string> = {}) =>
  new ApiRequestError(status, 'text', code, fields);

describe('what a failed purchase leads to', () => {
  it('asks a visitor whose session is gone to log in, keeping the attempt', () => {
    const failure = classifyPurchaseFailure(answer(401, 'UNAUTHENTICATED'));
    expect(failure).toEqual({ kind: 'login' });
    expect(endsAttempt(failure)).toBe(false);
  });

  it('stays on the payment step after a declined card, with a new attempt next time', () => {
    const failure = classifyPurchaseFailure(answer(402, 'PAYMENT_DECLINED'));
    expect(failure).toEqual({ kind: 'declined' });
    expect(endsAttempt(failure)).toBe(true);
  });

  it('keeps the card payment open when Stripe refused the card before charging it', () => {
    const failure = classifyPurchaseFailure(new CardNotTakenError('declined'));
    expect(failure).toEqual({ kind: 'card', problem: 'declined' });
    expect(endsAttempt(failure)).toBe(false);
  });

  it('says when the activity is no longer available', () => {
    expect(classifyPurchaseFailure(answer(409, 'TICKET_UNAVAILABLE'))).toEqual({ kind: 'unavailable' });
  });

  it('asks for another payment method when the server does not take this one', () => {
    expect(classifyPurchaseFailure(answer(400, 'PAYMENT_METHOD_UNAVAILABLE'))).toEqual({ kind: 'method' });
  });

  it('offers paying online when the member holds too much to pay on site', () => {
    for (const code of ['CASH_PLACES_LIMIT', 'CASH_ORDERS_LIMIT'] as const) {
      const failure = classifyPurchaseFailure(answer(409, code));
      expect(failure).toEqual({ kind: 'cashLimit', code });
      // Paying online is another purchase: a new attempt.
      expect(endsAttempt(failure)).toBe(true);
    }
  });

  it("sends the guests' messages back to the guests step", () => {
    const fields = {
      'guests.1.full_name': 'Enter a valid first and last name',
      coupon: 'Coupon code not valid',
    };
    expect(classifyPurchaseFailure(answer(400, 'VALIDATION_FAILED', fields))).toEqual({
      kind: 'guests',
      fields: { 'guests.1.full_name': 'Enter a valid first and last name' },
    });
  });

  it('drops a coupon that is no longer valid', () => {
    const failure = classifyPurchaseFailure(
      answer(400, 'VALIDATION_FAILED', { coupon: 'Coupon code not valid' }),
    );
    expect(failure).toEqual({ kind: 'coupon', message: 'Coupon code not valid' });
    expect(endsAttempt(failure)).toBe(true);
  });

  it('keeps the same attempt after a lost connection or a server error', () => {
    for (const error of [new TypeError('Failed to fetch'), answer(503, 'SERVICE_UNAVAILABLE')]) {
      const failure = classifyPurchaseFailure(error);
      expect(failure).toEqual({ kind: 'retry' });
      expect(endsAttempt(failure)).toBe(false);
    }
  });
});

describe('card details', () => {
  const today = '2026-05-20';

  it('accepts the sandbox test cards', () => {
    expect(findCardProblems({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, today)).toEqual(
      {},
    );
    expect(findCardProblems({ number: '4000 0000 0000 0002', expiry: '05/26', cvc: '1234' }, today)).toEqual(
      {},
    );
  });

  it('catches a mistyped number, a past expiry and a short security code', () => {
    expect(findCardProblems({ number: '4242 4242 4242 4241', expiry: '04/26', cvc: '12' }, today)).toEqual({
      number: 'checkout:problems.cardNumber',
      expiry: 'checkout:problems.cardExpiry',
      cvc: 'checkout:problems.cardCvc',
    });
  });

  it('reads the expiry as printed on the card', () => {
    expect(readExpiry('7/29')).toEqual({ month: 7, year: 2029 });
    expect(readExpiry('07 / 2029')).toEqual({ month: 7, year: 2029 });
    expect(readExpiry('13/29')).toBeUndefined();
    expect(toCardInput({ number: '4242-4242 4242 4242', expiry: '12/30', cvc: ' 123 ' })).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
  });
});

describe('what a failed return from the payment provider shows', () => {
  it('asks to log in again when the session is gone', () => {
    expect(classifyReturnFailure(answer(401, 'UNAUTHENTICATED'))).toBe('login');
  });

  it("shows no page for an order that is not the member's, or no order code at all", () => {
    expect(classifyReturnFailure(answer(404, 'NOT_FOUND'))).toBe('not_found');
    expect(classifyReturnFailure(answer(400, 'VALIDATION_FAILED', { code: 'Too short' }))).toBe('not_found');
  });

  it("shows SPEC's incomplete purchase when the provider refused the payment", () => {
    expect(classifyReturnFailure(answer(402, 'PAYMENT_DECLINED'))).toBe('declined');
  });

  it('offers to check again after a lost connection or a server error', () => {
    expect(classifyReturnFailure(new TypeError('Failed to fetch'))).toBe('retry');
    expect(classifyReturnFailure(answer(502, 'HTTP'))).toBe('retry');
  });
});
