import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeStripe,
  STRIPE_TEST_KEYS,
  startFakeStripe,
  stripeSignature,
} from '../../test/fakes/stripe.ts';
import { signedStripeEvent, stripeSubscriptionInvoice } from '../../test/fakes/stripe-billing.ts';
import { PaymentWebhookError } from '../payments/provider.ts';
import type { BillingProvider, StartSubscription } from './provider.ts';
import { STRIPE_PLUS_PRODUCT_ID, stripeBilling } from './stripe.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const membership = (overrides: Partial<StartSubscription> = {}): StartSubscription => ({
  subscriptionId: 42,
  member: { id: 7, email: `ada-${randomBytes(3).toString('hex')}@example.org`, name: 'Ada Lovelace' },
  plan: { type: 'yearly', priceCents: 2490, currency: 'EUR', trialDays: 7 },
  firstChargeAt: new Date(Date.now() + 7 * DAY_MS),
  returnUrl: 'https://sentiero.test/plus/return',
  cancelUrl: 'https://sentiero.test/plus',
  idempotencyKey: `plus-42-${randomBytes(4).toString('hex')}`,
  ...overrides,
});

let stripe: FakeStripe;
let sut: BillingProvider;

beforeAll(async () => {
  stripe = await startFakeStripe();
  sut = stripeBilling({ ...STRIPE_TEST_KEYS, apiBase: stripe.server.url });
});
afterAll(() => stripe.server.close());

const sentForm = (path: string) => {
  const sent = stripe.server.requests.findLast((request) => request.path === path);
  return { headers: sent?.headers, form: Object.fromEntries(new URLSearchParams(sent?.body)) };
};

async function startedSubscription(overrides: Partial<StartSubscription> = {}) {
  const started = await sut.start(membership(overrides));
  if (started.status === 'declined') throw new Error('expected a subscription');
  const subscription = stripe.subscriptions.get(started.reference);
  if (!subscription) throw new Error('expected the subscription at Stripe');
  return { started, subscription };
}

describe('Stripe Billing memberships: start', () => {
  it('starts a 7-day trial and hands the browser the SetupIntent’s client secret to save the card', async () => {
    const request = membership({ idempotencyKey: 'plus-42-attempt-1' });
    const started = await sut.start(request);

    expect(started).toEqual({
      status: 'action_required',
      reference: expect.stringMatching(/^sub_/),
      paymentLabel: null,
      clientSecret: expect.stringMatching(/^seti_\w+_secret_/),
    });
    const subscription = stripe.subscriptions.get(started.status === 'declined' ? '' : started.reference);
    expect(subscription?.status).toBe('trialing');
    const { headers, form } = sentForm('/v1/subscriptions');
    expect(headers?.['idempotency-key']).toBe('plus-42-attempt-1');
    expect(form).toMatchObject({
      trial_period_days: '7',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'metadata[subscription_id]': '42',
      'items[0][price_data][currency]': 'eur',
      'items[0][price_data][unit_amount]': '2490',
      'items[0][price_data][recurring][interval]': 'year',
      'items[0][price_data][product]': STRIPE_PLUS_PRODUCT_ID,
    });
    const customer = stripe.customers.get(subscription?.customer ?? '');
    expect(customer).toMatchObject({ email: request.member.email, metadata: { member_id: '7' } });
  });

  it('without a trial, answers the first invoice’s client secret and sends no trial', async () => {
    const { started, subscription } = await startedSubscription({
      plan: { type: 'monthly', priceCents: 299, currency: 'EUR', trialDays: 0 },
    });

    expect(started).toMatchObject({ status: 'action_required', clientSecret: expect.stringMatching(/^pi_/) });
    expect(subscription.status).toBe('incomplete');
    const { form } = sentForm('/v1/subscriptions');
    expect(form).not.toHaveProperty('trial_period_days');
    expect(form).toMatchObject({
      'items[0][price_data][unit_amount]': '299',
      'items[0][price_data][recurring][interval]': 'month',
    });
  });

  it('uses the Price configured for the plan instead of price_data', async () => {
    stripe.prices.set('price_1PlusYearly', {
      id: 'price_1PlusYearly',
      object: 'price',
      currency: 'eur',
      unit_amount: 2490,
      recurring: { interval: 'year', interval_count: 1 },
    });
    const configured = stripeBilling({
      ...STRIPE_TEST_KEYS,
      apiBase: stripe.server.url,
      yearlyPriceId: 'price_1PlusYearly',
    });
    const started = await configured.start(membership());

    expect(started.status).toBe('action_required');
    const { form } = sentForm('/v1/subscriptions');
    expect(form['items[0][price]']).toBe('price_1PlusYearly');
    expect(form).not.toHaveProperty('items[0][price_data][product]');
  });

  it('gets the same subscription and one customer back when a start is retried', async () => {
    const request = membership();
    const customersBefore = stripe.customers.size;
    const subscriptionsBefore = stripe.subscriptions.size;

    const first = await sut.start(request);
    const retry = await sut.start(request);

    expect(retry).toEqual(first);
    expect(stripe.customers.size - customersBefore).toBe(1);
    expect(stripe.subscriptions.size - subscriptionsBefore).toBe(1);
  });

  it('reuses the member’s customer for a later membership', async () => {
    const member = { id: 8, email: 'grace@example.org', name: 'Grace Hopper' };
    const first = await startedSubscription({ member });
    const later = await startedSubscription({ member, subscriptionId: 43 });

    expect(later.subscription.customer).toBe(first.subscription.customer);
    expect(later.subscription.id).not.toBe(first.subscription.id);
  });

  it('answers declined with Stripe’s code when the bank refuses the card', async () => {
    stripe.declineNextSubscription = 'card_declined';
    expect(await sut.start(membership())).toEqual({ status: 'declined', reason: 'card_declined' });
  });

  it('fails loudly with a wrong secret key instead of reporting a decline', async () => {
    const wrongKey = stripeBilling({
      ...STRIPE_TEST_KEYS,
      secretKey: 'sk_test_wrong',
      apiBase: stripe.server.url,
    });
    await expect(wrongKey.start(membership())).rejects.toThrow(/Invalid API Key/);
  });
});

describe('Stripe Billing memberships: pause, resume, stop, end', () => {
  it('pauses collection, voiding what falls due meanwhile, and resumes with the days kept', async () => {
    const { subscription } = await startedSubscription();

    await sut.pause(subscription.id);
    expect(subscription.pause_collection).toEqual({ behavior: 'void', resumes_at: null });

    const nextChargeAt = new Date(Date.now() + 200 * DAY_MS);
    await sut.resume(subscription.id, nextChargeAt);
    expect(subscription.pause_collection).toBeNull();
    expect(subscription.trial_end).toBe(Math.floor(nextChargeAt.getTime() / 1000));
    expect(sentForm(`/v1/subscriptions/${subscription.id}`).form).toMatchObject({
      proration_behavior: 'none',
      cancel_at_period_end: 'false',
    });
  });

  it('stops renewing at the period’s end, and resume undoes it', async () => {
    const { subscription } = await startedSubscription();

    await sut.stopRenewal(subscription.id);
    expect(subscription.cancel_at_period_end).toBe(true);

    await sut.resume(subscription.id, new Date(Date.now() + 7 * DAY_MS));
    expect(subscription.cancel_at_period_end).toBe(false);
  });

  it('ends the subscription now, and ending it again changes nothing', async () => {
    const { subscription } = await startedSubscription();

    await sut.end(subscription.id);
    expect(subscription.status).toBe('canceled');
    await expect(sut.end(subscription.id)).resolves.toBeUndefined();
  });

  it('fails loudly when asked to end a subscription Stripe does not know', async () => {
    await expect(sut.end('sub_3Qnowhere')).rejects.toThrow(/No such subscription/);
  });
});

describe('Stripe Billing webhooks', () => {
  const parse = (delivery: { body: string; headers: Record<string, string> }) => {
    if (!sut.parseWebhook) throw new Error('Stripe Billing reads webhooks');
    return sut.parseWebhook(Buffer.from(delivery.body), delivery.headers);
  };
  const start = Math.floor(Date.parse('2026-06-01T08:00:00Z') / 1000);
  const end = Math.floor(Date.parse('2027-06-01T08:00:00Z') / 1000);

  it('reads invoice.paid as a charge paying until the end of the line’s period', async () => {
    const invoice = stripeSubscriptionInvoice({
      subscription: 'sub_3QpaidYearly',
      amountCents: 2490,
      periodStart: start,
      periodEnd: end,
      status: 'paid',
    });
    const delivery = signedStripeEvent('invoice.paid', invoice);

    expect(await parse(delivery)).toEqual({
      eventId: JSON.parse(delivery.body).id,
      event: {
        type: 'charge_succeeded',
        reference: 'sub_3QpaidYearly',
        paymentReference: invoice.id,
        amountCents: 2490,
        paidUntil: new Date('2027-06-01T08:00:00Z'),
        at: new Date((start + 60) * 1000),
      },
    });
  });

  it('ignores the 0 € invoice that opens a trial', async () => {
    const invoice = stripeSubscriptionInvoice({
      subscription: 'sub_3Qtrial',
      amountCents: 0,
      periodStart: start,
      periodEnd: start + 7 * 24 * 3600,
      status: 'paid',
      billingReason: 'subscription_create',
    });
    expect((await parse(signedStripeEvent('invoice.paid', invoice))).event).toBeNull();
  });

  it('reads invoice.payment_failed as a failed charge of the subscription', async () => {
    const invoice = stripeSubscriptionInvoice({
      subscription: 'sub_3Qfailed',
      amountCents: 299,
      periodStart: start,
      periodEnd: start + 30 * 24 * 3600,
      status: 'open',
    });
    expect((await parse(signedStripeEvent('invoice.payment_failed', invoice))).event).toEqual({
      type: 'charge_failed',
      reference: 'sub_3Qfailed',
      paymentReference: invoice.id,
      amountCents: 299,
      reason: 'payment_failed',
      at: expect.any(Date),
    });
  });

  it('reads customer.subscription.deleted as the end of the membership', async () => {
    const endedAt = Math.floor(Date.parse('2026-07-01T00:00:00Z') / 1000);
    const subscription = {
      id: 'sub_3Qdeleted',
      object: 'subscription',
      status: 'canceled',
      ended_at: endedAt,
    };
    expect((await parse(signedStripeEvent('customer.subscription.deleted', subscription))).event).toEqual({
      type: 'ended',
      reference: 'sub_3Qdeleted',
      at: new Date('2026-07-01T00:00:00Z'),
    });
  });

  it('answers null, with the event id, for customer.subscription.updated and unknown events', async () => {
    const updated = signedStripeEvent('customer.subscription.updated', {
      id: 'sub_3Qupdated',
      object: 'subscription',
      status: 'active',
    });
    const unknown = signedStripeEvent('customer.created', { id: 'cus_Q1', object: 'customer' });

    expect(await parse(updated)).toEqual({ eventId: JSON.parse(updated.body).id, event: null });
    expect((await parse(unknown)).event).toBeNull();
  });

  it('refuses a body changed after Stripe signed it', async () => {
    const invoice = stripeSubscriptionInvoice({
      subscription: 'sub_3Qx',
      amountCents: 2490,
      periodStart: start,
      periodEnd: end,
      status: 'paid',
    });
    const delivery = signedStripeEvent('invoice.paid', invoice);
    const tampered = { ...delivery, body: delivery.body.replace('"sub_3Qx"', '"sub_3Qy"') };
    expect(tampered.body).not.toBe(delivery.body);
    await expect(parse(tampered)).rejects.toThrow(PaymentWebhookError);
  });

  it('refuses a signature made with another secret, and a delivery without one', async () => {
    const delivery = signedStripeEvent('customer.subscription.deleted', { id: 'sub_3Qz' });
    const forged = { 'stripe-signature': stripeSignature(delivery.body, 'whsec_someone_else') };
    await expect(parse({ ...delivery, headers: forged })).rejects.toThrow(PaymentWebhookError);
    await expect(parse({ ...delivery, headers: {} })).rejects.toThrow(PaymentWebhookError);
  });

  it('refuses a genuine delivery replayed ten minutes later', async () => {
    const delivery = signedStripeEvent('customer.subscription.deleted', { id: 'sub_3Qz' });
    const old = stripeSignature(delivery.body, undefined, Math.floor(Date.now() / 1000) - 600);
    await expect(parse({ ...delivery, headers: { 'stripe-signature': old } })).rejects.toThrow(
      PaymentWebhookError,
    );
  });
});
