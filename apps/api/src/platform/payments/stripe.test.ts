import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, STRIPE_TEST_KEYS, startFakeStripe } from '../../test/fakes/stripe.ts';
import type { PaymentProvider, StartPayment } from './provider.ts';
import { stripePayments } from './stripe.ts';

const checkout = (overrides: Partial<StartPayment> = {}): StartPayment => ({
  orderCode: 'K7QX2M',
  amountCents: 2450,
  currency: 'EUR',
  description: 'Mushroom permit, Piedmont, 1 day',
  returnUrl: 'https://sentiero.test/order/K7QX2M',
  cancelUrl: 'https://sentiero.test/checkout',
  idempotencyKey: `order-K7QX2M-${randomBytes(4).toString('hex')}`,
  ...overrides,
});

let stripe: FakeStripe;
let sut: PaymentProvider;

beforeAll(async () => {
  stripe = await startFakeStripe();
  sut = stripePayments({ ...STRIPE_TEST_KEYS, apiBase: stripe.server.url });
});
afterAll(() => stripe.server.close());

describe('Stripe card payments', () => {
  it('creates a card PaymentIntent in euro cents and hands its client secret to the browser', async () => {
    const result = await sut.start(checkout({ idempotencyKey: 'order-K7QX2M-attempt-1' }));

    expect(result).toEqual({
      status: 'action_required',
      reference: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/^pi_\w+_secret_/),
    });
    const sent = stripe.server.requests.findLast((request) => request.path === '/v1/payment_intents');
    expect(sent?.headers['idempotency-key']).toBe('order-K7QX2M-attempt-1');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toMatchObject({
      amount: '2450',
      currency: 'eur',
      'metadata[order_code]': 'K7QX2M',
      'allowed_payment_method_types[0]': 'card',
    });
  });

  it('gets the same PaymentIntent back when a checkout request is retried', async () => {
    const request = checkout();
    const first = await sut.start(request);
    const retry = await sut.start(request);
    expect(retry.reference).toBe(first.reference);
  });

  it('reports the payment as paid once the browser has confirmed it', async () => {
    const { reference } = await sut.start(checkout());
    const intent = stripe.intents.get(reference ?? '');
    if (!intent || !sut.complete) throw new Error('expected an intent');
    expect(await sut.complete(intent.id)).toMatchObject({ status: 'action_required' });

    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    expect(await sut.complete(intent.id)).toEqual({ status: 'paid', reference: intent.id });
  });

  it('reports a card the bank refused as declined, with Stripe’s code', async () => {
    const { reference } = await sut.start(checkout());
    const intent = stripe.intents.get(reference ?? '');
    if (!intent || !sut.complete) throw new Error('expected an intent');
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    };

    expect(await sut.complete(intent.id)).toEqual({
      status: 'declined',
      reference: intent.id,
      reason: 'card_declined',
    });
  });

  it('refunds part of a payment and refuses to refund more than was paid', async () => {
    const { reference } = await sut.start(checkout());
    if (!reference) throw new Error('expected an intent');
    const refund = (amountCents: number, key: string) =>
      sut.refund({ reference, amountCents, orderCode: 'ST-1', idempotencyKey: key });
    expect(await refund(1000, 'refund-a')).toMatchObject({ status: 'succeeded' });
    expect(await refund(1000, 'refund-a')).toMatchObject({ status: 'succeeded' });
    expect(stripe.refundedCents.get(reference)).toBe(1000);
    expect(await refund(2000, 'refund-b')).toEqual({
      status: 'failed',
      reference: null,
      reason: 'amount_too_large',
    });
  });

  it('fails loudly with a wrong secret key instead of reporting a decline', async () => {
    const wrongKey = stripePayments({
      ...STRIPE_TEST_KEYS,
      secretKey: 'sk_test_wrong',
      apiBase: stripe.server.url,
    });
    await expect(wrongKey.start(checkout())).rejects.toThrow(/Invalid API Key/);
  });
});
