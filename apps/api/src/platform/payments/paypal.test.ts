import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakePaypal,
  type FakePaypalOrder,
  PAYPAL_TEST_APP,
  startFakePaypal,
} from '../../test/fakes/paypal.ts';
import { paypalPayments } from './paypal.ts';
import { formatEuros } from './paypal-client.ts';
import type { PaymentProvider, StartPayment } from './provider.ts';

const checkout = (overrides: Partial<StartPayment> = {}): StartPayment => ({
  orderCode: 'R4FT8B',
  amountCents: 1250,
  currency: 'EUR',
  description: 'Rafting on the Sesia, half day',
  returnUrl: 'https://sentiero.test/checkout/paypal/return',
  cancelUrl: 'https://sentiero.test/checkout/paypal/cancel',
  idempotencyKey: `order-R4FT8B-${randomBytes(4).toString('hex')}`,
  ...overrides,
});

let paypal: FakePaypal;
let sut: PaymentProvider;

beforeAll(async () => {
  paypal = await startFakePaypal();
  sut = paypalPayments({ ...PAYPAL_TEST_APP, apiBase: paypal.server.url });
});
afterAll(() => paypal.server.close());

async function orderLeftOnPaypal(state: FakePaypalOrder['state']) {
  const started = await sut.start(checkout());
  const order = paypal.orders.get(started.reference ?? '');
  if (!order || !sut.complete) throw new Error('expected a PayPal order');
  // What happened on PayPal's page: approved, refused by the bank, or left without approving.
  order.state = state;
  return { order, complete: sut.complete };
}

describe('PayPal checkout', () => {
  it('creates a CAPTURE order in EUR and sends the buyer to PayPal to approve it', async () => {
    const result = await sut.start(checkout({ idempotencyKey: 'order-R4FT8B-attempt-1' }));

    expect(result).toEqual({
      status: 'action_required',
      reference: expect.stringMatching(/^[0-9A-F]{16}$/),
      redirectUrl: `https://www.paypal.com/checkoutnow?token=${result.reference}`,
    });
    const sent = paypal.server.requests.findLast((request) => request.path === '/v2/checkout/orders');
    expect(sent?.headers['paypal-request-id']).toBe('order-R4FT8B-attempt-1');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: 'R4FT8B', amount: { currency_code: 'EUR', value: '12.50' } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://sentiero.test/checkout/paypal/return',
            cancel_url: 'https://sentiero.test/checkout/paypal/cancel',
          },
        },
      },
    });
  });

  it('captures an approved order and answers paid with the capture id', async () => {
    const { order, complete } = await orderLeftOnPaypal('approved');
    const result = await complete(order.id);
    expect(result).toEqual({ status: 'paid', reference: order.captureIds[0] });
  });

  it('captures only once when the buyer comes back twice', async () => {
    const { order, complete } = await orderLeftOnPaypal('approved');
    const first = await complete(order.id);
    const second = await complete(order.id);
    expect(second).toEqual(first);
    expect(order.captureIds).toHaveLength(1);
  });

  it('finds the earlier capture when PayPal answers that the order was already captured', async () => {
    const { order, complete } = await orderLeftOnPaypal('approved');
    const first = await complete(order.id);
    // PayPal forgets request ids after a while; a late retry then meets ORDER_ALREADY_CAPTURED.
    paypal.replies.clear();
    expect(await complete(order.id)).toEqual(first);
    expect(first).toMatchObject({ status: 'paid' });
  });

  it('answers declined when the buyer’s bank refuses the payment', async () => {
    const { order, complete } = await orderLeftOnPaypal('declined');
    expect(await complete(order.id)).toEqual({
      status: 'declined',
      reference: order.id,
      reason: 'instrument_declined',
    });
  });

  it('answers declined when the buyer never approved the order', async () => {
    const { order, complete } = await orderLeftOnPaypal('created');
    expect(await complete(order.id)).toMatchObject({ status: 'declined', reason: 'order_not_approved' });
  });

  it('answers pending, not paid, when PayPal holds the capture for review', async () => {
    const { order, complete } = await orderLeftOnPaypal('pending');
    expect(await complete(order.id)).toEqual({ status: 'pending', reference: order.captureIds[0] });
  });

  it('refunds a capture in euros', async () => {
    const refund = { reference: 'CAPREFUNDME', amountCents: 450, orderCode: 'ST-1', idempotencyKey: 'r-1' };
    expect(await sut.refund(refund)).toMatchObject({ status: 'succeeded' });
    expect(paypal.refunds).toContainEqual(
      expect.objectContaining({ captureId: 'CAPREFUNDME', value: '4.50' }),
    );
  });

  it('signs in once and reuses the token for later calls and webhook checks', async () => {
    const fresh = paypalPayments({ ...PAYPAL_TEST_APP, apiBase: paypal.server.url });
    const before = paypal.tokens.size;
    await fresh.start(checkout());
    await fresh.start(checkout());
    const { body, headers } = paypal.signDelivery('PAYMENT.CAPTURE.COMPLETED', { id: 'CAP1' });
    await fresh.parseWebhook?.(Buffer.from(body), headers);
    expect(paypal.tokens.size - before).toBe(1);
  });

  it('fails loudly with wrong credentials instead of reporting a decline', async () => {
    const wrong = paypalPayments({ ...PAYPAL_TEST_APP, clientSecret: 'wrong', apiBase: paypal.server.url });
    await expect(wrong.start(checkout())).rejects.toThrow();
  });

  it('formats cents as the decimal string PayPal expects', () => {
    expect([1250, 5, 100, 123456].map(formatEuros)).toEqual(['12.50', '0.05', '1.00', '1234.56']);
  });
});
