import { X509Certificate } from 'node:crypto';
import type { SubscriptionType } from '@sentiero/contract/premium';
import { z } from 'zod';
import { certificateExtensionOids, DerError } from './der.ts';
import { decodeCompactJws, requireJwsSignature } from './jws.ts';
import { type StoreNotification, StoreNotificationError, type StoreNotificationVerifier } from './store.ts';

export type AppleNotificationsConfig = {
  bundleId: string;
  environment: 'Production' | 'Sandbox';
  /** PEM. In production Apple Root CA - G3 (`APPLE_ROOT_CA_G3`); tests pass their own. */
  rootCertificates: string[];
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
 * Apple's marker extensions: without them, a chain to Apple's root proves little, since the same
 * root stands above the intermediates that issue certificates to every developer. Only the App
 * Store's own signing certificate carries the leaf marker, only the WWDR intermediate the other.
 */
export const APPLE_STORE_SIGNING_OID = '1.2.840.113635.100.6.11.1';
export const APPLE_WWDR_INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';

const ZSignedBody = z.object({ signedPayload: z.string() });

// App Store Server Notifications V2: responseBodyV2DecodedPayload.
const ZNotification = z.object({
  notificationType: z.string(),
  subtype: z.string().optional(),
  notificationUUID: z.string().min(1),
  signedDate: z.number().optional(),
  data: z
    .object({
      bundleId: z.string().optional(),
      environment: z.string().optional(),
      signedTransactionInfo: z.string().optional(),
      signedRenewalInfo: z.string().optional(),
    })
    .optional(),
  // Renewal-date extensions for many subscribers at once carry a summary instead of data.
  summary: z.object({ bundleId: z.string().optional(), environment: z.string().optional() }).optional(),
});

// JWSTransactionDecodedPayload: dates are milliseconds since the epoch.
const ZTransaction = z.object({
  originalTransactionId: z.string().min(1),
  bundleId: z.string(),
  productId: z.string(),
  environment: z.string(),
  type: z.string().optional(),
  expiresDate: z.number().optional(),
  appAccountToken: z.string().optional(),
  offerType: z.number().optional(),
  offerDiscountType: z.string().optional(),
});

// JWSRenewalInfoDecodedPayload.
const ZRenewalInfo = z.object({
  originalTransactionId: z.string(),
  environment: z.string(),
  appAccountToken: z.string().optional(),
});

const AUTO_RENEWABLE = 'Auto-Renewable Subscription';
const INTRODUCTORY_OFFER = 1;

export function appleNotifications(config: AppleNotificationsConfig): StoreNotificationVerifier {
  const roots = config.rootCertificates.map((pem) => new X509Certificate(pem));
  const now = config.now ?? (() => new Date());

  function requireEnvironment(environment: string | undefined, what: string) {
    if (environment !== config.environment) {
      throw new StoreNotificationError(
        `${what} is for ${environment ?? 'no'} environment, not ${config.environment}`,
      );
    }
  }

  function requireBundle(bundleId: string | undefined, what: string) {
    if (bundleId !== config.bundleId) {
      throw new StoreNotificationError(`${what} is for another app (${bundleId})`);
    }
  }

  /** The payload of a JWS signed by the App Store: x5c leaf → WWDR intermediate → a configured root. */
  function readAppleJws<T>(token: string, schema: z.ZodType<T>, what: string): T {
    const jws = decodeCompactJws(token, what);
    const leaf = requireAppleChain(jws.header.x5c, roots, now(), what);
    requireJwsSignature(jws, 'ES256', leaf.publicKey, what);
    const parsed = schema.safeParse(jws.payload);
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

      const notification = readAppleJws(body.data.signedPayload, ZNotification, 'the signedPayload');
      const app = notification.data ?? notification.summary;
      requireBundle(app?.bundleId, 'the notification');
      requireEnvironment(app?.environment, 'the notification');
      // TEST answers the "Request a Test Notification" call; summaries concern no one membership.
      const signedTransaction = notification.data?.signedTransactionInfo;
      if (notification.notificationType === 'TEST' || !signedTransaction) return null;

      const transaction = readAppleJws(signedTransaction, ZTransaction, 'the signedTransactionInfo');
      requireBundle(transaction.bundleId, 'the transaction');
      requireEnvironment(transaction.environment, 'the transaction');
      let renewal: z.infer<typeof ZRenewalInfo> | null = null;
      const signedRenewal = notification.data?.signedRenewalInfo;
      if (signedRenewal) {
        renewal = readAppleJws(signedRenewal, ZRenewalInfo, 'the signedRenewalInfo');
        requireEnvironment(renewal.environment, 'the renewal info');
        if (renewal.originalTransactionId !== transaction.originalTransactionId) {
          throw new StoreNotificationError('the renewal info is about another purchase');
        }
      }
      // Consumables and other one-off purchases are not memberships.
      if (transaction.type !== undefined && transaction.type !== AUTO_RENEWABLE) return null;

      const expiresAt = transaction.expiresDate === undefined ? null : new Date(transaction.expiresDate);
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
        kind: appleKind(notification.notificationType, notification.subtype),
        expiresAt,
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
      return 'renewal_failed';
    case 'DID_CHANGE_RENEWAL_STATUS':
      if (subtype === 'AUTO_RENEW_DISABLED') return 'renewal_off';
      if (subtype === 'AUTO_RENEW_ENABLED') return 'renewal_on';
      return 'other';
    case 'EXPIRED':
    case 'GRACE_PERIOD_EXPIRED':
      return 'expired';
    case 'REFUND':
    case 'REVOKE':
      return 'refunded';
    default:
      return 'other';
  }
}

/**
 * The leaf certificate of an App Store JWS, once its chain is proved: leaf signed by the
 * intermediate, intermediate (a CA) signed by one of our roots, all three valid at `at`, and both
 * of Apple's markers present. The root in x5c is not trusted: only a configured one is. No OCSP:
 * that would make every notification wait on Apple's responder.
 */
function requireAppleChain(x5c: unknown, roots: X509Certificate[], at: Date, what: string): X509Certificate {
  if (!Array.isArray(x5c) || x5c.length !== 3 || !x5c.every((entry) => typeof entry === 'string')) {
    throw new StoreNotificationError(`${what} does not carry Apple's three-certificate chain`);
  }
  let leaf: X509Certificate;
  let intermediate: X509Certificate;
  try {
    leaf = new X509Certificate(Buffer.from(x5c[0] as string, 'base64'));
    intermediate = new X509Certificate(Buffer.from(x5c[1] as string, 'base64'));
  } catch {
    throw new StoreNotificationError(`${what} carries a certificate that does not parse`);
  }
  if (!leaf.checkIssued(intermediate) || !leaf.verify(intermediate.publicKey)) {
    throw new StoreNotificationError(`${what}: the leaf certificate is not signed by the intermediate`);
  }
  if (!intermediate.ca) throw new StoreNotificationError(`${what}: the intermediate is not a CA`);
  const root = roots.find(
    (candidate) => intermediate.checkIssued(candidate) && intermediate.verify(candidate.publicKey),
  );
  if (!root) throw new StoreNotificationError(`${what} does not chain to a trusted Apple root`);
  for (const certificate of [leaf, intermediate, root]) {
    if (at < certificate.validFromDate || at > certificate.validToDate) {
      throw new StoreNotificationError(`${what}: ${certificate.subject.split('\n')[0]} is not valid now`);
    }
  }
  requireExtension(
    leaf,
    APPLE_STORE_SIGNING_OID,
    `${what}: the leaf is not an App Store signing certificate`,
  );
  requireExtension(
    intermediate,
    APPLE_WWDR_INTERMEDIATE_OID,
    `${what}: the intermediate is not Apple's WWDR CA`,
  );
  return leaf;
}

function requireExtension(certificate: X509Certificate, oid: string, refusal: string) {
  let oids: string[];
  try {
    oids = certificateExtensionOids(certificate.raw);
  } catch (error) {
    if (error instanceof DerError) throw new StoreNotificationError(refusal);
    throw error;
  }
  if (!oids.includes(oid)) throw new StoreNotificationError(refusal);
}
