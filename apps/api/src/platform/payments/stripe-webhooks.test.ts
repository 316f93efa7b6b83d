import { describe, expect, it } from 'vitest';
import { STRIPE_TEST_KEYS, stripeEvent, stripeSignature } from '../../test/fakes/stripe.ts';
import { PaymentWebhookError } from './provider.ts';
import { stripePayments } from './stripe.ts';

// Webhooks are checked offline; the discard port makes any stray API call fail instead of leaving the machine.
const sut = stripePayments({ ...STRIPE_TEST_KEYS, apiBase: 'http://127.0.0.1:9' });

describe('Stripe webhooks', () => {
  const intent = {
    id: 'pi_3QwebhookPaid',
    object: 'payment_intent',
    amount: 2450,
    amount_received: 2450,
    currency: 'eur',
    metadata: { order_code: 'K7QX2M' },
    status: 'succeeded',
  };
  const parse = (payload: string, headers: Record<string, string | undefined>) => {
    if (!sut.parseWebhook) throw new Error('Stripe reads webhooks');
    return sut.parseWebhook(Buffer.from(payload), headers);
  };

  it('reads a signed payment_intent.succeeded as a paid order', async () => {
    const payload = stripeEvent('payment_intent.succeeded', intent);
    expect(await parse(payload, { 'stripe-signature': stripeSignature(payload) })).toEqual({
      type: 'paid',
      reference: 'pi_3QwebhookPaid',
      orderCode: 'K7QX2M',
      amountCents: 2450,
    });
  });

  it('reads refund.updated, charge.refund.updated and refund.failed as one refund’s final state, and ignores it while pending', async () => {
    const refund = {
      id: 're_3QwebhookRefund',
      object: 'refund',
      amount: 1200,
      currency: 'eur',
      failure_reason: null,
      metadata: { order_code: 'K7QX2M' },
      payment_intent: 'pi_3QwebhookPaid',
      status: 'succeeded',
    };
    const read = (type: string, object: Record<string, unknown>) => {
      const payload = stripeEvent(type, object, { status: 'pending' });
      return parse(payload, { 'stripe-signature': stripeSignature(payload) });
    };
    const done = {
      type: 'refund',
      state: 'succeeded',
      refundReference: 're_3QwebhookRefund',
      reference: 'pi_3QwebhookPaid',
      orderCode: 'K7QX2M',
      amountCents: 1200,
      totalRefundedCents: null,
      reason: null,
    };
    expect(await read('refund.updated', refund)).toEqual(done);
    expect(await read('charge.refund.updated', refund)).toEqual(done);
    expect(
      await read('refund.failed', { ...refund, status: 'failed', failure_reason: 'lost_or_stolen_card' }),
    ).toEqual({ ...done, state: 'failed', reason: 'lost_or_stolen_card' });
    expect(await read('refund.updated', { ...refund, status: 'pending' })).toBeNull();
  });

  it('reads payment_intent.payment_failed as a failed payment', async () => {
    const payload = stripeEvent('payment_intent.payment_failed', {
      ...intent,
      amount_received: 0,
      status: 'requires_payment_method',
    });
    expect(await parse(payload, { 'stripe-signature': stripeSignature(payload) })).toMatchObject({
      type: 'failed',
      orderCode: 'K7QX2M',
    });
  });

  it('reads charge.refunded against the PaymentIntent the order knows, with the total refunded', async () => {
    const charge = {
      id: 'ch_3QwebhookPaid',
      object: 'charge',
      amount: 2450,
      amount_captured: 2450,
      amount_refunded: 1000,
      currency: 'eur',
      metadata: { order_code: 'K7QX2M' },
      payment_intent: 'pi_3QwebhookPaid',
      refunded: false,
      status: 'succeeded',
    };
    const payload = stripeEvent('charge.refunded', charge);
    expect(await parse(payload, { 'stripe-signature': stripeSignature(payload) })).toEqual({
      type: 'refunded',
      reference: 'pi_3QwebhookPaid',
      orderCode: 'K7QX2M',
      amountCents: 1000,
    });
  });

  it('ignores events that do not change an order', async () => {
    const payload = stripeEvent('customer.created', { id: 'cus_Q1', object: 'customer' });
    expect(await parse(payload, { 'stripe-signature': stripeSignature(payload) })).toBeNull();
  });

  it('refuses a body changed after Stripe signed it', async () => {
    const payload = stripeEvent('payment_intent.succeeded', intent);
    const tampered = payload.replace('"amount_received": 2450', '"amount_received": 245000');
    expect(tampered).not.toBe(payload);
    await expect(parse(tampered, { 'stripe-signature': stripeSignature(payload) })).rejects.toThrow(
      PaymentWebhookError,
    );
  });

  it('refuses a signature made with another secret', async () => {
    const payload = stripeEvent('payment_intent.succeeded', intent);
    const forged = stripeSignature(payload, 'whsec_someone_else');
    await expect(parse(payload, { 'stripe-signature': forged })).rejects.toThrow(PaymentWebhookError);
  });

  it('refuses a genuine delivery replayed ten minutes later', async () => {
    const payload = stripeEvent('payment_intent.succeeded', intent);
    const old = stripeSignature(payload, undefined, Math.floor(Date.now() / 1000) - 600);
    await expect(parse(payload, { 'stripe-signature': old })).rejects.toThrow(PaymentWebhookError);
  });

  it('refuses a delivery without a Stripe-Signature header', async () => {
    const payload = stripeEvent('payment_intent.succeeded', intent);
    await expect(parse(payload, {})).rejects.toThrow(PaymentWebhookError);
  });
});
