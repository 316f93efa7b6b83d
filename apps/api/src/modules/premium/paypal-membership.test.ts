import { subscriptionCharges } from '@sentiero/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensurePaypalPlans } from '../../platform/billing/paypal-plans.ts';
import { type Browser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember } from '../../test/factories.ts';
import {
  type FakePaypal,
  PAYPAL_TEST_APP,
  paypalEnvironment,
  startFakePaypal,
} from '../../test/fakes/paypal.ts';
import { trialKey } from './membership.ts';
import { claimTrial } from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let sut: TestApp;
let paypal: FakePaypal;
/** The file's start: the real instant, as PayPal's own timestamps stay real. */
const START = Date.now();
const clocks = createClockSwitch();
/** Sentiero's clock, each test's own: at START when the test begins, moved on to the days PayPal bills. */
let clock: TestClock;
const moveTo = (at: string | Date, plusMs = 0) => clock.set(new Date(at).getTime() + plusMs);

beforeAll(async () => {
  paypal = await startFakePaypal();
  const app = { ...PAYPAL_TEST_APP, apiBase: paypal.server.url };
  // The operator's plans, as `ensurePaypalPlans` makes them for the default offer.
  const plans = await ensurePaypalPlans(app, { yearlyCents: 2490, monthlyCents: 299, trialDays: 7 });
  sut = await createTestApp(
    {
      ...paypalEnvironment(paypal),
      PAYPAL_PLAN_YEARLY: plans.yearlyPlanId,
      PAYPAL_PLAN_MONTHLY: plans.monthlyPlanId,
      PAYPAL_PLAN_YEARLY_NO_TRIAL: plans.yearlyNoTrialPlanId ?? '',
      PAYPAL_PLAN_MONTHLY_NO_TRIAL: plans.monthlyNoTrialPlanId ?? '',
    },
    { clock: clocks },
  );
});
afterAll(async () => {
  await sut?.close();
  await paypal?.server.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(START));
});

const deliver = (event: { body: string; headers: Record<string, string> }) =>
  sut.app.inject({
    method: 'POST',
    url: '/api/subscriptions/paypal/webhook',
    headers: { 'content-type': 'application/json', ...event.headers },
    payload: event.body,
  });

/** What PayPal sends when the subscription changes: the subscription as its API shows it now. */
async function subscriptionEvent(eventType: string, reference: string) {
  const shown = await fetch(`${paypal.server.url}/v1/billing/subscriptions/${reference}`, {
    headers: { authorization: `Bearer ${[...paypal.tokens][0]}` },
  });
  expect(shown.status).toBe(200);
  return paypal.signDelivery(eventType, (await shown.json()) as Record<string, unknown>, 'subscription');
}

const membershipOf = async (member: Browser) =>
  (await member.get('/api/app/subscription/info')).json().subscription;
const isPremium = async (member: Browser) =>
  (await member.get('/api/app/user/info')).json().user.is_premium as boolean;
/** A year on, the session has lapsed: the member logs in again. */
async function logInAgain(member: Browser, email: string) {
  const login = await member.post('/api/app/user/login?lng=en', { email, password: 'Trota2026' });
  expect(login.statusCode, login.body).toBe(200);
}
const chargesOf = (subscriptionId: number) =>
  sut.database.db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionCharges.id));

/** A member who bought yearly Sentiero+ with PayPal and approved it on PayPal's page. */
async function approvedMember(name: string) {
  moveTo(new Date());
  const member = await createMember(sut, name);
  const email = (await member.get('/api/app/user/info')).json().user.email as string;
  const bought = await member.post('/api/app/subscription/buy?lng=en', {
    subscription_type: 'yearly',
    payment_method: 'paypal',
    idempotency_key: `paypal-membership-${name}`,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const started = bought.json().subscription;
  const reference = [...paypal.subscriptions.values()].find(
    (subscription) => subscription.customId === String(started.id),
  )?.id;
  if (!reference) throw new Error('no PayPal subscription was made for the membership');
  paypal.approveSubscription(reference);
  expect(
    (await deliver(await subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', reference))).statusCode,
  ).toBe(200);
  return { member, email, started, reference };
}

describe('Sentiero+ through PayPal Subscriptions', () => {
  it('sends the member to PayPal to approve, starts the trial on PayPal’s word, follows its charges, and suspends it on cancel', async () => {
    moveTo(new Date());
    const member = await createMember(sut, 'Paypal');
    const email = (await member.get('/api/app/user/info')).json().user.email as string;
    const bought = await member.post('/api/app/subscription/buy?lng=en', {
      subscription_type: 'yearly',
      payment_method: 'paypal',
      idempotency_key: 'paypal-membership-1',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const started = bought.json().subscription;
    // The member approves on PayPal's page; until then no benefits.
    expect(started).toMatchObject({
      status: 'trialing',
      payment_method: 'paypal',
      entitled: false,
      next_charge_date: null,
      redirect_url: expect.stringMatching(
        /^https:\/\/www\.paypal\.com\/webapps\/billing\/subscriptions\?ba_token=/,
      ),
    });
    expect(await isPremium(member)).toBe(false);
    const [reference, atPaypal] = [...paypal.subscriptions.entries()].find(
      ([, subscription]) => subscription.customId === String(started.id),
    ) ?? [undefined, undefined];
    if (!reference || !atPaypal) throw new Error('no PayPal subscription was made for the membership');
    expect(atPaypal.status).toBe('APPROVAL_PENDING');
    // The approve link PayPal answered is the one the member is sent to.
    expect(started.redirect_url).toContain(reference.slice(2));

    // Approved at PayPal: its ACTIVATED event starts the benefits; a forged one is refused first.
    paypal.approveSubscription(reference);
    const activated = await subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', reference);
    const forged = { ...activated, headers: { ...activated.headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' } };
    expect((await deliver(forged)).statusCode).toBe(400);
    expect((await membershipOf(member)).entitled).toBe(false);
    expect((await deliver(activated)).statusCode).toBe(200);
    const trialing = await membershipOf(member);
    expect(trialing).toMatchObject({ status: 'trialing', entitled: true, paid: false, last_payment: null });
    expect(trialing.next_charge_date).toBe(trialing.trial_end_date);
    expect(await isPremium(member)).toBe(true);

    // The trial ends: PayPal collects the first year and says so.
    const trialEnd = atPaypal.nextBillingTime as string;
    moveTo(trialEnd, 60_000);
    const sale = paypal.collectSubscriptionPayment(reference);
    const paid = paypal.signDelivery('PAYMENT.SALE.COMPLETED', sale, 'sale');
    expect((await deliver(paid)).statusCode).toBe(200);
    const active = await membershipOf(member);
    expect(active).toMatchObject({
      status: 'active',
      entitled: true,
      paid: true,
      last_payment: { date: new Date(trialEnd).toISOString(), amount_cents: 2490 },
      // Paid until PayPal bills again: a year after the trial.
      expiry_date: new Date(atPaypal.nextBillingTime as string).toISOString(),
    });
    expect(Date.parse(active.expiry_date)).toBe(
      new Date(trialEnd).setUTCFullYear(new Date(trialEnd).getUTCFullYear() + 1),
    );
    expect(await isPremium(member)).toBe(true);
    const [charge] = await chargesOf(started.id);
    expect(charge).toMatchObject({
      status: 'paid',
      amountCents: 2490,
      providerReference: sale.id,
      receiptNumber: expect.stringMatching(/^SP-\d{4}-\d{7}$/),
    });
    // The receipt goes to the member by mail.
    await expect
      .poll(
        async () =>
          (await waitForMail(sut, email)).some((mail) => mail.text.includes(charge?.receiptNumber ?? '?')),
        { timeout: 15_000 },
      )
      .toBe(true);

    // PayPal delivers the same event again: applied once.
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await chargesOf(started.id)).toHaveLength(1);
    expect(await membershipOf(member)).toEqual(active);

    // Cancelled on the web: PayPal stops billing (suspended), the year paid for stays.
    const canceled = await member.post('/api/app/subscription/cancel?lng=en', {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(atPaypal).toMatchObject({ status: 'SUSPENDED', statusReason: 'Renewal stopped by the member' });
    expect(await membershipOf(member)).toMatchObject({
      status: 'canceled',
      entitled: true,
      expiry_date: active.expiry_date,
      next_charge_date: null,
    });
    expect(await isPremium(member)).toBe(true);
    // PayPal tells of the suspension it was asked for: nothing changes.
    expect(
      (await deliver(await subscriptionEvent('BILLING.SUBSCRIPTION.SUSPENDED', reference))).statusCode,
    ).toBe(200);
    expect((await membershipOf(member)).status).toBe('canceled');

    // Its last paid day: the benefits end, and the renewal job cancels the subscription at PayPal.
    moveTo(active.expiry_date, 60_000);
    await logInAgain(member, email);
    expect(await isPremium(member)).toBe(false);
    const renewed = await sut.app.inject({
      method: 'POST',
      url: `/dev/subscription/renew?email=${encodeURIComponent(email)}`,
    });
    expect(renewed.json()).toMatchObject({ outcome: 'ended', subscription: { status: 'expired' } });
    expect(atPaypal.status).toBe('CANCELLED');
    expect(
      (await deliver(await subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', reference))).statusCode,
    ).toBe(200);
    expect((await membershipOf(member)).status).toBe('expired');
  });

  it('runs the trial from the member’s approval, as PayPal does, so the benefits last until PayPal’s first charge', async () => {
    // The member leaves PayPal's page open for two hours before approving.
    moveTo(new Date(), -2 * 60 * 60 * 1000);
    const member = await createMember(sut, 'Slow');
    const bought = await member.post('/api/app/subscription/buy?lng=en', {
      subscription_type: 'yearly',
      payment_method: 'paypal',
      idempotency_key: 'paypal-membership-slow',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const atPaypal = [...paypal.subscriptions.values()].find(
      (subscription) => subscription.customId === String(bought.json().subscription.id),
    );
    if (!atPaypal) throw new Error('no PayPal subscription was made for the membership');
    moveTo(new Date());
    paypal.approveSubscription(atPaypal.id);
    expect(
      (await deliver(await subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', atPaypal.id))).statusCode,
    ).toBe(200);

    const firstCharge = Date.parse(atPaypal.nextBillingTime as string);
    const { trial_end_date } = await membershipOf(member);
    expect(Math.abs(Date.parse(trial_end_date) - firstCharge)).toBeLessThan(5_000);
    moveTo(new Date(firstCharge), -60 * 60 * 1000);
    expect(await membershipOf(member)).toMatchObject({ status: 'trialing', entitled: true });
    expect(await isPremium(member)).toBe(true);
  });

  it('keeps a member whose renewal PayPal could not collect past due, with the benefits, until PayPal’s retry pays', async () => {
    const { member, email, started, reference } = await approvedMember('Retry');
    const atPaypal = paypal.subscriptions.get(reference);
    if (!atPaypal) throw new Error('no PayPal subscription');
    moveTo(atPaypal.nextBillingTime as string, 60_000);
    expect(
      (
        await deliver(
          paypal.signDelivery('PAYMENT.SALE.COMPLETED', paypal.collectSubscriptionPayment(reference), 'sale'),
        )
      ).statusCode,
    ).toBe(200);
    expect((await membershipOf(member)).status).toBe('active');

    // A year on, PayPal cannot collect the renewal.
    const renewal = atPaypal.nextBillingTime as string;
    moveTo(renewal, 60_000);
    await logInAgain(member, email);
    const failed = paypal.failSubscriptionPayment(reference, 'PAYER_CANNOT_PAY');
    const failure = paypal.signDelivery('BILLING.SUBSCRIPTION.PAYMENT.FAILED', failed, 'subscription');
    expect((await deliver(failure)).statusCode).toBe(200);
    expect((await deliver(failure)).statusCode).toBe(200);
    const pastDue = await membershipOf(member);
    expect(pastDue).toMatchObject({
      status: 'past_due',
      entitled: true,
      paid: false,
      retry_until: new Date(Date.parse(renewal) + 7 * DAY_MS).toISOString(),
    });
    expect(await isPremium(member)).toBe(true);
    const charges = await chargesOf(started.id);
    expect(charges.map((charge) => [charge.status, charge.reason, charge.amountCents])).toEqual([
      ['paid', null, 2490],
      ['failed', 'payer_cannot_pay', 2490],
    ]);

    // PayPal's retry a few days later collects it: active again, paid until the following year.
    const retried = new Date(Date.parse(renewal) + 5 * DAY_MS);
    moveTo(retried, 60_000);
    const sale = paypal.collectSubscriptionPayment(reference, retried);
    expect((await deliver(paypal.signDelivery('PAYMENT.SALE.COMPLETED', sale, 'sale'))).statusCode).toBe(200);
    expect(await membershipOf(member)).toMatchObject({
      status: 'active',
      entitled: true,
      paid: true,
      retry_until: null,
      expiry_date: new Date(atPaypal.nextBillingTime as string).toISOString(),
    });
    expect(atPaypal.nextBillingTime).toBe(renewal.replace(/^(\d{4})/, (year) => String(Number(year) + 1)));
  });

  it('suspends at PayPal when a past-due member cancels, with no paid days left to keep', async () => {
    const { member, reference } = await approvedMember('Lapse');
    const atPaypal = paypal.subscriptions.get(reference);
    if (!atPaypal) throw new Error('no PayPal subscription');
    const trialEnd = atPaypal.nextBillingTime as string;
    moveTo(trialEnd, 60_000);
    const failure = paypal.signDelivery(
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      paypal.failSubscriptionPayment(reference),
      'subscription',
    );
    expect((await deliver(failure)).statusCode).toBe(200);
    expect(await membershipOf(member)).toMatchObject({ status: 'past_due', entitled: true });

    const canceled = await member.post('/api/app/subscription/cancel?lng=en', {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(atPaypal.status).toBe('SUSPENDED');
    // Nothing was paid after the trial: no benefits are left to keep.
    const { trial_end_date } = await membershipOf(member);
    expect(await membershipOf(member)).toMatchObject({ status: 'canceled', expiry_date: trial_end_date });
    expect(await isPremium(member)).toBe(false);
  });

  it('gives a member without a trial nothing on approval, and ends the membership when PayPal cannot collect the first payment', async () => {
    moveTo(new Date());
    const member = await createMember(sut, 'Unpaid');
    const email = (await member.get('/api/app/user/info')).json().user.email as string;
    // The trial was used before: PayPal's plan without a trial bills the first year on approval.
    await claimTrial(sut.database.db, trialKey(email), clock.now());
    const bought = await member.post('/api/app/subscription/buy?lng=en', {
      subscription_type: 'yearly',
      payment_method: 'paypal',
      idempotency_key: 'paypal-membership-unpaid',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const started = bought.json().subscription;
    expect(started).toMatchObject({ entitled: false, trial_end_date: null });
    const atPaypal = [...paypal.subscriptions.values()].find(
      (subscription) => subscription.customId === String(started.id),
    );
    if (!atPaypal) throw new Error('no PayPal subscription was made for the membership');

    // Approving is not paying: no benefits yet.
    paypal.approveSubscription(atPaypal.id);
    expect(
      (await deliver(await subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', atPaypal.id))).statusCode,
    ).toBe(200);
    expect(await membershipOf(member)).toMatchObject({ entitled: false, next_charge_date: null });
    expect(await isPremium(member)).toBe(false);

    // PayPal cannot collect the first year: the membership ends, at PayPal too.
    moveTo(new Date(), 60_000);
    const failure = paypal.signDelivery(
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      paypal.failSubscriptionPayment(atPaypal.id, 'PAYER_CANNOT_PAY'),
      'subscription',
    );
    expect((await deliver(failure)).statusCode).toBe(200);
    expect((await deliver(failure)).statusCode).toBe(200);
    expect(await membershipOf(member)).toMatchObject({
      status: 'expired',
      entitled: false,
      retry_until: null,
    });
    expect(await isPremium(member)).toBe(false);
    expect(atPaypal.status).toBe('CANCELLED');
    const charges = await chargesOf(started.id);
    expect(charges.map((charge) => [charge.status, charge.reason])).toEqual([['failed', 'payer_cannot_pay']]);
  });
});
