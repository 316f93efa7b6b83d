import { type RangerBundleContent, ZRangerBundleContent } from '@sentiero/contract/ranger';
import { decodeRevokedCodes, ticketCodeNumber } from '@sentiero/contract/ranger-field';
import type { StoredBundle } from './kept.ts';

/**
 * The signed bundle (ADR 043) as the phone checks and reads it: Ed25519 over `SB1.` and the
 * payload, by the bundle key the enrolment gave; then the payload turned into what a verdict
 * asks for in a few comparisons (keys by id, revoked tickets as sorted numbers, uses by code).
 */

const encoder = new TextEncoder();

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether the bundle carries the bundle key's signature; anything else is not kept. */
export async function bundleSignatureHolds(
  bundle: Pick<StoredBundle, 'format' | 'key_id' | 'payload' | 'signature'>,
  bundleKey: { keyId: string; x: string },
): Promise<boolean> {
  if (bundle.format !== 'SB1' || bundle.key_id !== bundleKey.keyId) return false;
  try {
    const key = await crypto.subtle.importKey('raw', fromBase64Url(bundleKey.x), { name: 'Ed25519' }, false, [
      'verify',
    ]);
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      fromBase64Url(bundle.signature),
      encoder.encode(`SB1.${bundle.payload}`),
    );
  } catch {
    return false;
  }
}

export type BundleArea = RangerBundleContent['areas'][number];

/** A checked bundle, ready for verdicts. */
export type BundleIndex = {
  content: RangerBundleContent;
  issuedAt: Date;
  expiresAt: Date;
  /** Raw 32-byte Ed25519 keys by key id, as `judgeTicket` takes them. */
  publicKeys: Record<string, Uint8Array>;
  /** Revoked ticket codes as numbers (`ticketCodeNumber`), sorted. */
  revoked: Float64Array;
  /** Uses the server had recorded when it issued the bundle, by ticket code. */
  uses: Map<string, number>;
  areas: Map<number, BundleArea>;
  /** The areas' ticket titles by ticket id, in the ranger's language. */
  ticketTitles: Map<number, string>;
};

export function indexBundle(bundle: StoredBundle): BundleIndex {
  const content = ZRangerBundleContent.parse(JSON.parse(bundle.payload));
  const publicKeys: Record<string, Uint8Array> = {};
  for (const key of content.ticket_keys) {
    const raw = fromBase64Url(key.x);
    if (raw.length === 32) publicKeys[key.key_id] = raw;
  }
  return {
    content,
    issuedAt: new Date(bundle.issued_at),
    expiresAt: new Date(bundle.expires_at),
    publicKeys,
    revoked: Float64Array.from(decodeRevokedCodes(content.revoked.codes)).sort(),
    uses: new Map(content.uses),
    areas: new Map(content.areas.map((area) => [area.id, area])),
    ticketTitles: new Map(
      content.areas.flatMap((area) => area.tickets.map((ticket) => [ticket.id, ticket.title])),
    ),
  };
}

/** By halving: 17 comparisons for 100,000 tickets. */
export function isRevokedCode(revoked: Float64Array, code: string): boolean {
  const value = ticketCodeNumber(code);
  if (value === null) return false;
  let low = 0;
  let high = revoked.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = revoked[middle] as number;
    if (found === value) return true;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

export type Freshness = { tone: 'fresh' | 'stale' | 'expired'; ageMs: number };

/** SPEC of issue 24: fresh under an hour, stale until it expires, expired after. */
export const FRESH_MS = 60 * 60 * 1000;

export function bundleFreshness(index: Pick<BundleIndex, 'issuedAt' | 'expiresAt'>, now: Date): Freshness {
  const ageMs = Math.max(0, now.getTime() - index.issuedAt.getTime());
  if (now.getTime() >= index.expiresAt.getTime()) return { tone: 'expired', ageMs };
  return { tone: ageMs < FRESH_MS ? 'fresh' : 'stale', ageMs };
}
