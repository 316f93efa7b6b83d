import { sandboxBillingCharges, subscriptionCharges, subscriptions, users } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxBilling } from '../../platform/billing/sandbox.ts';
import { loadConfig } from '../../platform/config.ts';
import { createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember } from '../../test/factories.ts';
import { openCharge, PENDING_CHARGE_LEASE_MS } from './charges-repo.ts';
import type { BillingContext } from './notices.ts';
import { runRenewals } from './renewals.ts';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-11-25T08:00:00.000Z');
const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
const FAILS_ON_CHARGE = { ...CARD, number: '4000000000000341' };
const DECLINED = { ...CARD, number: '4000000000000002' };

/** What the app reads: the clock of the test that is running. */
const appClock = createClockSwitch();
/** Each test's own clock, at START when the test begins; the test moves it. */
let clock: TestClock;
beforeEach(() => {
  clock = appClock.use(createTestClock(START));
});

let sut: TestApp;
let serial = 0;

beforeAll(async () => {
  // The clock runs over a year: sessions must outlast it.
  sut = await createTestApp({ SESSION_DAYS: '365', SESSION_MAX_DAYS: '3650' }, { clock: appClock });
});
afterAll(() => sut.close());

type Browser = Awaited<ReturnType<typeof createMember>>;

async function subscribe(browser: Browser, card = CARD, subscription_type = 'yearly') {
  return browser.post('/api/app/subscription/buy?lng=en', {
    subscription_type,
    payment_method: 'sandbox',
    card,
    idempotency_key: `plus-${++serial}-${clock.ms()}`,
  });
}

/** Every charge of a membership, in the order they were written. */
const chargesOf = (subscriptionId: number) =>
  sut.database.db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(subscriptionCharges.id);
const membershipRows = (id: number) =>
  sut.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));

const info = async (browser: Browser) =>
  (await browser.get('/api/app/subscription/info')).json().subscription;
const premium = async (browser: Browser) => (await browser.get('/api/app/user/info')).json().user.is_premium;

const config = loadConfig({ NODE_ENV: 'test' });
/** What the renewal job runs with outside a request; its mails are not what these tests read. */
const billing = (): BillingContext => ({
  db: sut.database.db,
  clock,
  config,
  mail: { send: async () => {}, deliver: async () => {} },
  origin: 'http://localhost',
  log: sut.app.log,
});

/** The renewal job as the schedule runs it, on this app's database and clock. */
const renew = () =>
  runRenewals(billing(), {
    providers: { sandbox: sandboxBilling(sut.database.db, { now: clock.now }) },
    receipts: { written() {} },
  });

describe('Sentiero+ plans', () => {
  it('offers the yearly and monthly plans with the free trial, VAT included, in euro', async () => {
    const response = await (await createMember(sut, 'Prezzi')).get('/api/app/subscription/price');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      plans: [
        { subscription_type: 'yearly', price_cents: 2490, currency: 'EUR', trial_days: 7 },
        { subscription_type: 'monthly', price_cents: 299, currency: 'EUR', trial_days: 7 },
      ],
      trial_available: true,
    });
  });
});

describe('Sentiero+ subscribing', () => {
  it('starts the 7-day trial at once: premium now, first charge at its end, nothing charged yet', async () => {
    const member = await createMember(sut, 'Trial');
    expect(await premium(member)).toBe(false);
    const response = await subscribe(member);
    expect(response.statusCode).toBe(200);
    const { subscription } = response.json();
    expect(subscription).toMatchObject({
      status: 'trialing',
      source: 'web',
      subscription_type: 'yearly',
      price: 2490,
      trial_end_date: new Date(START + 7 * DAY).toISOString(),
      expiry_date: new Date(START + 7 * DAY).toISOString(),
      next_charge_date: new Date(START + 7 * DAY).toISOString(),
      last_payment: null,
      paid: false,
      entitled: true,
      payment_label: 'Visa •••• 4242',
      managed_by_store: false,
    });
    expect(await premium(member)).toBe(true);
    const permissions = (await member.get('/api/app/permission')).json();
    expect(permissions.permissions).toEqual(
      expect.arrayContaining(['premium_content', 'no_ads', 'full_growth_table']),
    );
  });

  it('asks a visitor to log in, and refuses bad input with a 4xx and nothing written', async () => {
    const visitor = createBrowser(sut);
    const anonymous = await visitor.post('/api/app/subscription/buy?lng=en', {
      subscription_type: 'yearly',
      payment_method: 'sandbox',
      card: CARD,
      idempotency_key: 'visitor-key-1',
    });
    expect(anonymous.statusCode).toBe(401);
    const member = await createMember(sut, 'Typo');
    for (const body of [
      { subscription_type: 'weekly', payment_method: 'sandbox', card: CARD, idempotency_key: 'bad-plan-1' },
      { subscription_type: 'yearly', payment_method: 'bitcoin', card: CARD, idempotency_key: 'bad-method-1' },
      { subscription_type: 'yearly', payment_method: 'card', card: CARD, idempotency_key: 'no-stripe-1' },
      {
        subscription_type: 'yearly',
        payment_method: 'sandbox',
        card: DECLINED,
        idempotency_key: 'declined-1',
      },
      { subscription_type: 'yearly', payment_method: 'sandbox', idempotency_key: 'no-card-1' },
    ]) {
      const response = await member.post('/api/app/subscription/buy?lng=en', body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await info(member)).toBeNull();
    // The declined card gave the trial back: a good card still gets it.
    const good = await subscribe(member);
    expect(good.json().subscription.trial_end_date).not.toBeNull();
  });

  it('makes one membership per idempotency key, and refuses a second one', async () => {
    const member = await createMember(sut, 'Twice');
    const body = {
      subscription_type: 'monthly',
      payment_method: 'sandbox',
      card: CARD,
      idempotency_key: 'same-key-123',
    };
    const [first, again] = await Promise.all([
      member.post('/api/app/subscription/buy?lng=en', body),
      member.post('/api/app/subscription/buy?lng=en', body),
    ]);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription.id).toBe(first.json().subscription.id);
    const other = await subscribe(member);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('ALREADY_SUBSCRIBED');
  });

  it('refuses a replayed key that asks for another plan or way of paying, and writes nothing', async () => {
    const member = await createMember(sut, 'Replay');
    const body = {
      subscription_type: 'yearly',
      payment_method: 'sandbox',
      card: CARD,
      idempotency_key: 'replayed-key-123',
    };
    const first = await member.post('/api/app/subscription/buy?lng=en', body);
    expect(first.statusCode).toBe(200);
    for (const changed of [
      { ...body, subscription_type: 'monthly' },
      { ...body, payment_method: 'paypal' },
    ]) {
      const again = await member.post('/api/app/subscription/buy?lng=en', changed);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This request was already used for a different purchase: reload the page and try again',
      });
    }
    const { user } = (await member.get('/api/app/user/info')).json();
    const rows = await sut.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows.map((row) => row.planType)).toEqual(['yearly']);
  });

  it('gives one trial per person ever: not after cancelling, nor to a re-created account', async () => {
    const member = await createMember(sut, 'Again');
    const { id, email } = (await member.get('/api/app/user/info')).json().user as {
      id: number;
      email: string;
    };
    await subscribe(member);
    expect((await member.post('/api/app/subscription/cancel?lng=en', {})).statusCode).toBe(200);
    // The trial ends with nothing charged; the same address in a new account gets no new trial.
    await sut.database.db
      .update(subscriptions)
      .set({ status: 'expired' })
      .where(eq(subscriptions.userId, id));
    await sut.database.db
      .update(users)
      .set({ email: null, deletedAt: clock.now() })
      .where(eq(users.email, email));
    const reborn = await createMember(sut, 'Reborn');
    await sut.database.db
      .update(users)
      .set({ email: email.toUpperCase() })
      .where(eq(users.id, (await reborn.get('/api/app/user/info')).json().user.id));
    const plans = (await reborn.get('/api/app/subscription/price')).json();
    expect(plans.trial_available).toBe(false);
    expect(plans.plans[0].trial_days).toBe(0);
    // Without a trial the first year is charged at once.
    const bought = (await subscribe(reborn)).json().subscription;
    expect(bought).toMatchObject({ status: 'active', paid: true, trial_end_date: null, entitled: true });
    expect(bought.last_payment).toEqual({ date: clock.now().toISOString(), amount_cents: 2490 });
  });
});

describe('Sentiero+ renewals (the scheduled job, fixed clock)', () => {
  it('charges at the trial end, then renews a year later, once per period', async () => {
    const member = await createMember(sut, 'Renew');
    const { subscription } = (await subscribe(member)).json();
    clock.at(6);
    expect((await renew()).charged).toBe(0);
    clock.at(7.01);
    const report = await renew();
    expect(report.charged).toBeGreaterThanOrEqual(1);
    const active = await info(member);
    expect(active).toMatchObject({ status: 'active', paid: true, entitled: true });
    expect(subscription.trial_end_date).toBe('2026-12-02T08:00:00.000Z');
    expect(active.expiry_date).toBe('2027-12-02T08:00:00.000Z');
    // Running the job again the same day charges nothing more.
    await renew();
    const charges = await chargesOf(subscription.id);
    expect(charges.filter((charge) => charge.status === 'paid')).toHaveLength(1);
    expect(charges[0]?.receiptNumber).toMatch(/^SP-2026-\d{7}$/);
  });

  it('retries a failed renewal 3 times over 7 days, keeps the benefits meanwhile, then expires', async () => {
    const member = await createMember(sut, 'Broke');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    const trialEnd = Date.parse(subscription.trial_end_date);
    clock.set(trialEnd + 60_000);
    await renew();
    let state = await info(member);
    expect(state).toMatchObject({ status: 'past_due', entitled: true, paid: false });
    expect(state.retry_until).toBe(new Date(trialEnd + 60_000 + 7 * DAY).toISOString());
    expect(await premium(member)).toBe(true);
    for (const day of [1, 3]) {
      clock.set(trialEnd + 60_000 + day * DAY + 60_000);
      await renew();
      state = await info(member);
      expect(state.status).toBe('past_due');
    }
    clock.set(trialEnd + 60_000 + 6 * DAY + 60_000);
    await renew();
    state = await info(member);
    expect(state).toMatchObject({ status: 'expired', entitled: false });
    expect(await premium(member)).toBe(false);
    const attempts = await chargesOf(subscription.id);
    expect(attempts.map((charge) => [charge.attempt, charge.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
      [4, 'failed'],
    ]);
  });

  it('recovers from past due when the member gives a working card', async () => {
    const member = await createMember(sut, 'Fixed');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    expect((await info(member)).status).toBe('past_due');
    const changed = await member.post('/api/app/subscription/payment-method?lng=en', {
      payment_method: 'sandbox',
      card: CARD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      status: 'active',
      paid: true,
      payment_label: 'Visa •••• 4242',
    });
  });

  it('keeps a past-due membership and its retries when the card the member gives is refused too', async () => {
    const member = await createMember(sut, 'Tries');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const pastDue = await info(member);
    expect(pastDue.status).toBe('past_due');
    // More refused cards than the renewal has retries: none of them may end the membership.
    for (let attempt = 0; attempt < 4; attempt++) {
      const refused = await member.post('/api/app/subscription/payment-method?lng=en', {
        payment_method: 'sandbox',
        card: FAILS_ON_CHARGE,
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().code).toBe('PAYMENT_DECLINED');
    }
    expect(await info(member)).toEqual(pastDue);
    expect(await premium(member)).toBe(true);
    const fixed = await member.post('/api/app/subscription/payment-method?lng=en', {
      payment_method: 'sandbox',
      card: CARD,
    });
    expect(fixed.json().subscription).toMatchObject({ status: 'active', payment_label: 'Visa •••• 4242' });
  });

  it('charges a past-due period once when two new cards are sent at the same moment', async () => {
    const member = await createMember(sut, 'Twice');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    // PGlite answers one request at a time; on PostgreSQL the two really meet (and without the
    // claim of the row both cards were charged).
    const change = () =>
      member.post('/api/app/subscription/payment-method?lng=en', { payment_method: 'sandbox', card: CARD });
    const answers = await Promise.all([change(), change()]);
    // One pays; the other is refused, or (when it came second) saves its card on the paid membership.
    expect(answers.map((answer) => answer.statusCode)).toContain(200);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const paid = await chargesOf(subscription.id);
    expect(paid.filter((charge) => charge.status === 'paid')).toHaveLength(1);
  });

  it('holds a period to one charge: a new card waits for the charge in flight, and the job for the new card', async () => {
    const member = await createMember(sut, 'Inflight');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const [row] = await membershipRows(subscription.id);
    if (!row) throw new Error('no membership');
    const change = () =>
      member.post('/api/app/subscription/payment-method?lng=en', { payment_method: 'sandbox', card: CARD });

    // The renewal job is asking the provider for this period's second attempt right now.
    const inFlight = `sub-${row.id}-${row.periodEnd.toISOString()}-2`;
    await openCharge(
      sut.database.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: 2,
        idempotencyKey: inFlight,
        amountCents: 2490,
      },
      clock.now(),
    );
    const refused = await change();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOT_ALLOWED_NOW');
    expect((await info(member)).status).toBe('past_due');
    expect((await chargesOf(row.id)).filter((charge) => charge.status === 'paid')).toHaveLength(0);

    // A charge still pending after the lease was left by a process that died: it holds nothing.
    clock.set(clock.ms() + PENDING_CHARGE_LEASE_MS + 60_000);
    const fixed = await change();
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().subscription.status).toBe('active');
    const charges = await chargesOf(row.id);
    expect(charges.find((charge) => charge.idempotencyKey === inFlight)).toMatchObject({
      status: 'failed',
      reason: 'interrupted',
    });
    expect(charges.filter((charge) => charge.status === 'paid')).toHaveLength(1);

    // A request that read the membership while it was past due cannot charge the paid period again.
    const stale = await openCharge(
      sut.database.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: 2,
        idempotencyKey: `sub-${row.id}-${row.periodEnd.toISOString()}-method-late`,
        amountCents: 2490,
      },
      clock.now(),
    );
    expect(stale).toBeUndefined();
  });

  it('leaves a past-due period to the new card being charged when the renewal job comes round', async () => {
    const member = await createMember(sut, 'Jobwaits');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const [row] = await membershipRows(subscription.id);
    if (!row?.nextChargeAt) throw new Error('no retry planned');
    clock.set(row.nextChargeAt.getTime() + 60_000);
    // The member's new card is being charged for this period as the job runs.
    await openCharge(
      sut.database.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: 2,
        idempotencyKey: `sub-${row.id}-${row.periodEnd.toISOString()}-method-card`,
        amountCents: 2490,
      },
      clock.now(),
    );
    const report = await renew();
    expect(report.errors).toBe(0);
    const charges = await chargesOf(row.id);
    expect(charges.map((charge) => charge.status).sort()).toEqual(['failed', 'pending']);
    expect((await info(member)).status).toBe('past_due');
  });

  it('never charges a period twice, even when the job dies between the charge and its record', async () => {
    const member = await createMember(sut, 'Crash');
    const { subscription } = (await subscribe(member)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    const real = sandboxBilling(sut.database.db, { now: clock.now });
    // The provider takes the money, then the process "dies" before Sentiero writes it down.
    const dying = {
      ...real,
      async charge(input: Parameters<NonNullable<typeof real.charge>>[0]) {
        await real.charge?.(input);
        throw new Error('worker killed');
      },
    };
    const crashed = await runRenewals(billing(), {
      providers: { sandbox: dying },
      receipts: { written() {} },
    });
    expect(crashed.errors).toBeGreaterThanOrEqual(1);
    expect((await info(member)).status).toBe('trialing');
    await renew();
    expect((await info(member)).status).toBe('active');
    const ledger = await sut.database.db
      .select()
      .from(sandboxBillingCharges)
      .where(
        eq(sandboxBillingCharges.idempotencyKey, `sub-${subscription.id}-${subscription.trial_end_date}-1`),
      );
    expect(ledger).toHaveLength(1);
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.status).toBe('paid');
  });
});

describe('Sentiero+ member actions', () => {
  it('waits to cancel while the renewal job is charging the period, so the member is never charged for a year they stopped', async () => {
    const member = await createMember(sut, 'Midcharge');
    const { subscription } = (await subscribe(member)).json();
    const [row] = await membershipRows(subscription.id);
    if (!row) throw new Error('no membership');
    // The job has written its charge row and is asking the provider.
    const charge = await openCharge(
      sut.database.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: 1,
        idempotencyKey: `sub-${row.id}-${row.periodEnd.toISOString()}-1`,
        amountCents: 2490,
      },
      clock.now(),
    );
    const refused = await member.post('/api/app/subscription/cancel?lng=en');
    expect(refused.statusCode).toBe(409);
    expect((await info(member)).status).toBe('trialing');
    // Settled (here: declined), the member may cancel.
    await sut.database.db
      .update(subscriptionCharges)
      .set({ status: 'failed', reason: 'card_declined' })
      .where(eq(subscriptionCharges.id, charge?.id ?? 0));
    const canceled = await member.post('/api/app/subscription/cancel?lng=en');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().subscription.status).toBe('canceled');
  });

  it('cancelled stays until the last paid day, can be undone until then, then expires', async () => {
    const member = await createMember(sut, 'Cancel');
    const { subscription } = (await subscribe(member)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const paidUntil = Date.parse((await info(member)).expiry_date);
    clock.at(30);
    const canceled = (await member.post('/api/app/subscription/cancel?lng=en', {})).json().subscription;
    expect(canceled).toMatchObject({
      status: 'canceled',
      entitled: true,
      next_charge_date: null,
      paid: true,
    });
    const undone = (await member.post('/api/app/subscription/uncancel?lng=en', {})).json().subscription;
    expect(undone).toMatchObject({ status: 'active', next_charge_date: new Date(paidUntil).toISOString() });
    await member.post('/api/app/subscription/cancel?lng=en', {});
    clock.set(paidUntil - 60_000);
    await renew();
    expect(await premium(member)).toBe(true);
    clock.set(paidUntil + 60_000);
    await renew();
    expect(await info(member)).toMatchObject({ status: 'expired', entitled: false });
    expect(await premium(member)).toBe(false);
    const late = await member.post('/api/app/subscription/uncancel?lng=en', {});
    expect(late.statusCode).toBe(409);
    // Nothing was charged after the cancellation.
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(1);
  });

  it('suspends with no charge and no benefits, and resumes with the days that were left', async () => {
    const member = await createMember(sut, 'Pause');
    const { subscription } = (await subscribe(member, CARD, 'monthly')).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const paidUntil = Date.parse((await info(member)).expiry_date);
    const suspendedAt = clock.ms() + 10 * DAY;
    clock.set(suspendedAt);
    const suspended = (await member.post('/api/app/subscription/suspend?lng=en', {})).json().subscription;
    expect(suspended).toMatchObject({ status: 'suspended', entitled: false, next_charge_date: null });
    expect(await premium(member)).toBe(false);
    clock.set(suspendedAt + 60 * DAY);
    await renew();
    expect((await info(member)).status).toBe('suspended');
    const resumed = (await member.post('/api/app/subscription/resume?lng=en', {})).json().subscription;
    expect(resumed).toMatchObject({ status: 'active', entitled: true });
    expect(Date.parse(resumed.expiry_date)).toBe(clock.ms() + (paidUntil - suspendedAt));
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(1);
  });

  it("answers a refused action with its reason, and never touches another member's membership", async () => {
    const member = await createMember(sut, 'Nobody');
    const none = await member.post('/api/app/subscription/cancel?lng=en', {});
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NOT_ALLOWED_NOW');
    await subscribe(member);
    const trialSuspend = await member.post('/api/app/subscription/suspend?lng=en', {});
    expect(trialSuspend.statusCode).toBe(409);
    const other = await createMember(sut, 'Other');
    expect((await other.post('/api/app/subscription/cancel?lng=en', {})).statusCode).toBe(409);
    expect((await info(member)).status).toBe('trialing');
  });

  it('acts on a membership whose updated_at has microseconds, as PostgreSQL writes now()', async () => {
    const member = await createMember(sut, 'Micro');
    const { subscription } = (await subscribe(member)).json();
    // PGlite's clock has milliseconds only; PostgreSQL's default now() has microseconds, which a
    // JS Date read back from the row does not keep.
    await sut.database.db
      .update(subscriptions)
      .set({ updatedAt: sql`${subscriptions.updatedAt} + interval '456 microseconds'` })
      .where(eq(subscriptions.id, subscription.id));
    clock.at(1);
    const canceled = await member.post('/api/app/subscription/cancel?lng=en', {});
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().subscription.status).toBe('canceled');
  });
});

describe('Sentiero+ and a deleted account', () => {
  it('ends the membership with the account: nothing is charged afterwards', async () => {
    const member = await createMember(sut, 'Addio');
    const { subscription } = (await subscribe(member)).json();
    const deleted = await member.post('/api/app/user/delete?lng=en', { password: 'Trota2026' });
    expect(deleted.statusCode).toBe(200);
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const [row] = await membershipRows(subscription.id);
    expect(row?.status).toBe('expired');
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(0);
  });
});

describe('Sentiero+ mails', () => {
  it('tells the member by mail, in their language: the trial, the reminder, the receipt with its PDF, a failure', async () => {
    const member = await createMember(sut, 'Posta');
    const email = (await member.get('/api/app/user/info')).json().user.email as string;
    await sut.database.db.update(users).set({ language: 'it' }).where(eq(users.email, email));
    // Other tests' members share the database: only this member's mails are read.
    const sent: { to: string; subject: string; text: string }[] = [];
    const capture = {
      send: async (mail: (typeof sent)[number]) => {
        if (mail.to === email) sent.push(mail);
      },
      deliver: async () => {},
    };
    const renewWithMail = () =>
      runRenewals(
        { ...billing(), mail: capture },
        {
          providers: { sandbox: sandboxBilling(sut.database.db, { now: clock.now }) },
          receipts: { written() {} },
        },
      );

    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    // The account's own welcome mail comes first; the membership's follows it.
    const welcome = (await waitForMail(sut, email, 2)).find((mail) => /Sentiero\+/.test(mail.subject));
    expect(welcome).toBeDefined();
    expect(welcome?.text).toContain('24,90');

    clock.set(Date.parse(subscription.trial_end_date) - 3 * DAY + 60_000);
    await renewWithMail();
    expect(sent.map((mail) => mail.to)).toEqual([email]);
    expect(sent[0]?.text).toContain('24,90');

    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renewWithMail();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).not.toBe(sent[0]?.subject);

    // A working card: charged at once, the receipt goes with a PDF.
    await member.post('/api/app/subscription/payment-method?lng=it', {
      payment_method: 'sandbox',
      card: CARD,
    });
    const mails = await waitForMail(sut, email, 3);
    const receipt = mails.find((mail) => /SP-2026-\d{7}/.test(mail.text));
    expect(receipt?.text).toMatch(/SP-2026-\d{7}/);
    expect(receipt?.text).toMatch(/\[attachment: [a-z-]+-SP-2026-\d{7}\.pdf\]/);
  });
});
