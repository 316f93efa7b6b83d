import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { decodeRevokedCodes, isRevoked } from '@sentiero/contract/ranger-field';
import { describe, expect, it } from 'vitest';
import { loadBundleSigner } from '../../platform/bundle-signing.ts';
import { bundleContent, signBundle } from './bundle.ts';

/*
 * Issue 24's figure: a bundle with 100,000 revoked tickets fits in 1 MB once compressed, exactly
 * (no false positives: a code not revoked is never found). ADR 043 says why this structure.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A ticket code as checkout makes one: `T` and ten random characters of its alphabet. */
const ticketCode = () => `T${[...randomBytes(10)].map((byte) => ALPHABET[byte % 32]).join('')}`;

describe("a bundle's revoked list", () => {
  it('holds 100,000 revoked tickets in under 1 MB compressed, and finds each of them', () => {
    const revoked = Array.from({ length: 100_000 }, ticketCode);
    const signer = loadBundleSigner(generateKeyPairSync('ed25519').privateKey);
    const signed = signBundle(
      bundleContent({
        deviceId: 1,
        now: new Date('2026-11-23T08:00:00Z'),
        hours: 24,
        ticketKeys: [{ key_id: '0011aabb', alg: 'Ed25519', x: 'x'.repeat(43) }],
        areas: [],
        revokedCodes: revoked,
        uses: [],
      }),
      signer,
    );
    const compressed = gzipSync(JSON.stringify(signed)).length;
    expect(compressed).toBeLessThanOrEqual(1_000_000);
    const codes = decodeRevokedCodes(JSON.parse(signed.payload).revoked.codes);
    const listed = new Set(revoked);
    expect(codes).toHaveLength(listed.size);
    expect(revoked.every((code) => isRevoked(codes, code))).toBe(true);
    const others = Array.from({ length: 10_000 }, ticketCode).filter((code) => !listed.has(code));
    expect(others.some((code) => isRevoked(codes, code))).toBe(false);
    console.info(`100,000 revoked tickets: ${compressed} bytes compressed`);
  });
});
