/**
 * The signed code inside a ticket's QR: `ST1.<payload>.<signature>`, both parts base64url.
 * The payload is a JSON array in a fixed order (see `toWire`) so the QR stays small enough for a
 * phone camera in poor light; the signature is Ed25519 over the ASCII text `ST1.<payload>`, so the
 * version prefix is signed too. This file ships to the browser: WebCrypto only, no Node imports.
 */

export const TICKET_CODE_PREFIX = 'ST1';

// A QR code holds at most 2,953 bytes; anything longer did not come from one of ours.
const MAX_CODE_LENGTH = 2048;
const MAX_TEXT_LENGTH = 200;
const SIGNATURE_BYTES = 64;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TICKET_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const KEY_ID = /^[0-9a-f]{8}$/;

export type TicketPayload = {
  code: string;
  area_id: number;
  area_name: string;
  title: string;
  /** Calendar dates (`YYYY-MM-DD`) in the area's time zone, both days included. */
  valid_from: string;
  valid_until: string;
  holder: string;
  /** Null means unlimited. */
  max_usage: number | null;
  /** Unix seconds: ten digits instead of an ISO string's twenty-four. */
  issued_at: number;
  /** Which of the operator's keys signed it (`ticket-signing.ts`), so keys can rotate. */
  key_id: string;
};

export type DecodedTicketCode = {
  payload: TicketPayload;
  signedBytes: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
};

/** Works with Node's types and the DOM's alike, which name CryptoKey differently. */
export type TicketVerificationKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export type TicketVerification =
  | { valid: true; payload: TicketPayload }
  | { valid: false; reason: 'malformed' | 'unknown_key' | 'bad_signature' };

function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const group = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < chars; j++) out += BASE64URL.charAt((group >> (18 - 6 * j)) & 63);
  }
  return out;
}

// Strict: unpadded, and leftover bits must be zero, so one ticket has exactly one valid text.
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of text) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >> bits) & 0xff;
    }
  }
  return (buffer & ((1 << bits) - 1)) === 0 ? out : null;
}

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT_LENGTH;
const isCount = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
const isDate = (value: unknown): value is string => typeof value === 'string' && DATE.test(value);

function toWire(payload: TicketPayload): unknown[] {
  return [
    payload.code,
    payload.area_id,
    payload.area_name,
    payload.title,
    payload.valid_from,
    payload.valid_until,
    payload.holder,
    payload.max_usage,
    payload.issued_at,
    payload.key_id,
  ];
}

function fromWire(wire: unknown): TicketPayload | null {
  if (!Array.isArray(wire) || wire.length !== 10) return null;
  const [code, areaId, areaName, title, validFrom, validUntil, holder, maxUsage, issuedAt, keyId] = wire;
  if (typeof code !== 'string' || !TICKET_CODE.test(code)) return null;
  if (!isCount(areaId, 1) || !isText(areaName) || !isText(title) || !isText(holder)) return null;
  if (!isDate(validFrom) || !isDate(validUntil) || validFrom > validUntil) return null;
  if (maxUsage !== null && !isCount(maxUsage, 1)) return null;
  if (!isCount(issuedAt, 0) || typeof keyId !== 'string' || !KEY_ID.test(keyId)) return null;
  return {
    code,
    area_id: areaId,
    area_name: areaName,
    title,
    valid_from: validFrom,
    valid_until: validUntil,
    holder,
    max_usage: maxUsage,
    issued_at: issuedAt,
    key_id: keyId,
  };
}

/** The text to sign, `ST1.<payload>`; throws on a payload the verifier would call malformed. */
export function encodeTicketPayload(payload: TicketPayload): string {
  const wire = toWire(payload);
  if (!fromWire(wire)) throw new Error(`Ticket ${payload.code} has a field that cannot be signed`);
  return `${TICKET_CODE_PREFIX}.${toBase64Url(new TextEncoder().encode(JSON.stringify(wire)))}`;
}

export function attachTicketSignature(encodedPayload: string, signature: Uint8Array): string {
  if (signature.length !== SIGNATURE_BYTES) throw new Error('An Ed25519 signature has 64 bytes');
  return `${encodedPayload}.${toBase64Url(signature)}`;
}

/** Null for anything that is not a well-formed ticket code; the signature is not checked here. */
export function decodeTicketCode(text: string): DecodedTicketCode | null {
  if (typeof text !== 'string' || text.length > MAX_CODE_LENGTH) return null;
  // Scanner apps often append a line break.
  const parts = text.trim().split('.');
  if (parts.length !== 3 || parts[0] !== TICKET_CODE_PREFIX) return null;
  const [, payloadPart = '', signaturePart = ''] = parts;
  const payloadBytes = fromBase64Url(payloadPart);
  const signature = fromBase64Url(signaturePart);
  if (!payloadBytes || !signature || signature.length !== SIGNATURE_BYTES) return null;
  let wire: unknown;
  try {
    wire = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payloadBytes));
  } catch {
    return null;
  }
  const payload = fromWire(wire);
  if (!payload) return null;
  const signedBytes = new TextEncoder().encode(`${TICKET_CODE_PREFIX}.${payloadPart}`);
  return { payload, signedBytes: new Uint8Array(signedBytes), signature };
}

/** Offline check with the operator's published keys, by key id (raw 32-byte keys or imported ones). */
export async function verifyTicketCode(
  text: string,
  publicKeys: Record<string, TicketVerificationKey | Uint8Array>,
): Promise<TicketVerification> {
  const decoded = decodeTicketCode(text);
  if (!decoded) return { valid: false, reason: 'malformed' };
  const { payload, signedBytes, signature } = decoded;
  const key = Object.hasOwn(publicKeys, payload.key_id) ? publicKeys[payload.key_id] : undefined;
  if (!key) return { valid: false, reason: 'unknown_key' };
  const verificationKey =
    key instanceof Uint8Array
      ? await crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'Ed25519' }, false, ['verify'])
      : key;
  const valid = await crypto.subtle.verify({ name: 'Ed25519' }, verificationKey, signature, signedBytes);
  return valid ? { valid: true, payload } : { valid: false, reason: 'bad_signature' };
}
