import {
  attachTicketSignature,
  encodeTicketPayload,
  type TicketPayload,
} from '@sentiero/contract/ticket-code';
import { attachCompactSignature, encodeCompactClaims } from '@sentiero/contract/ticket-code-compact';
import { describe, expect, it } from 'vitest';
import { findVerificationKeys, saveVerificationKeys, toRawKeys } from './verification-keys.ts';
import { checkTicketCode } from './verify-ticket.ts';

const payload: TicketPayload = {
  code: 'T7KQ2M9XWD',
  area_id: 42,
  area_name: 'Alta Valle Tanaro',
  title: 'Permesso funghi giornaliero',
  valid_from: '2026-09-12',
  valid_until: '2026-09-14',
  holder: 'Žiga Šinkovec',
  max_usage: 3,
  issued_at: 1_789_000_000,
  key_id: '0a1b2c3d',
};

/** The operator's signing key, published as the keys endpoint does (a JWK with a raw `x`). */
async function makeOperator() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const published = {
    kty: 'OKP' as const,
    crv: 'Ed25519' as const,
    x: Buffer.from(raw).toString('base64url'),
    kid: payload.key_id,
  };
  const sign = async (value: TicketPayload) => {
    const encoded = encodeTicketPayload(value);
    const signature = await crypto.subtle.sign(
      { name: 'Ed25519' },
      pair.privateKey,
      new TextEncoder().encode(encoded),
    );
    return attachTicketSignature(encoded, new Uint8Array(signature));
  };
  const signCompact = async () => {
    const bytes = encodeCompactClaims({
      keyId: payload.key_id,
      code: 'T7KQ2M9XWDH',
      ticketId: 12,
      areaId: 42,
      validFrom: payload.valid_from,
      validUntil: payload.valid_until,
      initials: 'ZS',
      guests: 1,
      maxUses: 3,
    });
    const signature = await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, bytes);
    return attachCompactSignature(bytes, new Uint8Array(signature));
  };
  return { published, sign, signCompact };
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    length: 0,
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: () => null,
    removeItem: (key) => items.delete(key),
    setItem: (key, value) => items.set(key, value),
  };
}

const during = new Date('2026-09-13T09:00:00Z');

describe('verifying a ticket offline', () => {
  it('shows a genuine first-format ticket as valid, with its holder, title and dates', async () => {
    const operator = await makeOperator();
    const keys = toRawKeys([operator.published]);
    const view = await checkTicketCode(`${await operator.sign(payload)}\n`, keys, during);
    expect(view).toMatchObject({
      valid: true,
      ticket: { format: 'ST1', holder: payload.holder, title: payload.title, validUntil: '2026-09-14' },
      revocationChecked: false,
      usesChecked: false,
    });
  });

  it('shows a genuine compact ticket as valid, with the holder’s initials and the ticket’s id', async () => {
    const operator = await makeOperator();
    const view = await checkTicketCode(await operator.signCompact(), toRawKeys([operator.published]), during);
    expect(view).toMatchObject({
      valid: true,
      ticket: { format: 'ST2', holder: 'ZS', ticketId: 12, areaId: 42 },
    });
  });

  it('tells a ticket not valid yet from an expired one, by the date in Italy', async () => {
    const operator = await makeOperator();
    const keys = toRawKeys([operator.published]);
    const code = await operator.sign(payload);
    // 23:30 UTC on the 11th is already the 12th in Rome.
    expect(await checkTicketCode(code, keys, new Date('2026-09-11T23:30:00Z'))).toMatchObject({
      valid: true,
    });
    expect(await checkTicketCode(code, keys, new Date('2026-09-11T12:00:00Z'))).toMatchObject({
      reason: 'not_yet_valid',
    });
    expect(await checkTicketCode(code, keys, new Date('2026-09-15T08:00:00Z'))).toMatchObject({
      reason: 'expired',
    });
  });

  it('refuses a code with one character changed', async () => {
    const operator = await makeOperator();
    const code = await operator.sign(payload);
    const signatureStart = code.lastIndexOf('.') + 1;
    const changed = `${code.slice(0, signatureStart)}${code[signatureStart] === 'A' ? 'B' : 'A'}${code.slice(signatureStart + 1)}`;
    const view = await checkTicketCode(changed, toRawKeys([operator.published]), during);
    expect(view).toMatchObject({ valid: false, reason: 'signature_invalid' });
  });

  it('names why a code is refused: empty, not a ticket code, or not Sentiero’s', async () => {
    const operator = await makeOperator();
    const code = await operator.sign(payload);
    expect(await checkTicketCode('  ', {}, during)).toEqual({ valid: false, reason: 'empty', ticket: null });
    expect(await checkTicketCode('hello', {}, during)).toEqual({
      valid: false,
      reason: 'unreadable',
      ticket: null,
    });
    expect(await checkTicketCode(code, {}, during)).toMatchObject({ valid: false, reason: 'not_sentiero' });
  });

  it('keeps the published keys on the phone and skips keys it cannot use', () => {
    const storage = memoryStorage();
    expect(findVerificationKeys(storage)).toBeNull();
    const good = {
      kty: 'OKP' as const,
      crv: 'Ed25519' as const,
      x: Buffer.alloc(32, 1).toString('base64url'),
      kid: 'aaaaaaaa',
    };
    const short = { ...good, x: 'AAAA', kid: 'bbbbbbbb' };
    saveVerificationKeys(storage, [good, short]);
    const saved = findVerificationKeys(storage);
    expect(saved?.keys).toEqual([good, short]);
    expect(Object.keys(toRawKeys(saved?.keys ?? []))).toEqual(['aaaaaaaa']);
  });
});
