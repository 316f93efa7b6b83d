import { describe, expect, it } from 'vitest';
import type { StartPayment } from './provider.ts';
import { sandboxPayments } from './sandbox.ts';

// 15 May 2026: cards expiring in May 2026 are still good, April 2026 is past.
const now = () => new Date('2026-05-15T08:00:00Z');

let keys = 0;
function payment(number: string, overrides: Partial<StartPayment> = {}): StartPayment {
  keys += 1;
  return {
    orderCode: 'K7QX2M',
    amountCents: 2450,
    currency: 'EUR',
    description: 'Mushroom permit, Piedmont, 1 day',
    returnUrl: 'https://sentiero.test/order/K7QX2M',
    cancelUrl: 'https://sentiero.test/checkout',
    idempotencyKey: `order-K7QX2M-attempt-${keys}`,
    card: { number, expMonth: 12, expYear: 2030, cvc: '123' },
    ...overrides,
  };
}

describe('sandbox card payments', () => {
  it('accepts the 4242 test card, typed with spaces, and settles at once', async () => {
    const sut = sandboxPayments({ now });
    const result = await sut.start(payment('4242 4242 4242 4242'));
    expect(result).toEqual({ status: 'paid', reference: expect.stringMatching(/^sbx_[0-9a-f]{24}$/) });
  });

  it('gives every accepted payment its own reference', async () => {
    const sut = sandboxPayments({ now });
    const first = await sut.start(payment('4242424242424242'));
    const second = await sut.start(payment('4242424242424242'));
    expect(first.reference).not.toBe(second.reference);
  });

  it('declines the 4000 0000 0000 0002 test card', async () => {
    const sut = sandboxPayments({ now });
    expect(await sut.start(payment('4000 0000 0000 0002'))).toEqual({
      status: 'declined',
      reference: null,
      reason: 'card_declined',
    });
  });

  it('declines a number that fails the Luhn check as invalid', async () => {
    const sut = sandboxPayments({ now });
    expect(await sut.start(payment('4242 4242 4242 4241'))).toMatchObject({
      status: 'declined',
      reason: 'card_number_invalid',
    });
    expect(await sut.start(payment('4242 abcd'))).toMatchObject({ reason: 'card_number_invalid' });
  });

  it('declines a well-formed number that is not one of the test cards as not supported', async () => {
    const sut = sandboxPayments({ now });
    expect(await sut.start(payment('5555 5555 5555 4444'))).toMatchObject({
      status: 'declined',
      reason: 'card_not_supported',
    });
  });

  it('declines a card that expired last month and accepts one that expires this month', async () => {
    const sut = sandboxPayments({ now });
    const expired = payment('4242424242424242', {
      card: { number: '4242424242424242', expMonth: 4, expYear: 2026, cvc: '123' },
    });
    const endsThisMonth = payment('4242424242424242', {
      card: { number: '4242424242424242', expMonth: 5, expYear: 26, cvc: '123' },
    });
    expect(await sut.start(expired)).toMatchObject({ status: 'declined', reason: 'card_expired' });
    expect(await sut.start(endsThisMonth)).toMatchObject({ status: 'paid' });
  });

  it('declines a payment without card details', async () => {
    const sut = sandboxPayments({ now });
    expect(await sut.start(payment('', { card: undefined }))).toMatchObject({
      status: 'declined',
      reason: 'card_missing',
    });
  });

  it('answers a retried request with the first result instead of charging again', async () => {
    const sut = sandboxPayments({ now });
    const request = payment('4242424242424242');
    const first = await sut.start(request);
    const retry = await sut.start(request);
    expect(retry).toEqual(first);

    const declined = payment('4000000000000002');
    await sut.start(declined);
    // Even if the buyer fixes the card, the same key replays the decline: a new attempt needs a new key.
    expect(await sut.start({ ...declined, card: request.card })).toMatchObject({ status: 'declined' });
  });

  it('refuses a reused idempotency key for a different amount', async () => {
    const sut = sandboxPayments({ now });
    const request = payment('4242424242424242');
    await sut.start(request);
    await expect(sut.start({ ...request, amountCents: 100 })).rejects.toThrow(/idempotency key/);
  });

  it('records refunds and refuses to give back more than was paid', async () => {
    const sut = sandboxPayments({ now });
    const { reference } = await sut.start(payment('4242424242424242'));
    if (!reference) throw new Error('expected a payment');
    const refund = (amountCents: number, key: string, on = reference) =>
      sut.refund({ reference: on, amountCents, orderCode: 'ST-1', idempotencyKey: key });
    expect(await refund(1000, 'r1')).toMatchObject({ status: 'succeeded' });
    expect(await refund(1450, 'r2')).toMatchObject({ status: 'succeeded' });
    // The same key again is the same refund, not a second one.
    expect(await refund(1450, 'r2')).toMatchObject({ status: 'succeeded' });
    expect(sut.refundedCents(reference)).toBe(2450);
    expect(await refund(1, 'r3')).toMatchObject({ status: 'failed', reason: 'amount_too_large' });
    expect(await refund(100, 'r4', 'sbx_unknown')).toMatchObject({
      status: 'failed',
      reason: 'resource_missing',
    });
  });

  it('refuses amounts that are not a positive whole number of cents', async () => {
    const sut = sandboxPayments({ now });
    await expect(sut.start(payment('4242424242424242', { amountCents: 12.5 }))).rejects.toThrow(RangeError);
    await expect(sut.start(payment('4242424242424242', { amountCents: 0 }))).rejects.toThrow(RangeError);
  });
});
