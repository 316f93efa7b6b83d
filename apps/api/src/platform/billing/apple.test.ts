import { randomUUID, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AppleChain, createFakeAppStore } from '../../test/fakes/app-store.ts';
import { APPLE_ROOT_CA_G3, APPLE_STORE_SIGNING_OID, appleNotifications } from './apple.ts';
import { StoreNotificationError } from './store.ts';

const BUNDLE_ID = 'it.sentiero.app';
const DAY = 86_400_000;
const appStore = createFakeAppStore();

const sut = appleNotifications({
  bundleId: BUNDLE_ID,
  environment: 'Sandbox',
  rootCertificates: [appStore.rootPem],
  products: { 'it.sentiero.plus.yearly': 'yearly', 'it.sentiero.plus.monthly': 'monthly' },
});

const expiresDate = Date.now() + 7 * DAY;
const signedDate = Date.now() - 1000;

// JWSTransactionDecodedPayload of a free trial of the yearly plan, as the sandbox sends it.
const trialTransaction = {
  transactionId: '2000000912345678',
  originalTransactionId: '2000000912340000',
  webOrderLineItemId: '2000000087654321',
  bundleId: BUNDLE_ID,
  productId: 'it.sentiero.plus.yearly',
  subscriptionGroupIdentifier: '21456789',
  purchaseDate: Date.now() - DAY,
  originalPurchaseDate: Date.now() - DAY,
  expiresDate,
  quantity: 1,
  type: 'Auto-Renewable Subscription',
  appAccountToken: '7d1c1a8e-3f0b-4a55-9f1e-6b3c0b9d2a41',
  inAppOwnershipType: 'PURCHASED',
  signedDate,
  offerType: 1,
  offerDiscountType: 'FREE_TRIAL',
  offerPeriod: 'P1W',
  environment: 'Sandbox',
  transactionReason: 'PURCHASE',
  storefront: 'ITA',
  storefrontId: '143450',
  price: 0,
  currency: 'EUR',
};
const paidTransaction = {
  ...trialTransaction,
  transactionId: '2000000912349999',
  offerType: undefined,
  offerDiscountType: undefined,
  offerPeriod: undefined,
  transactionReason: 'RENEWAL',
  price: 39990,
};

const renewalInfo = {
  originalTransactionId: trialTransaction.originalTransactionId,
  autoRenewProductId: 'it.sentiero.plus.yearly',
  productId: 'it.sentiero.plus.yearly',
  autoRenewStatus: 1,
  signedDate,
  environment: 'Sandbox',
  recentSubscriptionStartDate: trialTransaction.purchaseDate,
  renewalDate: expiresDate,
};

type Delivery = {
  subtype?: string;
  transaction?: Record<string, unknown> | null;
  renewal?: Record<string, unknown> | null;
  data?: Record<string, unknown>;
  chain?: AppleChain;
  transactionChain?: AppleChain;
};

/** A responseBodyV2 as the App Store posts it: `{ signedPayload }`. */
function appleDelivery(notificationType: string, delivery: Delivery = {}) {
  const transaction = delivery.transaction === undefined ? trialTransaction : delivery.transaction;
  const renewal = delivery.renewal === undefined ? renewalInfo : delivery.renewal;
  const payload = {
    notificationType,
    subtype: delivery.subtype,
    notificationUUID: randomUUID(),
    data: {
      appAppleId: 1234567890,
      bundleId: BUNDLE_ID,
      bundleVersion: '312',
      environment: 'Sandbox',
      signedTransactionInfo: transaction
        ? appStore.signJws(transaction, delivery.transactionChain)
        : undefined,
      signedRenewalInfo: renewal ? appStore.signJws(renewal, delivery.transactionChain) : undefined,
      status: 1,
      ...delivery.data,
    },
    version: '2.0',
    signedDate,
  };
  return { payload, body: JSON.stringify({ signedPayload: appStore.signJws(payload, delivery.chain) }) };
}

const parse = (body: string) => sut.parse(Buffer.from(body), { 'content-type': 'application/json' });
const refusal = (body: string) => expect(parse(body)).rejects.toThrow(StoreNotificationError);

describe('App Store server notifications', () => {
  it('reads a verified SUBSCRIBED in a free trial as a started membership', async () => {
    const { payload, body } = appleDelivery('SUBSCRIBED', { subtype: 'INITIAL_BUY' });
    expect(await parse(body)).toEqual({
      source: 'apple',
      notificationId: payload.notificationUUID,
      storeReference: '2000000912340000',
      accountToken: '7d1c1a8e-3f0b-4a55-9f1e-6b3c0b9d2a41',
      productId: 'it.sentiero.plus.yearly',
      planType: 'yearly',
      kind: 'started',
      expiresAt: new Date(expiresDate),
      graceUntil: null,
      inTrial: true,
      at: new Date(signedDate),
    });
  });

  it.each([
    ['SUBSCRIBED', 'RESUBSCRIBE', 'started'],
    ['DID_RENEW', undefined, 'renewed'],
    ['DID_RENEW', 'BILLING_RECOVERY', 'renewed'],
    ['DID_FAIL_TO_RENEW', 'GRACE_PERIOD', 'renewal_failed'],
    ['DID_FAIL_TO_RENEW', undefined, 'renewal_failed'],
    ['DID_CHANGE_RENEWAL_STATUS', 'AUTO_RENEW_DISABLED', 'renewal_off'],
    ['DID_CHANGE_RENEWAL_STATUS', 'AUTO_RENEW_ENABLED', 'renewal_on'],
    ['EXPIRED', 'VOLUNTARY', 'expired'],
    ['EXPIRED', 'BILLING_RETRY', 'expired'],
    // Apple retries for up to 60 more days, without access: a BILLING_RECOVERY may still come.
    ['GRACE_PERIOD_EXPIRED', undefined, 'renewal_failed'],
    ['REFUND', undefined, 'refunded'],
    ['REVOKE', undefined, 'refunded'],
    ['DID_CHANGE_RENEWAL_PREF', 'DOWNGRADE', 'other'],
    ['PRICE_INCREASE', 'PENDING', 'other'],
    ['RENEWAL_EXTENDED', undefined, 'other'],
  ])('reads %s %s as %s', async (type, subtype, kind) => {
    const { body } = appleDelivery(type, { subtype, transaction: paidTransaction });
    expect(await parse(body)).toMatchObject({ kind, storeReference: '2000000912340000', inTrial: false });
  });

  it("gives access through Apple's billing grace period only, and none in its billing retry", async () => {
    const graceEnd = expiresDate + 16 * 24 * 60 * 60 * 1000;
    const grace = appleDelivery('DID_FAIL_TO_RENEW', {
      subtype: 'GRACE_PERIOD',
      transaction: paidTransaction,
      renewal: { ...renewalInfo, isInBillingRetryPeriod: true, gracePeriodExpiresDate: graceEnd },
    });
    expect(await parse(grace.body)).toMatchObject({ kind: 'renewal_failed', graceUntil: new Date(graceEnd) });
    const retry = appleDelivery('DID_FAIL_TO_RENEW', {
      transaction: paidTransaction,
      renewal: { ...renewalInfo, isInBillingRetryPeriod: true },
    });
    expect(await parse(retry.body)).toMatchObject({ kind: 'renewal_failed', graceUntil: null });
    const over = appleDelivery('GRACE_PERIOD_EXPIRED', {
      transaction: paidTransaction,
      renewal: { ...renewalInfo, isInBillingRetryPeriod: true, gracePeriodExpiresDate: graceEnd },
    });
    expect(await parse(over.body)).toMatchObject({ kind: 'renewal_failed', graceUntil: null });
  });

  it('does not call a paid introductory price a free trial', async () => {
    const intro = { ...trialTransaction, offerDiscountType: 'PAY_AS_YOU_GO', price: 990 };
    const { body } = appleDelivery('SUBSCRIBED', { subtype: 'INITIAL_BUY', transaction: intro });
    expect(await parse(body)).toMatchObject({ kind: 'started', inTrial: false });
  });

  it('no longer calls a trial running once it has ended', async () => {
    const ended = { ...trialTransaction, expiresDate: Date.now() - DAY };
    const { body } = appleDelivery('EXPIRED', { subtype: 'VOLUNTARY', transaction: ended });
    expect(await parse(body)).toMatchObject({ kind: 'expired', inTrial: false });
  });

  it('takes the account token from the renewal info when the transaction lacks it, else none', async () => {
    const { appAccountToken: _token, ...anonymous } = paidTransaction;
    const fromRenewal = appleDelivery('DID_RENEW', {
      transaction: anonymous,
      renewal: { ...renewalInfo, appAccountToken: '0e5d2c1b-aaaa-4bbb-8ccc-dddddddddddd' },
    });
    expect(await parse(fromRenewal.body)).toMatchObject({
      accountToken: '0e5d2c1b-aaaa-4bbb-8ccc-dddddddddddd',
    });
    const none = appleDelivery('DID_RENEW', { transaction: anonymous, renewal: null });
    expect(await parse(none.body)).toMatchObject({ accountToken: null });
  });

  it('reads a product it does not sell with no plan', async () => {
    const other = { ...paidTransaction, productId: 'it.sentiero.plus.lifetime-maybe' };
    const { body } = appleDelivery('DID_RENEW', { transaction: other });
    expect(await parse(body)).toMatchObject({ productId: 'it.sentiero.plus.lifetime-maybe', planType: null });
  });

  it('answers null to the TEST notification and to purchases that are not subscriptions', async () => {
    const test = appleDelivery('TEST', { transaction: null, renewal: null });
    expect(await parse(test.body)).toBeNull();
    const consumable = { ...paidTransaction, type: 'Consumable', expiresDate: undefined };
    const oneOff = appleDelivery('ONE_TIME_CHARGE', { transaction: consumable, renewal: null });
    expect(await parse(oneOff.body)).toBeNull();
  });

  it('refuses a notification signed with a key other than its leaf certificate', async () => {
    const impostor = appStore.makeChain({});
    const forged = appleDelivery('DID_RENEW', { chain: { ...appStore.chain, leafKey: impostor.leafKey } });
    await refusal(forged.body);
  });

  it('refuses a signed payload changed after signing', async () => {
    const { body } = appleDelivery('DID_FAIL_TO_RENEW');
    const [header, payload, signature] = JSON.parse(body).signedPayload.split('.');
    const changed = JSON.parse(Buffer.from(payload, 'base64url').toString());
    changed.notificationType = 'DID_RENEW';
    const tampered = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    await refusal(JSON.stringify({ signedPayload: tampered }));
  });

  it('refuses a chain to a root it was not configured with, even one that names itself Apple', async () => {
    const foreign = appStore.makeChain({ root: appStore.makeRoot('Test Apple Root CA - G3') });
    await refusal(appleDelivery('DID_RENEW', { chain: foreign }).body);
  });

  it('refuses an expired signing certificate', async () => {
    const expired = appStore.makeChain({
      leafNotBefore: new Date(Date.now() - 400 * DAY),
      leafNotAfter: new Date(Date.now() - DAY),
    });
    await refusal(appleDelivery('DID_RENEW', { chain: expired }).body);
  });

  it('refuses an expired chain by its clock, and accepts the same chain while it was valid', async () => {
    const { body } = appleDelivery('DID_RENEW');
    const config = {
      bundleId: BUNDLE_ID,
      environment: 'Sandbox' as const,
      rootCertificates: [appStore.rootPem],
      products: {},
    };
    const later = appleNotifications({ ...config, now: () => new Date(Date.now() + 400 * DAY) });
    await expect(later.parse(Buffer.from(body), {})).rejects.toThrow(StoreNotificationError);
    const meanwhile = appleNotifications({ ...config, now: () => new Date(Date.now() + 300 * DAY) });
    expect(await meanwhile.parse(Buffer.from(body), {})).toMatchObject({ kind: 'renewed' });
  });

  it("refuses a chain to the right root whose leaf lacks Apple's App Store signing marker", async () => {
    await refusal(appleDelivery('DID_RENEW', { chain: appStore.makeChain({ leafMarker: false }) }).body);
  });

  it('does not take the marker OID written elsewhere in the certificate for the marker extension', async () => {
    // A search of the raw bytes would find it here, in a certificate policy.
    const lookalike = appStore.makeChain({ leafMarker: false, leafPolicies: [APPLE_STORE_SIGNING_OID] });
    const leaf = Buffer.from(lookalike.x5c[0] as string, 'base64');
    const markerDer = Buffer.from('060a2a864886f76364060b01', 'hex');
    expect(leaf.includes(markerDer)).toBe(true);
    await refusal(appleDelivery('DID_RENEW', { chain: lookalike }).body);
  });

  it("refuses a chain whose intermediate lacks Apple's WWDR marker", async () => {
    await refusal(
      appleDelivery('DID_RENEW', { chain: appStore.makeChain({ intermediateMarker: false }) }).body,
    );
  });

  it('refuses a signed transaction that does not verify inside a signed notification', async () => {
    const foreign = appStore.makeChain({ root: appStore.makeRoot('Someone Else Root') });
    await refusal(appleDelivery('DID_RENEW', { transactionChain: foreign }).body);
    const noMarker = appStore.makeChain({ leafMarker: false });
    await refusal(appleDelivery('DID_RENEW', { transactionChain: noMarker }).body);
  });

  it('refuses a leaf certificate that its intermediate did not sign', async () => {
    // Both halves chain to the configured root and carry their markers, but not to each other.
    const other = appStore.makeChain({});
    const spliced = {
      ...appStore.chain,
      x5c: [appStore.chain.x5c[0], other.x5c[1], other.x5c[2]] as string[],
    };
    await refusal(appleDelivery('DID_RENEW', { chain: spliced }).body);
  });

  it('refuses a chain whose intermediate is not a certificate authority', async () => {
    await refusal(
      appleDelivery('DID_RENEW', { chain: appStore.makeChain({ intermediateIsCa: false }) }).body,
    );
  });

  it('refuses a chain without its root or with extra certificates', async () => {
    const short = { ...appStore.chain, x5c: appStore.chain.x5c.slice(0, 2) };
    await refusal(appleDelivery('DID_RENEW', { chain: short }).body);
  });

  it('refuses notifications for another app or environment', async () => {
    await refusal(appleDelivery('DID_RENEW', { data: { bundleId: 'com.example.other' } }).body);
    await refusal(appleDelivery('DID_RENEW', { data: { environment: 'Production' } }).body);
    await refusal(
      appleDelivery('TEST', { transaction: null, renewal: null, data: { bundleId: 'com.example.other' } })
        .body,
    );
    const otherApp = { ...paidTransaction, bundleId: 'com.example.other' };
    await refusal(appleDelivery('DID_RENEW', { transaction: otherApp }).body);
    const production = { ...paidTransaction, environment: 'Production' };
    await refusal(appleDelivery('DID_RENEW', { transaction: production }).body);
    await refusal(
      appleDelivery('DID_RENEW', { renewal: { ...renewalInfo, environment: 'Production' } }).body,
    );
  });

  it('refuses renewal info about another purchase', async () => {
    const elsewhere = { ...renewalInfo, originalTransactionId: '2000000000000001' };
    await refusal(appleDelivery('DID_RENEW', { renewal: elsewhere }).body);
  });

  it('refuses bodies that are not a signed payload', async () => {
    await refusal('not json');
    await refusal(JSON.stringify({ notificationType: 'DID_RENEW' }));
    await refusal(JSON.stringify({ signedPayload: 'a.b' }));
    await refusal(JSON.stringify({ signedPayload: 'eyJhbGciOiJub25lIn0.e30.' }));
  });

  it("pins Apple Root CA - G3 by Apple's published fingerprint", () => {
    const root = new X509Certificate(APPLE_ROOT_CA_G3);
    expect(root.fingerprint256).toBe(
      '63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79',
    );
    expect(root.verify(root.publicKey)).toBe(true);
  });
});
