import { subscriptions, users } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBrowser } from '../../test/app.ts';
import { createMember } from '../../test/factories.ts';
import {
  CARD,
  clock,
  DAY,
  DECLINED,
  info,
  premium,
  START,
  setUpSandboxMemberships,
  subscribe,
  sut,
} from '../../test/sandbox-membership.ts';

/* Sentiero+ on the sandbox, bought through the API: the plans, the trial, the purchase's refusals. */

setUpSandboxMemberships();

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
