import { type KeyObject, X509Certificate } from 'node:crypto';
import {
  Environment,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
} from '@apple/app-store-server-library';
import type { SubscriptionType } from '@sentiero/contract/premium';
import { z } from 'zod';
import { type StoreNotification, StoreNotificationError, type StoreNotificationVerifier } from './store.ts';

export type AppleNotificationsConfig = {
  bundleId: string;
  environment: 'Production' | 'Sandbox';
  /** The app's Apple ID: Apple's library requires it in Production, where notifications name it. */
  appAppleId?: number;
  /** PEM. In production Apple Root CA - G3 (`APPLE_ROOT_CA_G3`); tests pass their own. */
  rootCertificates: string[];
  /**
   * Revocation checked online (OCSP at Apple's responder, cached 15 minutes per chain): on in
   * production, so a revoked signing certificate is refused; off in tests and offline, where the
   * chain, its markers and its dates are still checked.
   */
  onlineChecks?: boolean;
  /** App Store product id → plan. */
  products: Record<string, SubscriptionType>;
  now?: () => Date;
};

/**
 * Apple Root CA - G3, the anchor of every App Store signature
 * (SHA-256 fingerprint 63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79,
 * as Apple publishes it; apple.test.ts checks it).
 */
export const APPLE_ROOT_CA_G3 = `-----BEGIN CERTIFICATE-----
MIICQzCCAcmgAwIBAgIILcX8iNLFS5UwCgYIKoZIzj0EAwMwZzEbMBkGA1UEAwwS
QXBwbGUgUm9vdCBDQSAtIEczMSYwJAYDVQQLDB1BcHBsZSBDZXJ0aWZpY2F0aW9u
IEF1dGhvcml0eTETMBEGA1UECgwKQXBwbGUgSW5jLjELMAkGA1UEBhMCVVMwHhcN
MTQwNDMwMTgxOTA2WhcNMzkwNDMwMTgxOTA2WjBnMRswGQYDVQQDDBJBcHBsZSBS
b290IENBIC0gRzMxJjAkBgNVBAsMHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9y
aXR5MRMwEQYDVQQKDApBcHBsZSBJbmMuMQswCQYDVQQGEwJVUzB2MBAGByqGSM49
AgEGBSuBBAAiA2IABJjpLz1AcqTtkyJygRMc3RCV8cWjTnHcFBbZDuWmBSp3ZHtf
TjjTuxxEtX/1H7YyYl3J6YRbTzBPEVoA/VhYDKX1DyxNB0cTddqXl5dvMVztK517
IDvYuVTZXpmkOlEKMaNCMEAwHQYDVR0OBBYEFLuw3qFYM4iapIqZ3r6966/ayySr
MA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQDAgEGMAoGCCqGSM49BAMDA2gA
MGUCMQCD6cHEFl4aXTQY2e3v9GwOAEZLuN+yRhHFD/3meoyhpmvOwgPUnPWTxnS4
at+qIxUCMG1mihDK1A3UT82NQz60imOlM27jbdoXt2QfyFMm+YhidDkLF1vLUagM
6BgD56KyKA==
-----END CERTIFICATE-----
`;

/**
 * Apple's marker extensions (leaf: App Store signing; intermediate: WWDR), checked by Apple's
 * library: without them a chain to Apple's root proves little, since the same root stands above
 * the intermediates that issue certificates to every developer.
 */
export const APPLE_STORE_SIGNING_OID = '1.2.840.113635.100.6.11.1';
export const APPLE_WWDR_INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';

const ZSignedBody = z.object({ signedPayload: z.string() });

// The fields read of what Apple's library verified (its own validators make every field optional).
// App Store Server Notifications V2: responseBodyV2DecodedPayload.
const ZNotification = z.object({
  notificationType: z.string(),
  subtype: z.string().optional(),
  notificationUUID: z.string().min(1),
  signedDate: z.number().optional(),
  data: z
    .object({ signedTransactionInfo: z.string().optional(), signedRenewalInfo: z.string().optional() })
    .optional(),
});

// JWSTransactionDecodedPayload: dates are milliseconds since the epoch.
const ZTransaction = z.object({
  originalTransactionId: z.string().min(1),
  productId: z.string(),
  type: z.string().optional(),
  expiresDate: z.number().optional(),
  appAccountToken: z.string().optional(),
  offerType: z.number().optional(),
  offerDiscountType: z.string().optional(),
});

// JWSRenewalInfoDecodedPayload.
const ZRenewalInfo = z.object({
  originalTransactionId: z.string(),
  appAccountToken: z.string().optional(),
  gracePeriodExpiresDate: z.number().optional(),
});

const AUTO_RENEWABLE = 'Auto-Renewable Subscription';
const INTRODUCTORY_OFFER = 1;

export function appleNotifications(config: AppleNotificationsConfig): StoreNotificationVerifier {
  const now = config.now ?? (() => new Date());
  const verifier = new ClockedVerifier(
    config.rootCertificates.map((pem) => new X509Certificate(pem).raw),
    config.onlineChecks ?? false,
    // Never Xcode's or local testing's environments: for those Apple's library skips the signature.
    config.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX,
    config.bundleId,
    config.appAppleId,
    now,
  );

  /**
   * Apple's verification, its refusals as ours (answered 400); a revocation check that could not
   * reach Apple is an outage, not a forgery, so the App Store delivers the notification again.
   */
  async function verified<T>(what: string, verify: () => Promise<T>): Promise<T> {
    try {
      return await verify();
    } catch (error) {
      if (!(error instanceof VerificationException)) throw error;
      if (error.status === VerificationStatus.RETRYABLE_VERIFICATION_FAILURE) {
        throw new Error(`${what}: Apple's revocation check could not be reached`, { cause: error });
      }
      throw new StoreNotificationError(`${what} does not verify (${VerificationStatus[error.status]})`);
    }
  }

  function read<T>(payload: unknown, schema: z.ZodType<T>, what: string): T {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new StoreNotificationError(`${what} lacks fields Apple always sends`);
    return parsed.data;
  }

  return {
    source: 'apple',
    async parse(rawBody) {
      let unsafeBody: unknown;
      try {
        unsafeBody = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new StoreNotificationError('the App Store notification body is not JSON');
      }
      const body = ZSignedBody.safeParse(unsafeBody);
      if (!body.success) throw new StoreNotificationError('the App Store notification has no signedPayload');

      // Apple's library checks the bundle id and the environment of the notification and the
      // transaction, and the environment of the renewal info.
      const notification = read(
        await verified('the signedPayload', () =>
          verifier.verifyAndDecodeNotification(body.data.signedPayload),
        ),
        ZNotification,
        'the signedPayload',
      );
      // TEST answers the "Request a Test Notification" call; summaries concern no one membership.
      const signedTransaction = notification.data?.signedTransactionInfo;
      if (notification.notificationType === 'TEST' || !signedTransaction) return null;

      const transaction = read(
        await verified('the signedTransactionInfo', () =>
          verifier.verifyAndDecodeTransaction(signedTransaction),
        ),
        ZTransaction,
        'the signedTransactionInfo',
      );
      let renewal: z.infer<typeof ZRenewalInfo> | null = null;
      const signedRenewal = notification.data?.signedRenewalInfo;
      if (signedRenewal) {
        renewal = read(
          await verified('the signedRenewalInfo', () => verifier.verifyAndDecodeRenewalInfo(signedRenewal)),
          ZRenewalInfo,
          'the signedRenewalInfo',
        );
        if (renewal.originalTransactionId !== transaction.originalTransactionId) {
          throw new StoreNotificationError('the renewal info is about another purchase');
        }
      }
      // Consumables and other one-off purchases are not memberships.
      if (transaction.type !== undefined && transaction.type !== AUTO_RENEWABLE) return null;

      const expiresAt = transaction.expiresDate === undefined ? null : new Date(transaction.expiresDate);
      const kind = appleKind(notification.notificationType, notification.subtype);
      // DID_FAIL_TO_RENEW with the subtype GRACE_PERIOD: access until the grace period's end;
      // without it (billing retry) and after GRACE_PERIOD_EXPIRED, Apple says to remove access.
      const graceUntil =
        kind === 'renewal_failed' &&
        notification.subtype === 'GRACE_PERIOD' &&
        renewal?.gracePeriodExpiresDate !== undefined
          ? new Date(renewal.gracePeriodExpiresDate)
          : null;
      const freeTrialOffer =
        transaction.offerType === INTRODUCTORY_OFFER &&
        (transaction.offerDiscountType === undefined || transaction.offerDiscountType === 'FREE_TRIAL');
      return {
        source: 'apple',
        notificationId: notification.notificationUUID,
        storeReference: transaction.originalTransactionId,
        accountToken: transaction.appAccountToken ?? renewal?.appAccountToken ?? null,
        productId: transaction.productId,
        planType: config.products[transaction.productId] ?? null,
        kind,
        expiresAt,
        graceUntil,
        // The transaction keeps its offer after the trial ended (an EXPIRED notification carries it).
        inTrial: freeTrialOffer && (expiresAt === null || expiresAt > now()),
        at: notification.signedDate === undefined ? now() : new Date(notification.signedDate),
      } satisfies StoreNotification;
    },
  };
}

function appleKind(type: string, subtype: string | undefined): StoreNotification['kind'] {
  switch (type) {
    case 'SUBSCRIBED':
      return 'started';
    case 'DID_RENEW':
      return 'renewed';
    case 'DID_FAIL_TO_RENEW':
    // The grace period is over and Apple goes on retrying for up to 60 days without access: a
    // BILLING_RECOVERY renewal can still come, so it is not the end (EXPIRED is).
    case 'GRACE_PERIOD_EXPIRED':
      return 'renewal_failed';
    case 'DID_CHANGE_RENEWAL_STATUS':
      if (subtype === 'AUTO_RENEW_DISABLED') return 'renewal_off';
      if (subtype === 'AUTO_RENEW_ENABLED') return 'renewal_on';
      return 'other';
    case 'EXPIRED':
      return 'expired';
    case 'REFUND':
    case 'REVOKE':
      return 'refunded';
    default:
      return 'other';
  }
}

/**
 * Apple's `SignedDataVerifier`, judging the certificates' dates at our clock. Offline, Apple's
 * library takes the date from the payload's own `signedDate`, which whoever holds a signing key
 * writes: a key whose certificate has expired could sign with an old date. Our clock is also the
 * one tests move.
 */
class ClockedVerifier extends SignedDataVerifier {
  private readonly now: () => Date;

  constructor(
    roots: Buffer[],
    onlineChecks: boolean,
    environment: Environment,
    bundleId: string,
    appAppleId: number | undefined,
    now: () => Date,
  ) {
    super(roots, onlineChecks, environment, bundleId, appAppleId);
    this.now = now;
  }

  protected override verifyCertificateChain(
    trustedRoots: X509Certificate[],
    leaf: X509Certificate,
    intermediate: X509Certificate,
  ): Promise<KeyObject> {
    return super.verifyCertificateChain(trustedRoots, leaf, intermediate, this.now());
  }
}
