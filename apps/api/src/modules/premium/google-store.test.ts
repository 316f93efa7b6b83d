import { users } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, memberId } from '../../test/factories.ts';
import {
  type FakeGooglePlay,
  GOOGLE_PLAY_TEST_APP,
  startFakeGooglePlay,
} from '../../test/fakes/google-play.ts';

const DAY = 86_400_000;
const PURCHASE_TOKEN = 'pjmfdkcgbbpokkhbgmmcfcnd.AO-J1OwTestTokenForSentieroPlusYearlyMembership';

let play: FakeGooglePlay;
let sut: TestApp;

beforeAll(async () => {
  play = await startFakeGooglePlay();
  sut = await createTestApp({
    GOOGLE_PLAY_PACKAGE: GOOGLE_PLAY_TEST_APP.packageName,
    GOOGLE_PLAY_PUSH_AUDIENCE: GOOGLE_PLAY_TEST_APP.audience,
    GOOGLE_PLAY_PUSH_ACCOUNT: GOOGLE_PLAY_TEST_APP.serviceAccountEmail,
    GOOGLE_PLAY_CLIENT_EMAIL: play.serviceAccount.clientEmail,
    GOOGLE_PLAY_PRIVATE_KEY: play.serviceAccount.privateKeyPem,
    GOOGLE_PLAY_API_BASE: play.server.url,
    GOOGLE_OAUTH_TOKEN_URL: play.tokenUrl,
    GOOGLE_OAUTH_CERTS_URL: play.certsUrl,
    GOOGLE_PRODUCT_YEARLY: 'sentiero_plus_yearly',
  });
});
afterAll(async () => {
  await sut.close();
  play.server.close();
});

/** purchases.subscriptionsv2.get of the member's yearly membership, as Google Play answers it. */
function purchase(accountToken: string, state: string, expiresAt: number) {
  return {
    regionCode: 'IT',
    startTime: new Date(Date.now() - DAY).toISOString(),
    subscriptionState: state,
    latestOrderId: 'GPA.3345-6789-0123-45678',
    acknowledgementState: 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED',
    externalAccountIdentifiers: { obfuscatedExternalAccountId: accountToken },
    lineItems: [
      {
        productId: 'sentiero_plus_yearly',
        expiryTime: new Date(expiresAt).toISOString(),
        autoRenewingPlan: {
          autoRenewEnabled: state === 'SUBSCRIPTION_STATE_ACTIVE',
          recurringPrice: { currencyCode: 'EUR', units: '24', nanos: 900000000 },
        },
        offerDetails: { basePlanId: 'yearly-autorenew', offerTags: [] },
        offerPhase: { basePrice: {} },
        latestSuccessfulOrderId: 'GPA.3345-6789-0123-45678',
      },
    ],
  };
}

const deliver = (notificationType: number, messageId?: string, purchaseToken = PURCHASE_TOKEN) => {
  const delivery = play.push(
    {
      version: '1.0',
      packageName: GOOGLE_PLAY_TEST_APP.packageName,
      eventTimeMillis: String(Date.now() - 1000),
      subscriptionNotification: { version: '1.0', notificationType, purchaseToken },
    },
    messageId ? { messageId } : {},
  );
  return sut.app.inject({
    method: 'POST',
    url: '/api/subscriptions/google/notifications',
    headers: delivery.headers,
    payload: delivery.body,
  });
};

describe('Sentiero+ bought in Google Play', () => {
  it('follows Google Play into the same membership; the web shows it, refuses to cancel or pause it, and it ends with the store', async () => {
    const member = await createMember(sut, 'Android');
    const [row] = await sut.database.db
      .select({ token: users.storeAccountToken })
      .from(users)
      .where(eq(users.id, await memberId(member)));
    const token = row?.token ?? '';
    const paidUntil = Date.now() + 365 * DAY;
    play.registerSubscription(PURCHASE_TOKEN, purchase(token, 'SUBSCRIPTION_STATE_ACTIVE', paidUntil));

    // SUBSCRIPTION_PURCHASED, delivered twice by Pub/Sub: applied once.
    expect((await deliver(4, '7001')).statusCode).toBe(200);
    expect((await deliver(4, '7001')).statusCode).toBe(200);
    let { subscription } = (await member.get('/api/app/subscription/info')).json();
    expect(subscription).toMatchObject({
      source: 'google',
      managed_by_store: true,
      subscription_type: 'yearly',
      entitled: true,
      expiry_date: new Date(paidUntil).toISOString(),
    });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(true);
    expect((await member.get('/api/app/permission')).json().permissions).toContain('premium_content');

    // SPEC section 4: cancelling must be done in that app.
    for (const action of ['cancel', 'suspend', 'payment-method']) {
      const refused = await member.post(`/api/app/subscription/${action}?lng=en`, {
        payment_method: 'sandbox',
      });
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json(), action).toMatchObject({
        code: 'MANAGED_BY_STORE',
        message: 'This membership was bought in a mobile app store: cancel or pause it in that app',
      });
    }

    // SUBSCRIPTION_EXPIRED: the store ended it, and the benefits go with it.
    play.registerSubscription(
      PURCHASE_TOKEN,
      purchase(token, 'SUBSCRIPTION_STATE_EXPIRED', Date.now() - 1000),
    );
    expect((await deliver(13)).statusCode).toBe(200);
    ({ subscription } = (await member.get('/api/app/subscription/info')).json());
    expect(subscription).toMatchObject({ status: 'expired', entitled: false });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(false);
    expect((await member.get('/api/app/permission')).json().permissions).not.toContain('premium_content');
  });

  it("keeps the benefits through Google's grace period, none on account hold, and gives them back on recovery", async () => {
    const member = await createMember(sut, 'Held');
    const [row] = await sut.database.db
      .select({ token: users.storeAccountToken })
      .from(users)
      .where(eq(users.id, await memberId(member)));
    const token = row?.token ?? '';
    const held = `${PURCHASE_TOKEN}-held`;
    const isPremium = async () => (await member.get('/api/app/user/info')).json().user.is_premium;
    play.registerSubscription(held, purchase(token, 'SUBSCRIPTION_STATE_ACTIVE', Date.now() + 30 * DAY));
    expect((await deliver(4, undefined, held)).statusCode).toBe(200);
    expect(await isPremium()).toBe(true);

    // SUBSCRIPTION_IN_GRACE_PERIOD: Google keeps access until the grace period's end.
    const graceEnd = Date.now() + 3 * DAY;
    play.registerSubscription(held, purchase(token, 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD', graceEnd));
    expect((await deliver(6, undefined, held)).statusCode).toBe(200);
    let { subscription } = (await member.get('/api/app/subscription/info')).json();
    expect(subscription).toMatchObject({
      status: 'past_due',
      entitled: true,
      retry_until: new Date(graceEnd).toISOString(),
    });

    // SUBSCRIPTION_ON_HOLD: Google has removed access while it retries; so does Sentiero.
    play.registerSubscription(held, purchase(token, 'SUBSCRIPTION_STATE_ON_HOLD', Date.now() - 1000));
    expect((await deliver(5, undefined, held)).statusCode).toBe(200);
    ({ subscription } = (await member.get('/api/app/subscription/info')).json());
    expect(subscription).toMatchObject({ status: 'past_due', entitled: false });
    expect(await isPremium()).toBe(false);
    expect((await member.get('/api/app/permission')).json().permissions).not.toContain('premium_content');

    // SUBSCRIPTION_RECOVERED: paid again, the benefits come back.
    const paidUntil = Date.now() + 365 * DAY;
    play.registerSubscription(held, purchase(token, 'SUBSCRIPTION_STATE_ACTIVE', paidUntil));
    expect((await deliver(1, undefined, held)).statusCode).toBe(200);
    ({ subscription } = (await member.get('/api/app/subscription/info')).json());
    expect(subscription).toMatchObject({
      status: 'active',
      entitled: true,
      expiry_date: new Date(paidUntil).toISOString(),
    });
    expect(await isPremium()).toBe(true);
  });
});
