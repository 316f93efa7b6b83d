import { describe, expect, it } from 'vitest';
import { cashPayments } from './cash.ts';

describe('cash at the meeting point', () => {
  it('books the order to be paid on site', async () => {
    const result = await cashPayments().start({
      orderCode: 'R4FT8B',
      amountCents: 18000,
      currency: 'EUR',
      description: 'Rafting on the Sesia, family of four',
      returnUrl: 'https://sentiero.test/order/R4FT8B',
      cancelUrl: 'https://sentiero.test/checkout',
      idempotencyKey: 'order-R4FT8B-attempt-1',
    });
    expect(result).toEqual({ status: 'on_site', reference: expect.stringMatching(/^cash_/) });
  });
});
