import type { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  attachCompactSignature,
  COMPACT_CODE_PREFIX,
  type CompactTicketClaims,
  decodeCompactCode,
  encodeCompactClaims,
  holderInitials,
  ticketQrMode,
} from './ticket-code-compact.ts';

const claims: CompactTicketClaims = {
  keyId: '0a1b2c3d',
  code: 'T7KQ2M9XWDH',
  ticketId: 1234,
  areaId: 42,
  validFrom: '2026-09-12',
  validUntil: '2026-09-14',
  initials: 'ZS',
  guests: 1,
  maxUses: 3,
};

async function makeSigner() {
  const keys = (await crypto.subtle.generateKey('Ed25519', true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const sign = async (value: CompactTicketClaims) => {
    const bytes = encodeCompactClaims(value);
    return attachCompactSignature(
      bytes,
      new Uint8Array(await crypto.subtle.sign('Ed25519', keys.privateKey, bytes)),
    );
  };
  return { sign, publicKey: keys.publicKey };
}

const verifies = async (text: string, publicKey: webcrypto.CryptoKey) => {
  const decoded = decodeCompactCode(text);
  return !!decoded && crypto.subtle.verify('Ed25519', publicKey, decoded.signature, decoded.signedBytes);
};

describe('compact ticket codes', () => {
  it('round-trips every claim, an unlimited ticket and the largest ids included', async () => {
    const signer = await makeSigner();
    for (const value of [
      claims,
      { ...claims, maxUses: null, initials: '', guests: 4 },
      {
        ...claims,
        ticketId: 0xffff_ffff,
        areaId: 1,
        code: 'A',
        validFrom: '2020-01-01',
        validUntil: '2021-01-01',
      },
      { ...claims, validFrom: '2199-06-05', validUntil: '2199-06-05', initials: 'MLS' },
    ]) {
      const text = await signer.sign(value);
      expect(decodeCompactCode(text)?.claims).toEqual(value);
      expect(await verifies(text, signer.publicKey)).toBe(true);
    }
  });

  it('is written in the QR code’s alphanumeric set and stays short', async () => {
    const text = await (await makeSigner()).sign(claims);
    expect(text).toMatch(/^ST2\.[A-Z2-7]+$/);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(ticketQrMode(text)).toBe('alphanumeric');
    expect(ticketQrMode('ST1.abc.def')).toBe('byte');
  });

  it('fails the signature when any one byte is changed, claims or signature', async () => {
    const signer = await makeSigner();
    const text = await signer.sign(claims);
    const decoded = decodeCompactCode(text);
    if (!decoded) throw new Error('the code decodes');
    const whole = new Uint8Array([...decoded.signedBytes, ...decoded.signature]);
    // The area id (a claim that decides entry) and a byte of the signature.
    for (const index of [9 + 2, decoded.signedBytes.length + 10]) {
      const tampered = whole.slice();
      tampered[index] = (tampered[index] ?? 0) ^ 0x01;
      const forged = attachCompactSignature(tampered.slice(0, -64), tampered.slice(-64));
      expect(forged).not.toBe(text);
      expect(await verifies(forged, signer.publicKey)).toBe(false);
    }
  });

  it('calls garbage null without throwing', async () => {
    const text = await (await makeSigner()).sign(claims);
    const body = text.slice(COMPACT_CODE_PREFIX.length);
    for (const garbage of [
      '',
      'ST2.',
      'ST2.AAAA',
      `ST2.${body}A`,
      `ST2.${body.toLowerCase()}`,
      `ST2.${body.slice(0, -1)}9`,
      `ST3.${body}`,
      `ST2.${'A'.repeat(5000)}`,
      `ST2.${body.slice(0, 20)}`,
      null,
    ]) {
      expect(decodeCompactCode(garbage as string)).toBeNull();
    }
    expect(decodeCompactCode(`${text}\n`)?.claims).toEqual(claims);
  });

  it('refuses to sign claims it could not read back', () => {
    for (const bad of [
      { code: 'T0O1' },
      { code: '' },
      { validUntil: '2026-09-11' },
      { validFrom: '2019-12-31' },
      { validFrom: '2026-02-30' },
      { maxUses: 0 },
      { guests: 0 },
      { initials: 'ABCD' },
      { keyId: 'nope' },
      { areaId: 0 },
    ]) {
      expect(() => encodeCompactClaims({ ...claims, ...bad })).toThrow();
    }
  });
});

describe('holder initials', () => {
  it('takes first letters without accents, and the first two and the last of a long name', () => {
    expect(holderInitials('Nicolò Čarman')).toBe('NC');
    expect(holderInitials('Žiga Šinkovec')).toBe('ZS');
    expect(holderInitials("Maria Luisa De' Santis-Rossi")).toBe('MLR');
    expect(holderInitials('Anna')).toBe('A');
    expect(holderInitials('李 小龍')).toBe('');
  });
});
