import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember } from '../../test/factories.ts';
import {
  deliverMembershipEvent,
  type FakeStripe,
  startFakeStripe,
  stripeEnvironment,
} from '../../test/fakes/stripe.ts';
import { signedStripeEvent, stripeSubscriptionInvoice } from '../../test/fakes/stripe-billing.ts';
import { trialKey } from './membership.ts';
import { claimTrial } from './repo.ts';

const DAY_S = 24 * 60 * 60;
let sut: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  sut = await createTestApp({
    ...stripeEnvironment(stripe),
    STRIPE_PUBLISHABLE_KEY: 'pk_test_sentiero',
  });
});
afterAll(async () => {
  await sut.close();
  await stripe.server.close();
});

const deliver = (event: { body: string; headers: Record<string, string> }) =>
  deliverMembershipEvent(sut.app, event);

describe('Sentiero+ through Stripe Billing', () => {
  it('starts the trial at Stripe, follows its signed events, and tells Stripe what the member does', async () => {
    const member = await createMember(sut, 'Karte');
    const bought = await member.post('/api/app/subscription/buy?lng=en', {
      subscription_type: 'yearly',
      payment_method: 'card',
      idempotency_key: 'stripe-membership-1',
    });
    expect(bought.statusCode).toBe(200);
    const started = bought.json().subscription;
    // The browser confirms the card with Stripe.js; until then no benefits.
    expect(started.client_secret).toMatch(/^seti_/);
    expect(started.entitled).toBe(false);
    // The member's own subscription at Stripe: the last one made, whatever other tests made before.
    const reference = [...stripe.subscriptions.keys()].at(-1);
    expect(reference).toBeDefined();

    // Stripe's trial ends and its first invoice is paid.
    const now = Math.floor(Date.now() / 1000);
    const paid = signedStripeEvent(
      'invoice.paid',
      stripeSubscriptionInvoice({
        subscription: reference as string,
        amountCents: 2490,
        periodStart: now,
        periodEnd: now + 365 * DAY_S,
        status: 'paid',
        billingReason: 'subscription_cycle',
      }),
    );
    expect((await deliver(paid)).statusCode).toBe(200);
    // The same delivery twice is applied once.
    expect((await deliver(paid)).statusCode).toBe(200);
    const active = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(active).toMatchObject({ status: 'active', entitled: true, paid: true });
    expect(active.last_payment).toMatchObject({ amount_cents: 2490 });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(true);

    // Cancel: Stripe stops renewing at the period's end; undo: it renews again.
    expect((await member.post('/api/app/subscription/cancel?lng=en', {})).statusCode).toBe(200);
    expect(stripe.subscriptions.get(reference as string)?.cancel_at_period_end).toBe(true);
    expect((await member.post('/api/app/subscription/uncancel?lng=en', {})).statusCode).toBe(200);
    expect(stripe.subscriptions.get(reference as string)?.cancel_at_period_end).toBe(false);

    // A forged event changes nothing.
    const forged = { ...paid, headers: { 'stripe-signature': 't=1,v1=00' } };
    expect((await deliver(forged)).statusCode).toBe(400);

    // Stripe gives up on a renewal: the membership ends.
    const deleted = signedStripeEvent('customer.subscription.deleted', {
      id: reference,
      object: 'subscription',
      status: 'canceled',
      customer: 'cus_x',
      metadata: {},
    });
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect((await member.get('/api/app/subscription/info')).json().subscription.status).toBe('expired');
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(false);
  });

  it('gives a member without a trial nothing until the first invoice is paid, and ends it when that payment fails', async () => {
    const member = await createMember(sut, 'Declined');
    const email = (await member.get('/api/app/user/info')).json().user.email as string;
    // The trial was used before: the first year is charged at once.
    await claimTrial(sut.database.db, trialKey(email), new Date());
    const bought = await member.post('/api/app/subscription/buy?lng=en', {
      subscription_type: 'yearly',
      payment_method: 'card',
      idempotency_key: 'stripe-declined-1',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const started = bought.json().subscription;
    expect(started.client_secret).toMatch(/^pi_/);
    expect(started).toMatchObject({ entitled: false, trial_end_date: null });
    const reference = [...stripe.subscriptions.keys()].at(-1);
    if (!reference) throw new Error('no Stripe subscription was made for the membership');
    expect(stripe.subscriptions.get(reference)?.status).toBe('incomplete');

    // The card is declined: Stripe reports the first invoice's failed payment.
    const now = Math.floor(Date.now() / 1000);
    const failed = signedStripeEvent(
      'invoice.payment_failed',
      stripeSubscriptionInvoice({
        subscription: reference,
        amountCents: 2490,
        periodStart: now,
        periodEnd: now + 365 * DAY_S,
        status: 'open',
        billingReason: 'subscription_create',
      }),
    );
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await deliver(failed)).statusCode).toBe(200);
    const ended = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(ended).toMatchObject({ status: 'expired', entitled: false, paid: false, retry_until: null });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(false);
    // Over at Stripe too: a later attempt on the same invoice cannot collect for it.
    expect(stripe.subscriptions.get(reference)?.status).toBe('canceled');

    // The member may try again, with another card: still no trial, still nothing until paid.
    const again = await member.post('/api/app/subscription/buy?lng=en', {
      subscription_type: 'yearly',
      payment_method: 'card',
      idempotency_key: 'stripe-declined-2',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().subscription).toMatchObject({ entitled: false, trial_end_date: null });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(false);
  });
});
