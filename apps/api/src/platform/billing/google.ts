import type { SubscriptionType } from '@sentiero/contract/premium';
import { z } from 'zod';
import { firstHeader } from '../payments/provider.ts';
import { googlePushAuthenticator, serviceAccountAccessToken } from './google-auth.ts';
import { type StoreNotification, StoreNotificationError, type StoreNotificationVerifier } from './store.ts';

export type GoogleNotificationsConfig = {
  packageName: string;
  /** Our push endpoint's URL, as the Pub/Sub push subscription's audience. */
  audience: string;
  /** The service account the push subscription authenticates as. */
  serviceAccountEmail: string;
  certsUrl?: string;
  /** The Play Developer API, read with a service account that has access to the app. */
  api: { baseUrl?: string; tokenUrl?: string; clientEmail: string; privateKeyPem: string };
  /** Play subscription product id → plan. */
  products: Record<string, SubscriptionType>;
  now?: () => Date;
  fetch?: typeof fetch;
};

export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_PLAY_API_URL = 'https://androidpublisher.googleapis.com';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const ANDROID_PUBLISHER_SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const REQUEST_TIMEOUT_MS = 10_000;

// A Pub/Sub push delivery.
const ZPush = z.object({
  message: z.object({
    data: z.string(),
    messageId: z.string().optional(),
    message_id: z.string().optional(),
  }),
  subscription: z.string().optional(),
});

// Real-time developer notifications: DeveloperNotification (int64s arrive as strings).
const ZDeveloperNotification = z.object({
  packageName: z.string(),
  eventTimeMillis: z.union([z.string(), z.number()]).optional(),
  subscriptionNotification: z
    .object({ notificationType: z.number().int(), purchaseToken: z.string().min(1) })
    .optional(),
  voidedPurchaseNotification: z
    .object({ purchaseToken: z.string().min(1), productType: z.number() })
    .optional(),
  oneTimeProductNotification: z.object({}).loose().optional(),
  testNotification: z.object({}).loose().optional(),
});

// purchases.subscriptionsv2.get: SubscriptionPurchaseV2, the fields read here.
const ZLineItem = z.object({
  productId: z.string(),
  expiryTime: z.string().optional(),
  offerPhase: z
    .object({ freeTrial: z.object({}).loose().optional() })
    .loose()
    .optional(),
});
const ZSubscriptionPurchase = z.object({
  // One line item per product; Sentiero+ sells no add-ons, so the first is the membership.
  lineItems: z.tuple([ZLineItem], ZLineItem),
  externalAccountIdentifiers: z.object({ obfuscatedExternalAccountId: z.string().optional() }).optional(),
});

const VOIDED_SUBSCRIPTION = 1;
const IN_GRACE_PERIOD = 6;

/**
 * Google Play's real-time developer notifications, pushed by Pub/Sub. The push is authenticated by
 * Google's OIDC token; the notification itself says only what happened to which purchase token,
 * so the subscription is read from the Play Developer API, which is the truth to act on (Google's
 * advice too: notifications may come late or out of order).
 */
export function googleNotifications(config: GoogleNotificationsConfig): StoreNotificationVerifier {
  const now = config.now ?? (() => new Date());
  const fetchFn = config.fetch ?? fetch;
  const requirePushToken = googlePushAuthenticator({
    certsUrl: config.certsUrl ?? GOOGLE_CERTS_URL,
    audience: config.audience,
    serviceAccountEmail: config.serviceAccountEmail,
    now,
    fetch: fetchFn,
  });
  const apiBase = config.api.baseUrl ?? GOOGLE_PLAY_API_URL;
  const accessToken = serviceAccountAccessToken({
    tokenUrl: config.api.tokenUrl ?? GOOGLE_TOKEN_URL,
    clientEmail: config.api.clientEmail,
    privateKeyPem: config.api.privateKeyPem,
    scope: ANDROID_PUBLISHER_SCOPE,
    now,
    fetch: fetchFn,
  });

  async function getSubscription(purchaseToken: string) {
    const path = `/androidpublisher/v3/applications/${encodeURIComponent(config.packageName)}/purchases/subscriptionsv2/tokens/${encodeURIComponent(purchaseToken)}`;
    const response = await fetchFn(`${apiBase}${path}`, {
      headers: { authorization: `Bearer ${await accessToken()}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // Not a StoreNotificationError: the push is Google's, so let Pub/Sub deliver it again later.
    if (!response.ok) throw new Error(`Google Play's subscriptionsv2.get answered HTTP ${response.status}`);
    const parsed = ZSubscriptionPurchase.safeParse(await response.json());
    if (!parsed.success) throw new Error('Google Play answered a subscription without line items');
    return parsed.data;
  }

  return {
    source: 'google',
    async parse(rawBody, headers) {
      await requirePushToken(firstHeader(headers, 'authorization'));
      let unsafePush: unknown;
      try {
        unsafePush = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new StoreNotificationError('the Pub/Sub push body is not JSON');
      }
      const push = ZPush.safeParse(unsafePush);
      const messageId = push.data?.message.messageId ?? push.data?.message.message_id;
      if (!push.success || !messageId) throw new StoreNotificationError('the Pub/Sub push has no message');
      let unsafeNotification: unknown;
      try {
        unsafeNotification = JSON.parse(Buffer.from(push.data.message.data, 'base64').toString('utf8'));
      } catch {
        throw new StoreNotificationError('the Pub/Sub message is not a developer notification');
      }
      const parsed = ZDeveloperNotification.safeParse(unsafeNotification);
      if (!parsed.success) {
        throw new StoreNotificationError('the Pub/Sub message is not a developer notification');
      }
      const notification = parsed.data;
      if (notification.packageName !== config.packageName) {
        throw new StoreNotificationError(`the notification is for another app (${notification.packageName})`);
      }

      // Test notifications and one-time products are nothing Sentiero+ sells.
      let purchaseToken: string;
      let kind: StoreNotification['kind'];
      if (notification.subscriptionNotification) {
        purchaseToken = notification.subscriptionNotification.purchaseToken;
        kind = googleKind(notification.subscriptionNotification.notificationType);
      } else if (notification.voidedPurchaseNotification?.productType === VOIDED_SUBSCRIPTION) {
        // A refund or chargeback; whether access ends is told by REVOKED, so the state is only re-read.
        purchaseToken = notification.voidedPurchaseNotification.purchaseToken;
        kind = 'other';
      } else {
        return null;
      }

      const subscription = await getSubscription(purchaseToken);
      const [item] = subscription.lineItems;
      const expiresAt = item.expiryTime ? new Date(item.expiryTime) : null;
      const eventMillis = Number(notification.eventTimeMillis);
      // In its grace period the purchase's expiry is the grace period's end, and access lasts
      // until then; on hold (5) Google has removed access while it retries.
      const inGracePeriod = notification.subscriptionNotification?.notificationType === IN_GRACE_PERIOD;
      return {
        source: 'google',
        notificationId: messageId,
        storeReference: purchaseToken,
        accountToken: subscription.externalAccountIdentifiers?.obfuscatedExternalAccountId ?? null,
        productId: item.productId,
        planType: config.products[item.productId] ?? null,
        kind,
        expiresAt,
        graceUntil: inGracePeriod ? expiresAt : null,
        inTrial: item.offerPhase?.freeTrial !== undefined && (expiresAt === null || expiresAt > now()),
        at: Number.isFinite(eventMillis) && eventMillis > 0 ? new Date(eventMillis) : now(),
      } satisfies StoreNotification;
    },
  };
}

// SubscriptionNotification.notificationType, as Google numbers them.
function googleKind(type: number): StoreNotification['kind'] {
  switch (type) {
    case 1: // SUBSCRIPTION_RECOVERED, from account hold
    case 2: // SUBSCRIPTION_RENEWED
      return 'renewed';
    case 3: // SUBSCRIPTION_CANCELED: renewal off, access until the period's end
      return 'renewal_off';
    case 4: // SUBSCRIPTION_PURCHASED
      return 'started';
    case 5: // SUBSCRIPTION_ON_HOLD
    case 6: // SUBSCRIPTION_IN_GRACE_PERIOD
      return 'renewal_failed';
    case 7: // SUBSCRIPTION_RESTARTED: renewal back on before the end
      return 'renewal_on';
    case 10: // SUBSCRIPTION_PAUSED
      return 'paused';
    case 12: // SUBSCRIPTION_REVOKED
      return 'refunded';
    case 13: // SUBSCRIPTION_EXPIRED
      return 'expired';
    default:
      return 'other';
  }
}
