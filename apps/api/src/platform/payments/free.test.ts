import { describe, expect, it } from 'vitest';
import { freePayments } from './free.ts';
import type { StartPayment } from './provider.ts';

const order: StartPayment = {
  orderCode: 'F2PL9A',
  amountCents: 0,
  currency: 'EUR',
  description: 'Fishing permit, under 14 (free)',
  returnUrl: 'https://sentiero.test/order/F2PL9A',
  cancelUrl: 'https://sentiero.test/checkout',
  idempotencyKey: 'order-F2PL9A-attempt-1',
};

describe('free orders', () => {
  it('settles an order that totals 0 at once', async () => {
    expect(await freePayments().start(order)).toEqual({
      status: 'paid',
      reference: expect.stringMatching(/^free_/),
    });
  });

  it('refuses an order with a non-zero total', async () => {
    await expect(freePayments().start({ ...order, amountCents: 1 })).rejects.toThrow(/must total 0/);
  });

  it('refuses to refund money that was never taken', async () => {
    const refund = { reference: 'free_x', orderCode: 'ST-1', idempotencyKey: 'r-1' };
    await expect(freePayments().refund({ ...refund, amountCents: 500 })).rejects.toThrow(RangeError);
    await expect(freePayments().refund({ ...refund, amountCents: 0 })).resolves.toMatchObject({
      status: 'succeeded',
    });
  });
});
