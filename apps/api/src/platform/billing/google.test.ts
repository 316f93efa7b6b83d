import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeGooglePlay,
  GOOGLE_PLAY_TEST_APP,
  startFakeGooglePlay,
} from '../../test/fakes/google-play.ts';
import { type GoogleNotificationsConfig, googleNotifications } from './google.ts';
import { StoreNotificationError, type StoreNotificationVerifier } from './store.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const PURCHASE_TOKEN = 'kbfmhoecmjpnhkhndcgdbdjo.AO-J1OzP2zq7lKv9m3yYh0cE8x2vTtT4pQrS5wXyZaBcDeFgHiJkLmN';
const expiryTime = new Date(Date.now() + 30 * DAY);

let play: FakeGooglePlay;
let clock: Date;
let sut: StoreNotificationVerifier;

function makeVerifier(overrides: Partial<GoogleNotificationsConfig> = {}) {
  return googleNotifications({
    packageName: GOOGLE_PLAY_TEST_APP.packageName,
    audience: GOOGLE_PLAY_TEST_APP.audience,
    serviceAccountEmail: GOOGLE_PLAY_TEST_APP.serviceAccountEmail,
    certsUrl: play.certsUrl,
    api: { baseUrl: play.server.url, tokenUrl: play.tokenUrl, ...play.serviceAccount },
    products: { sentiero_plus_yearly: 'yearly', sentiero_plus_monthly: 'monthly' },
    now: () => clock,
    ...overrides,
  });
}

// purchases.subscriptionsv2.get of a yearly membership, as Google Play answers it.
const activePurchase = {
  regionCode: 'IT',
  startTime: new Date(Date.now() - 3 * DAY).toISOString(),
  subscriptionState: 'SUBSCRIPTION_STATE_ACTIVE',
  latestOrderId: 'GPA.3345-6789-0123-45678',
  acknowledgementState: 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED',
  externalAccountIdentifiers: { obfuscatedExternalAccountId: '5f0c8a2e-1b7d-4c3e-9a61-2d4f8e0b7c19' },
  lineItems: [
    {
      productId: 'sentiero_plus_yearly',
      expiryTime: expiryTime.toISOString(),
      autoRenewingPlan: {
        autoRenewEnabled: true,
        recurringPrice: { currencyCode: 'EUR', units: '39', nanos: 990000000 },
      },
      offerDetails: { basePlanId: 'yearly-autorenew', offerTags: [] },
      offerPhase: { basePrice: {} },
      latestSuccessfulOrderId: 'GPA.3345-6789-0123-45678',
    },
  ],
};

function subscriptionNotification(notificationType: number, purchaseToken = PURCHASE_TOKEN) {
  return {
    version: '1.0',
    packageName: GOOGLE_PLAY_TEST_APP.packageName,
    eventTimeMillis: String(Date.now() - 2000),
    subscriptionNotification: { version: '1.0', notificationType, purchaseToken },
  };
}

const parse = (delivery: { body: string; headers: Record<string, string> }, verifier = sut) =>
  verifier.parse(Buffer.from(delivery.body), delivery.headers);
const refusal = (delivery: { body: string; headers: Record<string, string> }, verifier = sut) =>
  expect(parse(delivery, verifier)).rejects.toThrow(StoreNotificationError);

beforeAll(async () => {
  play = await startFakeGooglePlay();
  play.now = () => clock;
  play.registerSubscription(PURCHASE_TOKEN, activePurchase);
});
afterAll(() => play.server.close());
beforeEach(() => {
  clock = new Date();
  sut = makeVerifier();
});

describe('Google Play real-time developer notifications', () => {
  it('reads a verified SUBSCRIPTION_PURCHASED from the subscription Google Play holds', async () => {
    const notification = subscriptionNotification(4);
    const delivery = play.push(notification, { messageId: '2070443601311540' });
    expect(await parse(delivery)).toEqual({
      source: 'google',
      notificationId: '2070443601311540',
      storeReference: PURCHASE_TOKEN,
      accountToken: '5f0c8a2e-1b7d-4c3e-9a61-2d4f8e0b7c19',
      productId: 'sentiero_plus_yearly',
      planType: 'yearly',
      kind: 'started',
      expiresAt: expiryTime,
      graceUntil: null,
      inTrial: false,
      at: new Date(Number(notification.eventTimeMillis)),
    });
  });

  it.each([
    [1, 'renewed'],
    [2, 'renewed'],
    [3, 'renewal_off'],
    [4, 'started'],
    [5, 'renewal_failed'],
    [6, 'renewal_failed'],
    [7, 'renewal_on'],
    [8, 'other'],
    [9, 'other'],
    [10, 'paused'],
    [11, 'other'],
    [12, 'refunded'],
    [13, 'expired'],
    [20, 'other'],
  ])('reads notificationType %i as %s', async (type, kind) => {
    expect(await parse(play.push(subscriptionNotification(type)))).toMatchObject({
      kind,
      storeReference: PURCHASE_TOKEN,
    });
  });

  it("gives access through Google's grace period only, and none on account hold", async () => {
    const graceToken = 'grace-token-1';
    const graceEnd = new Date(Date.now() + 3 * DAY);
    play.registerSubscription(graceToken, {
      ...activePurchase,
      subscriptionState: 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD',
      lineItems: [{ ...activePurchase.lineItems[0], expiryTime: graceEnd.toISOString() }],
    });
    expect(await parse(play.push(subscriptionNotification(6, graceToken)))).toMatchObject({
      kind: 'renewal_failed',
      graceUntil: graceEnd,
    });
    const heldToken = 'hold-token-1';
    play.registerSubscription(heldToken, {
      ...activePurchase,
      subscriptionState: 'SUBSCRIPTION_STATE_ON_HOLD',
      lineItems: [{ ...activePurchase.lineItems[0], expiryTime: new Date(Date.now() - DAY).toISOString() }],
    });
    expect(await parse(play.push(subscriptionNotification(5, heldToken)))).toMatchObject({
      kind: 'renewal_failed',
      graceUntil: null,
    });
  });

  it('reads a free trial from the offer phase, while it runs', async () => {
    const trialToken = 'trial-token-1';
    const item = activePurchase.lineItems[0];
    play.registerSubscription(trialToken, {
      ...activePurchase,
      lineItems: [
        {
          ...item,
          offerDetails: { basePlanId: 'yearly-autorenew', offerId: 'free-week' },
          offerPhase: { freeTrial: {} },
        },
      ],
    });
    expect(await parse(play.push(subscriptionNotification(4, trialToken)))).toMatchObject({ inTrial: true });

    const endedToken = 'trial-token-ended';
    play.registerSubscription(endedToken, {
      ...activePurchase,
      subscriptionState: 'SUBSCRIPTION_STATE_EXPIRED',
      lineItems: [
        { ...item, expiryTime: new Date(Date.now() - DAY).toISOString(), offerPhase: { freeTrial: {} } },
      ],
    });
    expect(await parse(play.push(subscriptionNotification(13, endedToken)))).toMatchObject({
      kind: 'expired',
      inTrial: false,
    });
  });

  it('reads no account token when the app passed none', async () => {
    play.registerSubscription('anonymous-token', {
      ...activePurchase,
      externalAccountIdentifiers: undefined,
    });
    expect(await parse(play.push(subscriptionNotification(2, 'anonymous-token')))).toMatchObject({
      accountToken: null,
    });
  });

  it('answers null to test notifications and one-time products, without asking Google Play', async () => {
    const before = play.requestsTo('/androidpublisher').length;
    const test = {
      version: '1.0',
      packageName: GOOGLE_PLAY_TEST_APP.packageName,
      eventTimeMillis: '1747000000000',
      testNotification: { version: '1.0' },
    };
    expect(await parse(play.push(test))).toBeNull();
    const oneTime = {
      version: '1.0',
      packageName: GOOGLE_PLAY_TEST_APP.packageName,
      eventTimeMillis: '1747000000000',
      oneTimeProductNotification: {
        version: '1.0',
        notificationType: 1,
        purchaseToken: 'x',
        sku: 'gift_card',
      },
    };
    expect(await parse(play.push(oneTime))).toBeNull();
    expect(play.requestsTo('/androidpublisher')).toHaveLength(before);
  });

  it('asks Google Play with one access token, obtained once with the service account', async () => {
    const grants = play.requestsTo('/token').length;
    await parse(play.push(subscriptionNotification(2)));
    await parse(play.push(subscriptionNotification(3)));
    expect(play.requestsTo('/token')).toHaveLength(grants + 1);
    clock = new Date(clock.getTime() + 59 * MINUTE);
    await parse(play.push(subscriptionNotification(7)));
    expect(play.requestsTo('/token')).toHaveLength(grants + 2);
  });

  it('fails as an outage, not a forgery, when Google Play refuses our service account', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const verifier = makeVerifier({
      api: {
        baseUrl: play.server.url,
        tokenUrl: play.tokenUrl,
        clientEmail: play.serviceAccount.clientEmail,
        privateKeyPem: stranger.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    });
    const outcome = parse(play.push(subscriptionNotification(2)), verifier);
    await expect(outcome).rejects.toThrow(/HTTP 400/);
    await expect(outcome).rejects.not.toBeInstanceOf(StoreNotificationError);
  });

  it('refuses a push without a bearer token, or with a signature that is not Google’s', async () => {
    const { body } = play.push(subscriptionNotification(2));
    await refusal({ body, headers: {} });
    await refusal({ body, headers: { authorization: 'Basic cHVic3ViOnB1YnN1Yg==' } });
    const token = play.signPushToken();
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not a signature').toString('base64url')}`;
    await refusal({ body, headers: { authorization: `Bearer ${forged}` } });
  });

  it('refuses a push token whose claims were changed after signing', async () => {
    const { body } = play.push(subscriptionNotification(2));
    const [header, payload, signature] = play.signPushToken({ email: 'someone@evil.example' }).split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    claims.email = GOOGLE_PLAY_TEST_APP.serviceAccountEmail;
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await refusal({ body, headers: { authorization: `Bearer ${tampered}` } });
  });

  it('refuses a Google-signed token for another audience, issuer or service account', async () => {
    const { body } = play.push(subscriptionNotification(2));
    const withClaims = (claims: Parameters<FakeGooglePlay['signPushToken']>[0]) => ({
      body,
      headers: { authorization: `Bearer ${play.signPushToken(claims)}` },
    });
    await refusal(withClaims({ aud: 'https://someone-else.example/push' }));
    await refusal(withClaims({ iss: 'https://evil.example' }));
    await refusal(withClaims({ email: 'other-push@another-project.iam.gserviceaccount.com' }));
    await refusal(withClaims({ email_verified: false }));
    // The control case: the same token with our claims is read.
    expect(await parse(withClaims({}))).toMatchObject({ kind: 'renewed' });
  });

  it('refuses an expired push token, allowing a minute of clock difference', async () => {
    const { body } = play.push(subscriptionNotification(2));
    const seconds = Math.floor(clock.getTime() / 1000);
    const ended = (ago: number) => ({
      body,
      headers: {
        authorization: `Bearer ${play.signPushToken({ iat: seconds - 3600 - ago, exp: seconds - ago })}`,
      },
    });
    await refusal(ended(120));
    expect(await parse(ended(30))).toMatchObject({ kind: 'renewed' });
    const future = play.signPushToken({ iat: seconds + 600, exp: seconds + 4200 });
    await refusal({ body, headers: { authorization: `Bearer ${future}` } });
  });

  it("caches Google's keys as long as their max-age says", async () => {
    const reads = play.requestsTo('/oauth2/v3/certs').length;
    await parse(play.push(subscriptionNotification(2)));
    clock = new Date(clock.getTime() + (play.keysMaxAgeSeconds - 10) * 1000);
    await parse(play.push(subscriptionNotification(2)));
    expect(play.requestsTo('/oauth2/v3/certs')).toHaveLength(reads + 1);
    clock = new Date(clock.getTime() + 20_000);
    await parse(play.push(subscriptionNotification(2)));
    expect(play.requestsTo('/oauth2/v3/certs')).toHaveLength(reads + 2);
  });

  it('reads the keys again for an unknown kid, then refuses a key Google does not publish', async () => {
    await parse(play.push(subscriptionNotification(2)));
    const reads = play.requestsTo('/oauth2/v3/certs').length;
    const outsider = {
      kid: 'ffffffffffffffffffffffffffffffffffffffff',
      key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    };
    const { body } = play.push(subscriptionNotification(2));
    const unknown = () => ({
      body,
      headers: { authorization: `Bearer ${play.signPushToken({}, outsider)}` },
    });

    clock = new Date(clock.getTime() + 2 * MINUTE);
    await refusal(unknown());
    expect(play.requestsTo('/oauth2/v3/certs')).toHaveLength(reads + 1);
    // A flood of unknown kids right after a read does not become a flood of reads.
    await refusal(unknown());
    await refusal(unknown());
    expect(play.requestsTo('/oauth2/v3/certs')).toHaveLength(reads + 1);
  });

  it('accepts a push signed with a key Google started publishing after our last read', async () => {
    await parse(play.push(subscriptionNotification(2)));
    play.rotateKey();
    clock = new Date(clock.getTime() + 2 * MINUTE);
    expect(await parse(play.push(subscriptionNotification(2)))).toMatchObject({ kind: 'renewed' });
  });

  it('refuses a notification for another app, or a message that is not one', async () => {
    await refusal(play.push({ ...subscriptionNotification(2), packageName: 'com.example.other' }));
    const garbage = play.push(subscriptionNotification(2));
    const body = JSON.parse(garbage.body);
    body.message.data = Buffer.from('{"hello":').toString('base64');
    await refusal({ body: JSON.stringify(body), headers: garbage.headers });
    await refusal({ body: 'not json', headers: garbage.headers });
  });

  it('fails as an outage, not a forgery, when Google Play does not know the purchase token', async () => {
    const outcome = parse(play.push(subscriptionNotification(2, 'never-registered')));
    await expect(outcome).rejects.toThrow(/HTTP 404/);
    await expect(outcome).rejects.not.toBeInstanceOf(StoreNotificationError);
  });
});
