import { createHash, createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign } from 'node:crypto';

/** Bundles are signed over this prefix and the payload's text (ADR 043). */
export const BUNDLE_FORMAT = 'SB1';

/**
 * Signs the rangers' offline bundles (ADR 043) with an Ed25519 key of its own, derived from the
 * ticket key (HKDF-SHA-256 of its seed): no new secret to configure and keep, the same key in
 * every process and across restarts, and yet never the ticket key itself, so a signature that
 * vouches for a bundle can never be taken for one that vouches for a ticket.
 */
export type BundleSigner = {
  keyId: string;
  /** The 32-byte public key, base64url. */
  publicKeyRaw: string;
  sign(payload: string): string;
};

// PKCS#8 of an Ed25519 key, up to its 32-byte seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function derivedKey(ticketKey: KeyObject): KeyObject {
  const { d } = ticketKey.export({ format: 'jwk' });
  if (!d) throw new Error('An Ed25519 private key has a seed');
  const seed = Buffer.from(
    hkdfSync('sha256', Buffer.from(d, 'base64url'), 'sentiero', 'ranger-bundle-signing-key-v1', 32),
  );
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

export function loadBundleSigner(ticketKey: KeyObject): BundleSigner {
  const privateKey = derivedKey(ticketKey);
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  if (!x) throw new Error('An Ed25519 public key has an x coordinate');
  return {
    keyId: createHash('sha256').update(Buffer.from(x, 'base64url')).digest('hex').slice(0, 8),
    publicKeyRaw: x,
    sign: (payload) =>
      sign(null, Buffer.from(`${BUNDLE_FORMAT}.${payload}`, 'utf8'), privateKey).toString('base64url'),
  };
}
