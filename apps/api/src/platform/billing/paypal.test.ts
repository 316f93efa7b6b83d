import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePaypal, PAYPAL_TEST_APP, startFakePaypal } from '../../test/fakes/paypal.ts';
import { PaymentWebhookError } from '../payments/provider.ts';
import { type PaypalPlanIds, paypalBilling } from './paypal.ts';
import { ensurePaypalPlans } from './paypal-plans.ts';
import type { BillingProvider, StartSubscription } from './provider.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFER = { yearlyCents: 2490, monthlyCents: 299, trialDays: 7 };

const membership = (overrides: Partial<StartSubscription> = {}): StartSubscription => ({
  subscriptionId: 42,
  member: { id: 7, email: 'ada@example.org', name: 'Ada Lovelace' },
  plan: { type: 'yearly', priceCents: 2490, currency: 'EUR', trialDays: 7 },
  firstChargeAt: new Date(Date.now() + 7 * DAY_MS),
  returnUrl: 'https://sentiero.test/plus/paypal/return',
  cancelUrl: 'https://sentiero.test/plus/paypal/cancel',
  idempotencyKey: `plus-42-${randomBytes(4).toString('hex')}`,
  ...overrides,
});

let paypal: FakePaypal;
let plans: PaypalPlanIds & { productId: string };
let sut: BillingProvider;

beforeAll(async () => {
  paypal = await startFakePaypal();
  const app = { ...PAYPAL_TEST_APP, apiBase: paypal.server.url };
  plans = await ensurePaypalPlans(app, OFFER);
  sut = paypalBilling({ ...app, ...plans });
});
afterAll(() => paypal.server.close());

const sentJson = (path: string) => {
  const sent = paypal.server.requests.findLast((request) => request.path === path);
  return { headers: sent?.headers, body: JSON.parse(sent?.body || '{}') };
};

async function startedSubscription(overrides: Partial<StartSubscription> = {}) {
  const started = await sut.start(membership(overrides));
  const subscription = paypal.subscriptions.get(started.status === 'declined' ? '' : started.reference);
  if (!subscription) throw new Error('expected a PayPal subscription');
  return subscription;
}

async function activeSubscription() {
  const subscription = await startedSubscription();
  paypal.approveSubscription(subscription.id);
  return subscription;
}

describe('PayPal plans for operators', () => {
  it('makes the Sentiero+ product and yearly and monthly plans, with a 7-day TRIAL cycle and without', () => {
    expect(paypal.products.get(plans.productId)).toMatchObject({ name: 'Sentiero+', type: 'SERVICE' });
    const yearly = paypal.plans.get(plans.yearlyPlanId);
    expect(yearly).toMatchObject({
      product_id: plans.productId,
      status: 'ACTIVE',
      billing_cycles: [
        {
          tenure_type: 'TRIAL',
          sequence: 1,
          total_cycles: 1,
          frequency: { interval_unit: 'DAY', interval_count: 7 },
        },
        {
          tenure_type: 'REGULAR',
          sequence: 2,
          total_cycles: 0,
          frequency: { interval_unit: 'YEAR', interval_count: 1 },
          pricing_scheme: { fixed_price: { currency_code: 'EUR', value: '24.90' } },
        },
      ],
    });
    expect(paypal.plans.get(plans.monthlyPlanId)?.billing_cycles[1]).toMatchObject({
      frequency: { interval_unit: 'MONTH' },
      pricing_scheme: { fixed_price: { value: '2.99' } },
    });
    expect(paypal.plans.get(plans.monthlyNoTrialPlanId ?? '')?.billing_cycles).toEqual([
      expect.objectContaining({ tenure_type: 'REGULAR', sequence: 1 }),
    ]);
  });

  it('answers the same plans when run again', async () => {
    const again = await ensurePaypalPlans({ ...PAYPAL_TEST_APP, apiBase: paypal.server.url }, OFFER);
    expect(again).toEqual(plans);
  });
});

describe('PayPal memberships: start', () => {
  it('creates a subscription on the trial plan and sends the member to PayPal to approve it', async () => {
    const started = await sut.start(membership({ idempotencyKey: 'plus-42-attempt-1' }));

    expect(started).toEqual({
      status: 'action_required',
      reference: expect.stringMatching(/^I-[0-9A-F]{16}$/),
      paymentLabel: null,
      redirectUrl: expect.stringMatching(
        /^https:\/\/www\.paypal\.com\/webapps\/billing\/subscriptions\?ba_token=/,
      ),
    });
    const { headers, body } = sentJson('/v1/billing/subscriptions');
    expect(headers?.['paypal-request-id']).toBe('plus-42-attempt-1');
    expect(body).toMatchObject({
      plan_id: plans.yearlyPlanId,
      custom_id: '42',
      subscriber: { email_address: 'ada@example.org' },
      application_context: {
        return_url: 'https://sentiero.test/plus/paypal/return',
        cancel_url: 'https://sentiero.test/plus/paypal/cancel',
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
      },
    });
  });

  it('uses the plan without a trial for a member who already had one', async () => {
    const subscription = await startedSubscription({
      plan: { type: 'monthly', priceCents: 299, currency: 'EUR', trialDays: 0 },
    });
    expect(subscription.planId).toBe(plans.monthlyNoTrialPlanId);
  });

  it('gets the same subscription back when a start is retried', async () => {
    const request = membership();
    const before = paypal.subscriptions.size;
    const first = await sut.start(request);
    const retry = await sut.start(request);
    expect(retry).toEqual(first);
    expect(paypal.subscriptions.size - before).toBe(1);
  });

  it('refuses to start a plan whose PayPal price differs from the one shown to the member', async () => {
    const before = paypal.subscriptions.size;
    const pricier = membership({ plan: { type: 'yearly', priceCents: 2990, currency: 'EUR', trialDays: 7 } });
    await expect(sut.start(pricier)).rejects.toThrow(/does not bill 2990 cents a year after 7 free days/);
    expect(paypal.subscriptions.size).toBe(before);
  });

  it('refuses to start a plan whose PayPal trial is not the one shown to the member', async () => {
    const longerTrial = membership({
      plan: { type: 'monthly', priceCents: 299, currency: 'EUR', trialDays: 14 },
    });
    await expect(sut.start(longerTrial)).rejects.toThrow(
      /does not bill 299 cents a month after 14 free days/,
    );
  });

  it('fails loudly when no plan without a trial is configured', async () => {
    const trialOnly = paypalBilling({
      ...PAYPAL_TEST_APP,
      apiBase: paypal.server.url,
      yearlyPlanId: plans.yearlyPlanId,
      monthlyPlanId: plans.monthlyPlanId,
    });
    const noTrial = membership({ plan: { type: 'yearly', priceCents: 2490, currency: 'EUR', trialDays: 0 } });
    await expect(trialOnly.start(noTrial)).rejects.toThrow(/no PayPal plan without a trial/);
  });
});

describe('PayPal memberships: pause, resume, stop, end', () => {
  it('suspends on pause and reactivates on resume, each once even when retried', async () => {
    const subscription = await activeSubscription();

    await sut.pause(subscription.id);
    expect(subscription.status).toBe('SUSPENDED');
    await sut.pause(subscription.id);
    expect(subscription.status).toBe('SUSPENDED');

    await sut.resume(subscription.id, new Date(Date.now() + 100 * DAY_MS));
    expect(subscription.status).toBe('ACTIVE');
    await sut.resume(subscription.id, new Date(Date.now() + 100 * DAY_MS));
    expect(subscription.status).toBe('ACTIVE');
  });

  it('stops the renewal by suspending, since PayPal cannot cancel at the period’s end', async () => {
    const subscription = await activeSubscription();
    await sut.stopRenewal(subscription.id);
    expect(subscription.status).toBe('SUSPENDED');
    expect(subscription.statusReason).toBe('Renewal stopped by the member');
  });

  it('cancels the subscription at the end, and ending it again changes nothing', async () => {
    const subscription = await activeSubscription();
    await sut.stopRenewal(subscription.id);

    await sut.end(subscription.id);
    expect(subscription.status).toBe('CANCELLED');
    await expect(sut.end(subscription.id)).resolves.toBeUndefined();
  });

  it('fails loudly when resuming a subscription that was cancelled', async () => {
    const subscription = await activeSubscription();
    await sut.end(subscription.id);
    await expect(sut.resume(subscription.id, new Date())).rejects.toThrow();
    expect(subscription.status).toBe('CANCELLED');
  });
});

describe('PayPal membership webhooks', () => {
  const parse = (delivery: { body: string; headers: Record<string, string> }) => {
    if (!sut.parseWebhook) throw new Error('PayPal memberships read webhooks');
    return sut.parseWebhook(Buffer.from(delivery.body), delivery.headers);
  };
  const sale = (billingAgreementId?: string) => ({
    id: '80021663DE681814L',
    state: 'completed',
    amount: { total: '24.90', currency: 'EUR', details: { subtotal: '24.90' } },
    payment_mode: 'INSTANT_TRANSFER',
    ...(billingAgreementId ? { billing_agreement_id: billingAgreementId } : {}),
    create_time: '2026-06-08T08:00:05Z',
    update_time: '2026-06-08T08:00:05Z',
  });

  it('reads PAYMENT.SALE.COMPLETED as a charge paid until the subscription’s next billing time', async () => {
    const subscription = await activeSubscription();
    subscription.nextBillingTime = '2027-06-08T10:00:00Z';
    const delivery = paypal.signDelivery('PAYMENT.SALE.COMPLETED', sale(subscription.id), 'sale');

    expect(await parse(delivery)).toEqual({
      eventId: JSON.parse(delivery.body).id,
      event: {
        type: 'charge_succeeded',
        reference: subscription.id,
        paymentReference: '80021663DE681814L',
        amountCents: 2490,
        paidUntil: new Date('2027-06-08T10:00:00Z'),
        at: new Date('2026-06-08T08:00:05Z'),
      },
    });
  });

  it('counts one period of the plan when PayPal no longer has a next billing time', async () => {
    const subscription = await activeSubscription();
    subscription.nextBillingTime = null;
    const delivery = paypal.signDelivery('PAYMENT.SALE.COMPLETED', sale(subscription.id), 'sale');
    expect((await parse(delivery)).event).toMatchObject({ paidUntil: new Date('2027-06-08T08:00:05Z') });
  });

  it('ignores a sale that belongs to no subscription', async () => {
    const delivery = paypal.signDelivery('PAYMENT.SALE.COMPLETED', sale(), 'sale');
    expect((await parse(delivery)).event).toBeNull();
  });

  it('reads BILLING.SUBSCRIPTION.PAYMENT.FAILED as a failed charge with PayPal’s reason', async () => {
    const delivery = paypal.signDelivery(
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      {
        id: 'I-BW452GLLEP1G',
        status: 'ACTIVE',
        billing_info: {
          outstanding_balance: { currency_code: 'EUR', value: '2.99' },
          failed_payments_count: 1,
          last_failed_payment: {
            amount: { currency_code: 'EUR', value: '2.99' },
            time: '2026-07-08T08:00:00Z',
            reason_code: 'PAYER_CANNOT_PAY',
          },
        },
      },
      'subscription',
    );
    expect((await parse(delivery)).event).toEqual({
      type: 'charge_failed',
      reference: 'I-BW452GLLEP1G',
      paymentReference: null,
      amountCents: 299,
      reason: 'payer_cannot_pay',
      at: new Date('2026-07-08T08:00:00Z'),
    });
  });

  it.each(['BILLING.SUBSCRIPTION.CANCELLED', 'BILLING.SUBSCRIPTION.EXPIRED'])(
    'reads %s as the end of the membership',
    async (eventType) => {
      const resource = {
        id: 'I-ENDED0000001',
        status: 'CANCELLED',
        status_update_time: '2026-08-01T00:00:00Z',
      };
      const delivery = paypal.signDelivery(eventType, resource, 'subscription');
      expect((await parse(delivery)).event).toEqual({
        type: 'ended',
        reference: 'I-ENDED0000001',
        at: new Date('2026-08-01T00:00:00Z'),
      });
    },
  );

  it('reads BILLING.SUBSCRIPTION.ACTIVATED as the member’s approval', async () => {
    const resource = { id: 'I-APPROVED00001', status: 'ACTIVE', status_update_time: '2026-06-01T08:03:00Z' };
    const delivery = paypal.signDelivery('BILLING.SUBSCRIPTION.ACTIVATED', resource, 'subscription');
    expect((await parse(delivery)).event).toEqual({
      type: 'approved',
      reference: 'I-APPROVED00001',
      at: new Date('2026-06-01T08:03:00Z'),
    });
  });

  it('answers null, with the event id, for events that do not change a membership', async () => {
    const delivery = paypal.signDelivery('BILLING.SUBSCRIPTION.CREATED', { id: 'I-NEW' }, 'subscription');
    expect(await parse(delivery)).toEqual({ eventId: JSON.parse(delivery.body).id, event: null });
  });

  it('refuses a body changed after PayPal signed it', async () => {
    const delivery = paypal.signDelivery('PAYMENT.SALE.COMPLETED', sale('I-BW452GLLEP1G'), 'sale');
    const tampered = { ...delivery, body: delivery.body.replace('"24.90"', '"0.01"') };
    expect(tampered.body).not.toBe(delivery.body);
    await expect(parse(tampered)).rejects.toThrow(PaymentWebhookError);
  });

  it('refuses a forged signature and a delivery without the transmission headers', async () => {
    const delivery = paypal.signDelivery('BILLING.SUBSCRIPTION.CANCELLED', { id: 'I-X' }, 'subscription');
    const forged = { ...delivery.headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' };
    const { 'paypal-transmission-id': _dropped, ...unsigned } = delivery.headers;
    await expect(parse({ ...delivery, headers: forged })).rejects.toThrow(PaymentWebhookError);
    await expect(parse({ ...delivery, headers: unsigned })).rejects.toThrow(PaymentWebhookError);
  });
});
