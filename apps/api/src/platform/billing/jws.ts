import { type KeyObject, sign, verify } from 'node:crypto';
import { StoreNotificationError } from './store.ts';

/**
 * Compact JWS (RFC 7515) with node:crypto alone, for Google's Pub/Sub push tokens and our service
 * account's assertion (RS256). Apple's are verified by Apple's library; why Google's are not
 * verified by Google's is ADR 025. The algorithm is never taken from the token: the caller says
 * which it expects, so a token cannot pick `none` or an HMAC keyed with a public key.
 */
export type CompactJws = {
  header: Record<string, unknown>;
  payload: unknown;
  signingInput: Buffer;
  signature: Buffer;
};

export type JwsAlgorithm = 'RS256';

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function decodeCompactJws(token: string, what: string): CompactJws {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) {
    throw new StoreNotificationError(`${what} is not a compact JWS`);
  }
  const [header, payload, signature] = parts as [string, string, string];
  try {
    return {
      header: requireObject(JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))),
      payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
      signingInput: Buffer.from(`${header}.${payload}`, 'ascii'),
      signature: Buffer.from(signature, 'base64url'),
    };
  } catch {
    throw new StoreNotificationError(`${what} does not decode`);
  }
}

function requireObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

/** Throws StoreNotificationError unless `jws` is signed by `key` with `algorithm`. */
export function requireJwsSignature(jws: CompactJws, algorithm: JwsAlgorithm, key: KeyObject, what: string) {
  if (jws.header.alg !== algorithm) {
    throw new StoreNotificationError(`${what} is not signed with ${algorithm}`);
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new StoreNotificationError(`${what} names a key that cannot sign ${algorithm}`);
  }
  let verified = false;
  try {
    verified = verify('sha256', jws.signingInput, key, jws.signature);
  } catch {
    // Whatever OpenSSL makes of a malformed signature, it is not a valid one.
  }
  if (!verified) throw new StoreNotificationError(`${what} has a wrong signature`);
}

/** An RS256 JWT, as a service account signs its OAuth assertion. */
export function signRs256Jwt(claims: Record<string, unknown>, privateKey: KeyObject | string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
}
