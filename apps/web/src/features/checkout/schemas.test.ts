import { describe, expect, it } from 'vitest';
import { buildPaymentFormSchema } from './schemas.ts';

const unchecked = { number: '', expiry: '', cvc: '' };

describe('the payment form', () => {
  it("checks the card's details itself when the simulator takes cards", () => {
    const result = buildPaymentFormSchema('2026-05-20', 'sandbox').safeParse({
      choice: 'card',
      card: unchecked,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'card.cvc',
      'card.expiry',
      'card.number',
    ]);
  });

  it("leaves the card's details to Stripe's own field when Stripe takes cards", () => {
    const result = buildPaymentFormSchema('2026-05-20', 'stripe').safeParse({
      choice: 'card',
      card: unchecked,
    });
    expect(result.success).toBe(true);
  });

  it('accepts PayPal as a choice, with no card details', () => {
    const result = buildPaymentFormSchema('2026-05-20', 'sandbox').safeParse({
      choice: 'paypal',
      card: unchecked,
    });
    expect(result.success).toBe(true);
  });
});
