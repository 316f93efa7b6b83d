import { randomUUID } from 'node:crypto';
import { users } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, memberId } from '../../test/factories.ts';
import { createFakeAppStore } from '../../test/fakes/app-store.ts';

const DAY = 86_400_000;
const BUNDLE_ID = 'it.sentiero.app';
const appStore = createFakeAppStore();
let sut: TestApp;

beforeAll(async () => {
  sut = await createTestApp({
    APPLE_BUNDLE_ID: BUNDLE_ID,
    APPLE_ENVIRONMENT: 'Sandbox',
    APPLE_ROOT_CERTIFICATES: appStore.rootPem,
  });
});
afterAll(() => sut.close());

/** An App Store server notification V2 about one purchase, signed by the test's chain. */
function notification(
  type: string,
  purchase: { originalTransactionId: string; accountToken: string; expiresDate: number; trial?: boolean },
  subtype?: string,
  renewalInfo: Record<string, unknown> = {},
) {
  const transaction = {
    transactionId: randomUUID(),
    originalTransactionId: purchase.originalTransactionId,
    bundleId: BUNDLE_ID,
    productId: 'it.sentiero.plus.yearly',
    purchaseDate: Date.now() - DAY,
    originalPurchaseDate: Date.now() - DAY,
    expiresDate: purchase.expiresDate,
    quantity: 1,
    type: 'Auto-Renewable Subscription',
    appAccountToken: purchase.accountToken,
    inAppOwnershipType: 'PURCHASED',
    signedDate: Date.now() - 1000,
    environment: 'Sandbox',
    ...(purchase.trial
      ? { offerType: 1, offerDiscountType: 'FREE_TRIAL', offerPeriod: 'P1W', price: 0 }
      : {}),
    currency: 'EUR',
  };
  const renewal = {
    originalTransactionId: purchase.originalTransactionId,
    autoRenewProductId: 'it.sentiero.plus.yearly',
    productId: 'it.sentiero.plus.yearly',
    autoRenewStatus: type === 'DID_CHANGE_RENEWAL_STATUS' && subtype === 'AUTO_RENEW_DISABLED' ? 0 : 1,
    signedDate: Date.now() - 1000,
    environment: 'Sandbox',
    ...renewalInfo,
  };
  const payload = {
    notificationType: type,
    subtype,
    notificationUUID: randomUUID(),
    data: {
      bundleId: BUNDLE_ID,
      environment: 'Sandbox',
      signedTransactionInfo: appStore.signJws(transaction),
      signedRenewalInfo: appStore.signJws(renewal),
      status: 1,
    },
    version: '2.0',
    signedDate: Date.now() - 1000,
  };
  return JSON.stringify({ signedPayload: appStore.signJws(payload) });
}

const deliver = (body: string) =>
  sut.app.inject({
    method: 'POST',
    url: '/api/subscriptions/apple/notifications',
    headers: { 'content-type': 'application/json' },
    payload: body,
  });

describe('Sentiero+ bought in the App Store', () => {
  it('follows the store: trial, renewal, renewal turned off; the web refuses to cancel it; then it expires', async () => {
    const member = await createMember(sut, 'Mela');
    const [row] = await sut.database.db
      .select({ token: users.storeAccountToken })
      .from(users)
      .where(eq(users.id, await memberId(member)));
    const purchase = {
      originalTransactionId: `2000${Date.now()}`,
      accountToken: row?.token as string,
      expiresDate: Date.now() + 7 * DAY,
      trial: true,
    };

    const started = notification('SUBSCRIBED', purchase, 'INITIAL_BUY');
    expect((await deliver(started)).statusCode).toBe(200);
    // The same delivery again changes nothing.
    expect((await deliver(started)).statusCode).toBe(200);
    let subscription = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(subscription).toMatchObject({
      status: 'trialing',
      source: 'apple',
      managed_by_store: true,
      entitled: true,
      payment_method: null,
    });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(true);

    const paidUntil = Date.now() + 372 * DAY;
    expect(
      (await deliver(notification('DID_RENEW', { ...purchase, trial: false, expiresDate: paidUntil })))
        .statusCode,
    ).toBe(200);
    subscription = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(subscription).toMatchObject({ status: 'active', expiry_date: new Date(paidUntil).toISOString() });

    // SPEC section 4: cancelling must be done in that app.
    for (const action of ['cancel', 'suspend']) {
      const refused = await member.post(`/api/app/subscription/${action}?lng=it`, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'MANAGED_BY_STORE' });
      expect(refused.json().message).toMatch(/app/);
    }

    const off = notification(
      'DID_CHANGE_RENEWAL_STATUS',
      { ...purchase, expiresDate: paidUntil },
      'AUTO_RENEW_DISABLED',
    );
    expect((await deliver(off)).statusCode).toBe(200);
    subscription = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(subscription).toMatchObject({ status: 'canceled', entitled: true });

    expect(
      (await deliver(notification('EXPIRED', { ...purchase, expiresDate: Date.now() - 1000 }, 'VOLUNTARY')))
        .statusCode,
    ).toBe(200);
    subscription = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(subscription).toMatchObject({ status: 'expired', entitled: false });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(false);
  });

  it("gives nothing for a trial Apple could not convert, until Apple's grace period or its recovery says so", async () => {
    const member = await createMember(sut, 'Unpaid');
    const [row] = await sut.database.db
      .select({ token: users.storeAccountToken })
      .from(users)
      .where(eq(users.id, await memberId(member)));
    const trialEnd = Date.now() + 1000;
    const purchase = {
      originalTransactionId: `2001${Date.now()}`,
      accountToken: row?.token as string,
      expiresDate: trialEnd,
      trial: true,
    };
    const isPremium = async () => (await member.get('/api/app/user/info')).json().user.is_premium;
    expect((await deliver(notification('SUBSCRIBED', purchase, 'INITIAL_BUY'))).statusCode).toBe(200);
    expect(await isPremium()).toBe(true);

    // The trial's first charge fails and Apple retries without a grace period: no access.
    const retrying = { isInBillingRetryPeriod: true };
    expect((await deliver(notification('DID_FAIL_TO_RENEW', purchase, undefined, retrying))).statusCode).toBe(
      200,
    );
    let subscription = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(subscription).toMatchObject({ status: 'past_due', entitled: false });
    expect(await isPremium()).toBe(false);

    // With a billing grace period, access lasts until its end.
    const graceEnd = Date.now() + 6 * DAY;
    const grace = { ...retrying, gracePeriodExpiresDate: graceEnd };
    expect(
      (await deliver(notification('DID_FAIL_TO_RENEW', purchase, 'GRACE_PERIOD', grace))).statusCode,
    ).toBe(200);
    subscription = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(subscription).toMatchObject({
      status: 'past_due',
      entitled: true,
      retry_until: new Date(graceEnd).toISOString(),
    });

    // The grace period is over, Apple goes on retrying: access ends, the membership does not.
    expect((await deliver(notification('GRACE_PERIOD_EXPIRED', purchase, undefined, grace))).statusCode).toBe(
      200,
    );
    subscription = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(subscription).toMatchObject({ status: 'past_due', entitled: false });

    // Billing recovered: a paid year.
    const paidUntil = Date.now() + 365 * DAY;
    const recovered = { ...purchase, trial: false, expiresDate: paidUntil };
    expect((await deliver(notification('DID_RENEW', recovered, 'BILLING_RECOVERY'))).statusCode).toBe(200);
    subscription = (await member.get('/api/app/subscription/info')).json().subscription;
    expect(subscription).toMatchObject({ status: 'active', entitled: true });
    expect(await isPremium()).toBe(true);
  });

  it('refuses a notification signed by anyone but the App Store, and changes nothing', async () => {
    const stranger = createFakeAppStore();
    const member = await createMember(sut, 'Forger');
    const [row] = await sut.database.db
      .select({ token: users.storeAccountToken })
      .from(users)
      .where(eq(users.id, await memberId(member)));
    const forged = JSON.stringify({
      signedPayload: stranger.signJws({
        notificationType: 'SUBSCRIBED',
        notificationUUID: randomUUID(),
        data: { bundleId: BUNDLE_ID, environment: 'Sandbox', signedTransactionInfo: 'x.y.z' },
        token: row?.token,
      }),
    });
    const response = await deliver(forged);
    expect(response.statusCode).toBe(400);
    for (const body of ['', '{', '{"signedPayload":42}', JSON.stringify({ signedPayload: 'a.b.c' })]) {
      const bad = await deliver(body);
      expect(bad.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, body).toBeLessThan(500);
    }
    expect((await member.get('/api/app/subscription/info')).json().subscription).toBeNull();
    expect((await createBrowser(sut).post('/api/subscriptions/google/notifications', {})).statusCode).toBe(
      404,
    );
  });
});
