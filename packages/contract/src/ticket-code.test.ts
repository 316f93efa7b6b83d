import type { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  attachTicketSignature,
  decodeTicketCode,
  encodeTicketPayload,
  type TicketPayload,
  verifyTicketCode,
} from './ticket-code.ts';

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

async function makeSigner() {
  const keys = (await crypto.subtle.generateKey('Ed25519', true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const sign = async (value: TicketPayload) => {
    const encoded = encodeTicketPayload(value);
    const signed = new TextEncoder().encode(encoded);
    const signature = await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, signed);
    return attachTicketSignature(encoded, new Uint8Array(signature));
  };
  return { sign, raw, publicKey: keys.publicKey };
}

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

describe('signed ticket codes', () => {
  it('round-trips every field, diacritics included, and verifies with a raw or an imported key', async () => {
    const signer = await makeSigner();
    const code = await signer.sign(payload);
    expect(code).toMatch(/^ST1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    expect(decodeTicketCode(code)?.payload).toEqual(payload);
    expect(await verifyTicketCode(code, { [payload.key_id]: signer.raw })).toEqual({ valid: true, payload });
    expect(await verifyTicketCode(code, { [payload.key_id]: signer.publicKey })).toEqual({
      valid: true,
      payload,
    });
  });

  it('keeps an unlimited ticket unlimited', async () => {
    const signer = await makeSigner();
    const code = await signer.sign({ ...payload, max_usage: null });
    expect(decodeTicketCode(code)?.payload.max_usage).toBeNull();
  });

  it('fits a QR code a phone reads easily', async () => {
    const signer = await makeSigner();
    const long = { ...payload, title: 'Permesso pesca sportiva stagionale', area_name: 'Riserva del Sesia' };
    expect((await signer.sign(long)).length).toBeLessThan(400);
  });

  it('rejects a code whose payload was changed after signing', async () => {
    const signer = await makeSigner();
    const [prefix, payloadPart = '', signature] = (await signer.sign(payload)).split('.');
    const bytes = fromBase64Url(payloadPart);
    const forged = new TextDecoder().decode(bytes).replace('"2026-09-14"', '"2026-09-24"');
    const code = [prefix, toBase64Url(new TextEncoder().encode(forged)), signature].join('.');
    expect(decodeTicketCode(code)?.payload.valid_until).toBe('2026-09-24');
    expect(await verifyTicketCode(code, { [payload.key_id]: signer.raw })).toEqual({
      valid: false,
      reason: 'bad_signature',
    });
  });

  it('rejects a code whose signature has one byte changed', async () => {
    const signer = await makeSigner();
    const [prefix, payloadPart, signaturePart = ''] = (await signer.sign(payload)).split('.');
    const signature = fromBase64Url(signaturePart);
    signature[10] = (signature[10] ?? 0) ^ 0x01;
    const code = [prefix, payloadPart, toBase64Url(signature)].join('.');
    expect(await verifyTicketCode(code, { [payload.key_id]: signer.raw })).toEqual({
      valid: false,
      reason: 'bad_signature',
    });
  });

  it('rejects a code signed by another key as bad, and one with an unpublished key id as unknown', async () => {
    const signer = await makeSigner();
    const other = await makeSigner();
    const code = await signer.sign(payload);
    expect(await verifyTicketCode(code, { [payload.key_id]: other.raw })).toEqual({
      valid: false,
      reason: 'bad_signature',
    });
    expect(await verifyTicketCode(code, { ffffffff: signer.raw })).toEqual({
      valid: false,
      reason: 'unknown_key',
    });
    const unpublished = await signer.sign({ ...payload, key_id: '00000000' });
    expect(await verifyTicketCode(unpublished, {})).toEqual({ valid: false, reason: 'unknown_key' });
  });

  it('calls garbage malformed without throwing', async () => {
    const signer = await makeSigner();
    const good = await signer.sign(payload);
    const [, payloadPart, signaturePart] = good.split('.');
    const notJson = toBase64Url(new TextEncoder().encode('{not json'));
    const wrongShape = toBase64Url(new TextEncoder().encode('{"code":"X"}'));
    const garbage: unknown[] = [
      '',
      'ST1',
      'ST1..',
      'https://example.com/ticket/123',
      `ST2.${payloadPart}.${signaturePart}`,
      `ST1.${payloadPart}`,
      `ST1.${payloadPart}.${signaturePart}.extra`,
      `ST1.${payloadPart}.${signaturePart?.slice(0, -2)}`,
      `ST1.${payloadPart}+.${signaturePart}`,
      `ST1.${notJson}.${signaturePart}`,
      `ST1.${wrongShape}.${signaturePart}`,
      `ST1.${toBase64Url(new Uint8Array([0xff, 0xfe, 0xfd]))}.${signaturePart}`,
      `ST1.${'A'.repeat(5_000_000)}.${signaturePart}`,
      '\u0000'.repeat(100),
      null,
      42,
    ];
    for (const text of garbage) {
      expect(decodeTicketCode(text as string)).toBeNull();
      expect(await verifyTicketCode(text as string, { [payload.key_id]: signer.raw })).toEqual({
        valid: false,
        reason: 'malformed',
      });
    }
  });

  it('accepts the line break a scanner app appends', async () => {
    const signer = await makeSigner();
    const code = await signer.sign(payload);
    expect((await verifyTicketCode(`${code}\n`, { [payload.key_id]: signer.raw })).valid).toBe(true);
  });

  it('refuses to sign a payload the verifier would call malformed', () => {
    expect(() => encodeTicketPayload({ ...payload, valid_until: '14/09/2026' })).toThrow();
    expect(() => encodeTicketPayload({ ...payload, max_usage: 0 })).toThrow();
    expect(() => encodeTicketPayload({ ...payload, key_id: 'nope' })).toThrow();
  });
});
