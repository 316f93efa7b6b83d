import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { decodeCompactJws, requireJwsSignature, signRs256Jwt } from './jws.ts';
import { StoreNotificationError } from './store.ts';

/** Clocks of Google and ours differ a little; a minute is what Google's own libraries allow. */
const CLOCK_LEEWAY_SECONDS = 60;
/** Without a Cache-Control max-age, Google's keys are read again after this. */
const DEFAULT_KEYS_SECONDS = 300;
/**
 * An unknown kid makes us read the keys again, but not more often than this: Google publishes a key
 * long before signing with it, so a kid unknown a minute after a read is forged, and a flood of them
 * must not become a flood of requests to Google.
 */
const MIN_KEYS_REFETCH_SECONDS = 60;
const REQUEST_TIMEOUT_MS = 10_000;

type Fetch = typeof fetch;

export type PushAuthConfig = {
  certsUrl: string;
  /** The push endpoint's URL, set as the subscription's audience. */
  audience: string;
  /** The service account the push subscription authenticates as. */
  serviceAccountEmail: string;
  now: () => Date;
  fetch: Fetch;
};

const ZJwks = z.object({ keys: z.array(z.looseObject({ kid: z.string(), kty: z.string() })) });

// Google's OIDC ID token for Pub/Sub push.
const ZPushClaims = z.object({
  iss: z.string(),
  aud: z.string(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  exp: z.number(),
  iat: z.number(),
});

const ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);

/**
 * Checks the `Authorization: Bearer <OIDC JWT>` that Pub/Sub adds to each push: signed by one of
 * Google's keys, for our endpoint, on behalf of the subscription's service account, and current.
 */
export function googlePushAuthenticator(config: PushAuthConfig) {
  let keys = new Map<string, KeyObject>();
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let freshUntil = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;

  async function readKeys() {
    const response = await config.fetch(config.certsUrl, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    // Not a StoreNotificationError: Pub/Sub should deliver again once Google's keys can be read.
    if (!response.ok) throw new Error(`Google's certificates answered HTTP ${response.status}`);
    const jwks = ZJwks.parse(await response.json());
    const read = new Map<string, KeyObject>();
    for (const jwk of jwks.keys) {
      if (jwk.kty === 'RSA') read.set(jwk.kid, createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }));
    }
    const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(response.headers.get('cache-control') ?? '');
    const at = config.now().getTime();
    keys = read;
    fetchedAt = at;
    freshUntil = at + (maxAge ? Number(maxAge[1]) : DEFAULT_KEYS_SECONDS) * 1000;
  }

  /** One read at a time: a burst of pushes after the keys went stale makes one request. */
  function refreshKeys(): Promise<void> {
    reading ??= readKeys().finally(() => {
      reading = null;
    });
    return reading;
  }

  async function findKey(kid: string): Promise<KeyObject | undefined> {
    const at = config.now().getTime();
    if (at >= freshUntil) await refreshKeys();
    else if (!keys.has(kid) && at - fetchedAt >= MIN_KEYS_REFETCH_SECONDS * 1000) await refreshKeys();
    return keys.get(kid);
  }

  return async function requirePushToken(authorization: string | undefined): Promise<void> {
    const match = /^Bearer ([^\s]+)$/.exec(authorization ?? '');
    if (!match?.[1]) throw new StoreNotificationError('the push has no bearer token');
    const jws = decodeCompactJws(match[1], 'the push token');
    const kid = jws.header.kid;
    if (typeof kid !== 'string') throw new StoreNotificationError('the push token names no key');
    const key = await findKey(kid);
    if (!key) throw new StoreNotificationError(`the push token is signed with an unknown key (${kid})`);
    requireJwsSignature(jws, 'RS256', key, 'the push token');

    const parsed = ZPushClaims.safeParse(jws.payload);
    if (!parsed.success) throw new StoreNotificationError('the push token lacks the claims Google sends');
    const claims = parsed.data;
    if (!ISSUERS.has(claims.iss)) {
      throw new StoreNotificationError(`the push token is issued by ${claims.iss}`);
    }
    if (claims.aud !== config.audience) {
      throw new StoreNotificationError('the push token is for another audience');
    }
    if (claims.email !== config.serviceAccountEmail || claims.email_verified !== true) {
      throw new StoreNotificationError('the push token is not from our push subscription');
    }
    const seconds = config.now().getTime() / 1000;
    if (claims.exp + CLOCK_LEEWAY_SECONDS < seconds) {
      throw new StoreNotificationError('the push token has expired');
    }
    if (claims.iat - CLOCK_LEEWAY_SECONDS > seconds) {
      throw new StoreNotificationError('the push token is issued in the future');
    }
  };
}

export type ServiceAccountConfig = {
  tokenUrl: string;
  clientEmail: string;
  privateKeyPem: string;
  scope: string;
  now: () => Date;
  fetch: Fetch;
};

const ZAccessToken = z.object({ access_token: z.string(), expires_in: z.number() });

/** Google's token lasts an hour; one a minute from its end is not handed out any more. */
const TOKEN_MARGIN_SECONDS = 60;
const ASSERTION_SECONDS = 3600;

/**
 * An OAuth access token for a service account, by the JWT bearer grant (RFC 7523) that Google's
 * client libraries use, kept until shortly before it expires.
 */
export function serviceAccountAccessToken(config: ServiceAccountConfig): () => Promise<string> {
  let cached: { token: string; until: number } | null = null;
  let requesting: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    const issuedAt = Math.floor(config.now().getTime() / 1000);
    const assertion = signRs256Jwt(
      {
        iss: config.clientEmail,
        scope: config.scope,
        aud: config.tokenUrl,
        iat: issuedAt,
        exp: issuedAt + ASSERTION_SECONDS,
      },
      config.privateKeyPem,
    );
    const response = await config.fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Google's token endpoint answered HTTP ${response.status}`);
    const answer = ZAccessToken.parse(await response.json());
    cached = {
      token: answer.access_token,
      until: (issuedAt + answer.expires_in - TOKEN_MARGIN_SECONDS) * 1000,
    };
    return answer.access_token;
  }

  return async function getAccessToken() {
    if (cached && config.now().getTime() < cached.until) return cached.token;
    requesting ??= requestToken().finally(() => {
      requesting = null;
    });
    return requesting;
  };
}
