import type { SubscriptionType } from '@sentiero/contract/premium';
import type { WebhookHeaders } from '../payments/provider.ts';

/**
 * A verified server notification from a mobile app store, as the membership's state machine
 * reads it (issue 14, item 4). Memberships bought in an app are changed by these only.
 */
export type StoreNotification = {
  source: 'apple' | 'google';
  /** The store's id of this notification: a redelivery carries the same and changes nothing. */
  notificationId: string;
  /** The store's id of the purchase that lasts across renewals (Apple's originalTransactionId, Google's purchaseToken). */
  storeReference: string;
  /**
   * Who bought it, as our app passed it to the store (Apple's appAccountToken, Google's
   * obfuscatedExternalAccountId): the member's `store_account_token`; null if the app did not.
   */
  accountToken: string | null;
  /** The store product, mapped to a plan by configuration. */
  productId: string;
  planType: SubscriptionType | null;
  kind:
    | 'started'
    | 'renewed'
    | 'renewal_failed'
    | 'renewal_off'
    | 'renewal_on'
    | 'paused'
    | 'resumed'
    | 'expired'
    | 'refunded'
    | 'other';
  /** The end of the period paid (or of the trial), when the store says it. */
  expiresAt: Date | null;
  /**
   * `renewal_failed`: the end of the grace period the store gives while it retries (the member
   * keeps access until then); null when it holds the account, or retries without a grace
   * period: the store has removed access, and so does Sentiero.
   */
  graceUntil: Date | null;
  /** A free trial is running (Apple offerType 1 / Google's free-trial phase). */
  inTrial: boolean;
  at: Date;
};

export interface StoreNotificationVerifier {
  readonly source: 'apple' | 'google';
  /**
   * Verifies the notification's signature and reads it; throws StoreNotificationError when it
   * does not verify; answers null for notifications about nothing we sell (tests, other apps).
   */
  parse(rawBody: Buffer, headers: WebhookHeaders): Promise<StoreNotification | null>;
}

/** The route answers 400 to it and changes nothing. */
export class StoreNotificationError extends Error {}
