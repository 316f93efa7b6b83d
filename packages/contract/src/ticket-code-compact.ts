/**
 * The compact signed code inside a ticket's QR (ADR 044): `ST2.` and base32 of a few bytes of
 * claims followed by their Ed25519 signature. Only what a ranger's phone cannot look up carries:
 * the titles and names the first format (`ticket-code.ts`, `ST1.…`) spelled out are left to the
 * phone's bundle. Every character is one of the QR code's alphanumeric set, so the symbol is drawn
 * in alphanumeric mode (5.5 bits a character) and stays at version 6 or 7, level M.
 *
 * Bytes, big-endian; "varint" is unsigned LEB128 written in the fewest bytes:
 *   1  version (2)            4  key id (the signer's first 4 bytes of SHA-256 of its public key)
 *   1  code length n          ⌈5n/8⌉  code, 5 bits a character in TICKET_CODE_ALPHABET
 *   varint ticket id          varint area id
 *   2  first valid day (days since 2020-01-01)   varint days after it the ticket stays valid
 *   varint guests             varint maximum uses (0: unlimited)
 *   1  initials length m      m  holder's initials, A–Z
 *   64 Ed25519 signature over every byte before it
 * This file ships to the browser: WebCrypto only, no Node imports.
 */

export const COMPACT_CODE_PREFIX = 'ST2.';
export const COMPACT_CODE_VERSION = 2;
/** The letters of issued ticket codes (`T…`): no I, O, 0 or 1, so a typed code is never misread. */
export const TICKET_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const SIGNATURE_BYTES = 64;
const MAX_CODE_CHARS = 16;
const MAX_INITIALS = 3;
const MAX_TEXT_LENGTH = 400;
const EPOCH_MS = Date.UTC(2020, 0, 1);
const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const KEY_ID = /^[0-9a-f]{8}$/;
/** The QR code's alphanumeric character set. */
const QR_ALPHANUMERIC = /^[0-9A-Z $%*+./:-]*$/;

export type CompactTicketClaims = {
  /** 8 hex digits, as `ticket-signing.ts` names its key. */
  keyId: string;
  code: string;
  ticketId: number;
  areaId: number;
  /** Calendar dates (`YYYY-MM-DD`) in the area's time zone, both included. */
  validFrom: string;
  validUntil: string;
  /** Up to three letters A–Z; see `holderInitials`. */
  initials: string;
  guests: number;
  /** Null means unlimited. */
  maxUses: number | null;
};

export type DecodedCompactCode = {
  claims: CompactTicketClaims;
  signedBytes: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
};

/** "Nicolò Čarman" → "NC"; four or more names keep the first two and the last. */
export function holderInitials(name: string): string {
  const letters = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[\s\-'’.]+/u)
    .map((word) =>
      word
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .charAt(0),
    )
    .filter(Boolean);
  const chosen = letters.length > MAX_INITIALS ? [...letters.slice(0, 2), letters.at(-1)] : letters;
  return chosen.join('');
}

function toDays(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return Math.round((ms - EPOCH_MS) / DAY_MS);
}

const fromDays = (days: number) => new Date(EPOCH_MS + days * DAY_MS).toISOString().slice(0, 10);
const isCount = (value: number, min: number) =>
  Number.isSafeInteger(value) && value >= min && value <= 0xffff_ffff;

function writeVarint(out: number[], value: number) {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** The bytes to sign; throws on claims the decoder would not read back exactly. */
export function encodeCompactClaims(claims: CompactTicketClaims): Uint8Array<ArrayBuffer> {
  const { code, initials } = claims;
  const from = toDays(claims.validFrom);
  const until = toDays(claims.validUntil);
  const fits =
    KEY_ID.test(claims.keyId) &&
    code.length >= 1 &&
    code.length <= MAX_CODE_CHARS &&
    [...code].every((char) => TICKET_CODE_ALPHABET.includes(char)) &&
    isCount(claims.ticketId, 1) &&
    isCount(claims.areaId, 1) &&
    from !== null &&
    until !== null &&
    from >= 0 &&
    from <= 0xffff &&
    until >= from &&
    isCount(claims.guests, 1) &&
    (claims.maxUses === null || isCount(claims.maxUses, 1)) &&
    /^[A-Z]{0,3}$/.test(initials);
  if (!fits || from === null || until === null)
    throw new Error(`Ticket ${code} has a claim that cannot be signed`);
  const out: number[] = [COMPACT_CODE_VERSION];
  for (let i = 0; i < 8; i += 2) out.push(Number.parseInt(claims.keyId.slice(i, i + 2), 16));
  out.push(code.length);
  let buffer = 0;
  let bits = 0;
  for (const char of code) {
    buffer = (buffer << 5) | TICKET_CODE_ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  if (bits > 0) out.push((buffer << (8 - bits)) & 0xff);
  writeVarint(out, claims.ticketId);
  writeVarint(out, claims.areaId);
  out.push(from >> 8, from & 0xff);
  writeVarint(out, until - from);
  writeVarint(out, claims.guests);
  writeVarint(out, claims.maxUses ?? 0);
  out.push(initials.length);
  for (const char of initials) out.push(char.charCodeAt(0));
  return new Uint8Array(out);
}

function toBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32.charAt((buffer >> bits) & 31);
    }
  }
  if (bits > 0) out += BASE32.charAt((buffer << (5 - bits)) & 31);
  return out;
}

// Strict: no padding, and leftover bits must be zero, so one ticket has exactly one valid text.
function fromBase32(text: string): Uint8Array<ArrayBuffer> | null {
  if ([1, 3, 6].includes(text.length % 8)) return null;
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of text) {
    const value = BASE32.indexOf(char);
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >> bits) & 0xff;
    }
  }
  return (buffer & ((1 << bits) - 1)) === 0 ? out : null;
}

export function attachCompactSignature(claims: Uint8Array, signature: Uint8Array): string {
  if (signature.length !== SIGNATURE_BYTES) throw new Error('An Ed25519 signature has 64 bytes');
  const whole = new Uint8Array(claims.length + SIGNATURE_BYTES);
  whole.set(claims);
  whole.set(signature, claims.length);
  return `${COMPACT_CODE_PREFIX}${toBase32(whole)}`;
}

/** Reads the claims from `bytes`; null unless every byte is used exactly as the encoder writes it. */
function readClaims(bytes: Uint8Array): CompactTicketClaims | null {
  let at = 0;
  const byte = () => (at < bytes.length ? (bytes[at++] as number) : -1);
  const varint = () => {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const next = byte();
      if (next < 0) return -1;
      value += (next & 0x7f) * 2 ** shift;
      // The fewest bytes only: a trailing zero group would give one ticket a second text.
      if (!(next & 0x80)) return next === 0 && shift > 0 ? -1 : value;
    }
    return -1;
  };
  if (byte() !== COMPACT_CODE_VERSION) return null;
  let keyId = '';
  for (let i = 0; i < 4; i++) keyId += byte().toString(16).padStart(2, '0');
  const length = byte();
  if (length < 1 || length > MAX_CODE_CHARS || at + Math.ceil((length * 5) / 8) > bytes.length) return null;
  let code = '';
  let buffer = 0;
  let bits = 0;
  while (code.length < length) {
    if (bits < 5) {
      buffer = ((buffer << 8) | byte()) & 0xffff;
      bits += 8;
    }
    bits -= 5;
    code += TICKET_CODE_ALPHABET.charAt((buffer >> bits) & 31);
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  const ticketId = varint();
  const areaId = varint();
  const from = byte() * 256 + byte();
  const span = varint();
  const guests = varint();
  const maxUses = varint();
  const initialsLength = byte();
  if (ticketId < 1 || areaId < 1 || from < 0 || span < 0 || guests < 1 || maxUses < 0) return null;
  if (initialsLength < 0 || initialsLength > MAX_INITIALS || at + initialsLength !== bytes.length)
    return null;
  const initials = String.fromCharCode(...bytes.subarray(at, at + initialsLength));
  if (!/^[A-Z]*$/.test(initials)) return null;
  return {
    keyId,
    code,
    ticketId,
    areaId,
    validFrom: fromDays(from),
    validUntil: fromDays(from + span),
    initials,
    guests,
    maxUses: maxUses === 0 ? null : maxUses,
  };
}

/** Null for anything that is not a well-formed compact code; the signature is not checked here. */
export function decodeCompactCode(text: string): DecodedCompactCode | null {
  if (typeof text !== 'string' || text.length > MAX_TEXT_LENGTH) return null;
  const trimmed = text.trim();
  if (!trimmed.startsWith(COMPACT_CODE_PREFIX)) return null;
  const bytes = fromBase32(trimmed.slice(COMPACT_CODE_PREFIX.length));
  if (!bytes || bytes.length <= SIGNATURE_BYTES) return null;
  const signedBytes = bytes.slice(0, bytes.length - SIGNATURE_BYTES);
  const claims = readClaims(signedBytes);
  return claims ? { claims, signedBytes, signature: bytes.slice(bytes.length - SIGNATURE_BYTES) } : null;
}

/**
 * The QR mode a ticket's code is drawn in: a compact code in one alphanumeric segment (every
 * character is in the QR code's alphanumeric set), a first-format code in one byte segment as
 * before. Both the PDF and the phone draw from this, so a ticket's two pictures are one symbol.
 */
export function ticketQrMode(text: string): 'alphanumeric' | 'byte' {
  return text.startsWith(COMPACT_CODE_PREFIX) && QR_ALPHANUMERIC.test(text) ? 'alphanumeric' : 'byte';
}
