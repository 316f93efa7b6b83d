import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember } from '../../test/factories.ts';
import {
  deliverMembershipEvent,
  type FakeStripe,
  startFakeStripe,
  stripeEnvironment,
} from '../../test/fakes/stripe.ts';
import {
  confirmStripeSetupIntent,
  signedStripeEvent,
  stripeSubscriptionInvoice,
} from '../../test/fakes/stripe-billing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_S = 24 * 60 * 60;
let sut: TestApp;
let stripe: FakeStripe;
/** The file's start: the real instant, as Stripe's own timestamps stay real. */
const START = Date.now();
const clocks = createClockSwitch();
/** The API's clock, each test's own: at START when the test begins, moved through the trial. */
let clock: TestClock;

beforeAll(async () => {
  stripe = await startFakeStripe();
  sut = await createTestApp(
    {
      ...stripeEnvironment(stripe),
      STRIPE_PUBLISHABLE_KEY: 'pk_test_sentiero',
    },
    { clock: clocks },
  );
});
afterAll(async () => {
  await sut.close();
  await stripe.server.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(START));
});

const deliver = (event: { body: string; headers: Record<string, string> }) =>
  deliverMembershipEvent(sut.app, event);

/** A member who starts the trial with a card: the API answers the SetupIntent to confirm. */
async function startTrial(name: string) {
  const member = await createMember(sut, name);
  const bought = await member.post('/api/app/subscription/buy?lng=en', {
    subscription_type: 'yearly',
    payment_method: 'card',
    idempotency_key: `stripe-trial-${name}`,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const started = bought.json().subscription;
  expect(started.client_secret).toMatch(/^seti_/);
  expect(started).toMatchObject({ status: 'trialing', entitled: false });
  const reference = [...stripe.subscriptions.keys()].at(-1);
  if (!reference) throw new Error('no Stripe subscription was made for the membership');
  const isPremium = async () => (await member.get('/api/app/user/info')).json().user.is_premium;
  const membership = async () => (await member.get('/api/app/subscription/info')).json().subscription;
  expect(await isPremium()).toBe(false);
  return { member, reference, isPremium, membership };
}

describe('a Sentiero+ trial through Stripe', () => {
  it('gives the benefits as soon as the card is confirmed, through the trial, and on when the first invoice is paid', async () => {
    const { member, reference, isPremium, membership } = await startTrial('Confirmed');
    const trialEnd = stripe.subscriptions.get(reference)?.trial_end as number;

    // Stripe.js confirms the card; the browser comes back before Stripe's webhook does.
    const events = confirmStripeSetupIntent(stripe, reference, 'succeeded');
    const completed = await member.post('/api/app/subscription/complete?lng=en', {});
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().subscription).toMatchObject({
      status: 'trialing',
      entitled: true,
      // Stripe's trial, to the second: the benefits last until its first charge.
      trial_end_date: new Date(trialEnd * 1000).toISOString(),
      next_charge_date: new Date(trialEnd * 1000).toISOString(),
    });
    expect(await isPremium()).toBe(true);

    // The webhooks then find it approved and change nothing.
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    expect(await membership()).toMatchObject({
      status: 'trialing',
      entitled: true,
      trial_end_date: new Date(trialEnd * 1000).toISOString(),
    });

    // Six days on, still in the trial.
    clock.set(clock.ms() + 6 * DAY_MS);
    expect(await isPremium()).toBe(true);

    // The trial ends and Stripe's first invoice is paid: a paid year.
    clock.set(trialEnd * 1000 + 60_000);
    const paid = signedStripeEvent(
      'invoice.paid',
      stripeSubscriptionInvoice({
        subscription: reference,
        amountCents: 2490,
        periodStart: trialEnd,
        periodEnd: trialEnd + 365 * DAY_S,
        status: 'paid',
        billingReason: 'subscription_cycle',
      }),
    );
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await membership()).toMatchObject({ status: 'active', entitled: true, paid: true });
    expect(await isPremium()).toBe(true);
  });

  it("approves the trial by Stripe's webhook alone when the browser never comes back", async () => {
    const { reference, isPremium, membership } = await startTrial('Webhook');
    const [succeeded, updated] = confirmStripeSetupIntent(stripe, reference, 'succeeded');
    if (!succeeded || !updated) throw new Error('Stripe sent no events');
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(updated)).statusCode).toBe(200);
    expect(await membership()).toMatchObject({ status: 'trialing', entitled: true });
    expect(await isPremium()).toBe(true);
  });

  it('never gives the benefits for a card Stripe refused', async () => {
    const { member, reference, isPremium, membership } = await startTrial('Refused');
    const events = confirmStripeSetupIntent(stripe, reference, 'declined');
    const completed = await member.post('/api/app/subscription/complete?lng=en', {});
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().subscription).toMatchObject({ entitled: false });
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    // Other changes to the subscription are not a confirmation of its card.
    const other = signedStripeEvent('customer.subscription.updated', {
      ...stripe.subscriptions.get(reference),
      cancel_at_period_end: true,
    });
    expect((await deliver(other)).statusCode).toBe(200);
    expect(await membership()).toMatchObject({ status: 'trialing', entitled: false });
    expect(await isPremium()).toBe(false);
    clock.set(clock.ms() + 3 * DAY_MS);
    expect(await isPremium()).toBe(false);
  });
});
