/**
 * What a ranger's phone and the server compute alike (ADR 043): the text a device signs for each
 * request, the hash chain of what it records, and the compact list of revoked ticket codes in
 * its bundle. This file ships to the browser: WebCrypto only, no Node imports.
 */

import type { GrowthLevel } from './growth.ts';

/** The headers of a device's signed request. */
export const DEVICE_HEADERS = {
  device: 'x-ranger-device',
  timestamp: 'x-ranger-timestamp',
  nonce: 'x-ranger-nonce',
  signature: 'x-ranger-signature',
} as const;

/** A signed request's timestamp may differ from the server's clock by this much, either way. */
export const DEVICE_REQUEST_WINDOW_SECONDS = 300;
export const DEVICE_NONCE = /^[A-Za-z0-9_-]{16,64}$/;

const encoder = new TextEncoder();

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));
}

/**
 * The text a device signs (ECDSA P-256, SHA-256): every part that decides what the request does,
 * so an altered method, path, query, body, timestamp or nonce no longer matches its signature.
 */
export function deviceRequestText(parts: {
  method: string;
  /** The path with its query string, as sent. */
  url: string;
  deviceId: number;
  timestamp: number;
  nonce: string;
  /** SHA-256 of the body's bytes, hex (of no bytes for a GET). */
  bodyHash: string;
}): string {
  return [
    'SENTIERO-DEVICE-1',
    parts.method.toUpperCase(),
    parts.url,
    String(parts.deviceId),
    String(parts.timestamp),
    parts.nonce,
    parts.bodyHash,
  ].join('\n');
}

/** The hash before a device's first record. */
export const CHAIN_GENESIS = '0'.repeat(64);

/** What a ranger judged of an inspection (issue 24, item 5). */
export const INSPECTION_OUTCOMES = ['ok', 'warning', 'violation'] as const;
export type InspectionOutcome = (typeof INSPECTION_OUTCOMES)[number];
/** The kinds of record a device's one chain holds (ADR 047). */
export const CHAIN_RECORD_KINDS = ['use', 'inspection', 'growth'] as const;
export type ChainRecordKind = (typeof CHAIN_RECORD_KINDS)[number];
export const INSPECTION_NOTE_MAX = 1000;
export const INSPECTION_PHOTOS_MAX = 4;

/** What every record of a device's log has, whatever its kind. */
type ChainRecordCommon = {
  seq: number;
  client_id: string;
  /** ISO 8601 with offset, as the device wrote it. */
  device_time: string;
  latitude: number | null;
  longitude: number | null;
  prev_hash: string;
};

/** A use of a ticket (ADR 043). */
export type ChainUseRecord = ChainRecordCommon & { kind: 'use'; ticket_code: string };

/** An inspection (ADR 047): of a ticket's holder, or of someone with no permit (`ticket_code` null). */
export type ChainInspectionRecord = ChainRecordCommon & {
  kind: 'inspection';
  area_id: number;
  ticket_code: string | null;
  outcome: InspectionOutcome;
  /** At most 1,000 characters, '' for none; hashed as sent (not trimmed). */
  note: string;
  /** The weighed basket in whole grams, or null when nothing was weighed. */
  basket_g: number | null;
  /** SHA-256 (hex, lower case) of each photo file's bytes, as uploaded afterwards; at most 4. */
  photo_hashes: string[];
};

/** The growth level the ranger saw in an area that day (ADR 040, 047). */
export type ChainGrowthRecord = ChainRecordCommon & {
  kind: 'growth';
  area_id: number;
  level: GrowthLevel;
  /** A code of `species-list.ts`, or null. */
  species: string | null;
};

/** One record of a device's log, as it is hashed: each carries the hash of the one before. */
export type ChainRecord = ChainUseRecord | ChainInspectionRecord | ChainGrowthRecord;

/**
 * SHA-256 (hex) of the record as a JSON array in a fixed order. A use keeps the order of ADR 043
 * (`[seq, client_id, 'use', ticket_code, device_time, latitude, longitude, prev_hash]`), so
 * chains written before stay valid; the other kinds put the common fields first and their own
 * after them:
 * - inspection: `[seq, client_id, 'inspection', device_time, latitude, longitude, prev_hash,
 *   area_id, ticket_code, outcome, note, basket_g, photo_hashes]`
 * - growth: `[seq, client_id, 'growth', device_time, latitude, longitude, prev_hash, area_id,
 *   level, species]`
 */
export function chainRecordHash(record: ChainRecord): Promise<string> {
  return sha256Hex(JSON.stringify(chainRecordFields(record)));
}

function chainRecordFields(record: ChainRecord): unknown[] {
  if (record.kind === 'use') {
    return [
      record.seq,
      record.client_id,
      record.kind,
      record.ticket_code,
      record.device_time,
      record.latitude,
      record.longitude,
      record.prev_hash,
    ];
  }
  const common = [
    record.seq,
    record.client_id,
    record.kind,
    record.device_time,
    record.latitude,
    record.longitude,
    record.prev_hash,
  ];
  if (record.kind === 'inspection') {
    return [
      ...common,
      record.area_id,
      record.ticket_code,
      record.outcome,
      record.note,
      record.basket_g,
      record.photo_hashes,
    ];
  }
  return [...common, record.area_id, record.level, record.species];
}

// Ticket codes are `T` and ten characters of this alphabet (checkout's `newPublicCode`): fifty
// bits, which a JavaScript number holds exactly.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TICKET_CODE = /^T[A-HJ-NP-Z2-9]{10}$/;

/** A ticket code as the number the revoked list holds, or null for a code of another shape. */
export function ticketCodeNumber(code: string): number | null {
  const upper = code.trim().toUpperCase();
  if (!TICKET_CODE.test(upper)) return null;
  let value = 0;
  for (const char of upper.slice(1)) value = value * 32 + CODE_ALPHABET.indexOf(char);
  return value;
}

/** Bytes as base64url without padding, as the signed headers and the revoked list carry them. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  let encoded = btoa(binary).replaceAll('+', '-').replaceAll('/', '_');
  // Base64's padding is at most two characters: taken off without a pattern.
  while (encoded.endsWith('=')) encoded = encoded.slice(0, -1);
  return encoded;
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The revoked codes as sorted numbers, each written as its difference from the one before in
 * 7-bit groups (LEB128), base64url: about five bytes a ticket, exact (no false positives).
 */
export function encodeRevokedCodes(codes: readonly string[]): string {
  const numbers = [...new Set(codes.map(ticketCodeNumber).filter((value) => value !== null))].sort(
    (a, b) => a - b,
  );
  const bytes: number[] = [];
  let previous = 0;
  for (const value of numbers) {
    let delta = value - previous;
    previous = value;
    while (delta >= 128) {
      bytes.push((delta % 128) | 128);
      delta = Math.floor(delta / 128);
    }
    bytes.push(delta);
  }
  return toBase64Url(Uint8Array.from(bytes));
}

/** The sorted numbers of `encodeRevokedCodes`, for `isRevoked`. */
export function decodeRevokedCodes(text: string): number[] {
  const bytes = fromBase64Url(text);
  const numbers: number[] = [];
  let previous = 0;
  let delta = 0;
  let scale = 1;
  for (const byte of bytes) {
    delta += (byte & 127) * scale;
    if (byte & 128) {
      scale *= 128;
      continue;
    }
    previous += delta;
    numbers.push(previous);
    delta = 0;
    scale = 1;
  }
  return numbers;
}

export function isRevoked(sorted: readonly number[], code: string): boolean {
  const value = ticketCodeNumber(code);
  if (value === null) return false;
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = sorted[middle] as number;
    if (found === value) return true;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
