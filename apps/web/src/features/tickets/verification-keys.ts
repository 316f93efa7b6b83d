import type { ApiOutput } from '@sentiero/contract/api';

type PublicKey = ApiOutput<'ticketKeys'>['keys'][number];

export const VERIFICATION_KEYS_STORAGE_KEY = 'sentiero.ticket-keys.v1';

type SavedKeys = { version: 1; savedAt: string; keys: PublicKey[] };

export function saveVerificationKeys(storage: Storage, keys: PublicKey[], now = new Date()) {
  const saved: SavedKeys = { version: 1, savedAt: now.toISOString(), keys };
  try {
    storage.setItem(VERIFICATION_KEYS_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage disabled: verification works while this page stays open.
  }
}

export function findVerificationKeys(storage: Storage): SavedKeys | null {
  try {
    const saved = JSON.parse(storage.getItem(VERIFICATION_KEYS_STORAGE_KEY) ?? 'null') as SavedKeys | null;
    return saved?.version === 1 && Array.isArray(saved.keys) ? saved : null;
  } catch {
    return null;
  }
}

function fromBase64Url(text: string): Uint8Array | null {
  try {
    const base64 = text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '=');
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The published JWKs as `verifyTicketCode` takes them: raw 32-byte Ed25519 keys by key id. */
export function toRawKeys(keys: PublicKey[]): Record<string, Uint8Array> {
  const raw: Record<string, Uint8Array> = {};
  for (const key of keys) {
    const bytes = key.kty === 'OKP' && key.crv === 'Ed25519' ? fromBase64Url(key.x) : null;
    if (bytes?.length === 32) raw[key.kid] = bytes;
  }
  return raw;
}
