import { randomBytes, type webcrypto } from 'node:crypto';
import {
  CHAIN_GENESIS,
  type ChainRecord,
  chainRecordHash,
  DEVICE_HEADERS,
  deviceRequestText,
  sha256Hex,
} from '@sentiero/contract/ranger-field';
import { expect } from 'vitest';
import type { Clock } from '../platform/context.ts';
import type { TestApp } from './app.ts';
import { signInStaff, type TestStaff } from './staff-factories.ts';

/**
 * A ranger's phone as the field app makes one (ADR 043): a WebCrypto ECDSA P-256 key pair whose
 * private key cannot be exported, enrolled from the ranger's console session, signing each request.
 */
export type TestDevice = {
  id: number;
  /** The raw Ed25519 key (base64url) the enrolment answered: it signs this device's bundles. */
  bundleKey: string;
  /** A signed request, exactly as sent; `sendRaw` sends one again or altered. */
  sign(method: 'GET' | 'POST', url: string, body?: unknown): Promise<SignedRequest>;
  request(method: 'GET' | 'POST', url: string, body?: unknown): ReturnType<typeof sendRaw>;
  /** A signed multipart form of text fields and one file, as the phone sends a photo. */
  upload(url: string, fields: Record<string, string>, file: Buffer): ReturnType<typeof sendRaw>;
  /** The next records of the device's hash chain, as the phone writes them. */
  nextUse(ticketCode: string, deviceTime: Date): Promise<ChainRecord & { hash: string }>;
  /** The next record of any kind: its place, id and chain are filled in. */
  next<R extends ChainRecordFields>(fields: R): Promise<R & ChainPlace & { hash: string }>;
};

type ChainPlace = { seq: number; client_id: string; prev_hash: string };
type DistributiveOmit<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;
export type ChainRecordFields = DistributiveOmit<ChainRecord, keyof ChainPlace>;

export type SignedRequest = {
  method: 'GET' | 'POST';
  url: string;
  body: string | Buffer | undefined;
  headers: Record<string, string>;
};

/** A multipart form as a browser's `FormData` writes it. */
export function multipartBody(fields: Record<string, string>, file: Buffer) {
  const boundary = `----sentiero${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function sendRaw(sut: TestApp, request: SignedRequest) {
  return sut.app.inject({
    method: request.method,
    url: request.url,
    ...(request.body === undefined ? {} : { payload: request.body }),
    headers: {
      host: 'localhost:80',
      ...(typeof request.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
  });
}

export async function makeDeviceKey() {
  return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
}

export async function enrolDevice(
  sut: TestApp,
  ranger: TestStaff,
  clock: Clock,
  label = 'Phone',
): Promise<TestDevice> {
  const keys = await makeDeviceKey();
  const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
  const console = await signInStaff(sut, ranger, clock);
  const enrolled = await console.post('/api/ranger/device/enrol?lng=en', {
    label,
    public_key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  return {
    ...deviceWithKey(sut, enrolled.json().device_id, keys.privateKey, clock),
    bundleKey: enrolled.json().bundle_key.x,
  };
}

export function deviceWithKey(
  sut: TestApp,
  id: number,
  privateKey: webcrypto.CryptoKey,
  clock: Clock,
): Omit<TestDevice, 'bundleKey'> {
  let seq = 0;
  let head = CHAIN_GENESIS;
  const sign: TestDevice['sign'] = async (method, url, body) => {
    const text = body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const nonce = randomBytes(18).toString('base64url');
    const bodyHash = await sha256Hex(
      typeof text === 'string' ? new TextEncoder().encode(text) : (text ?? new Uint8Array()),
    );
    const signed = deviceRequestText({ method, url, deviceId: id, timestamp, nonce, bodyHash });
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      privateKey,
      new TextEncoder().encode(signed),
    );
    return {
      method,
      url,
      body: text,
      headers: {
        [DEVICE_HEADERS.device]: String(id),
        [DEVICE_HEADERS.timestamp]: String(timestamp),
        [DEVICE_HEADERS.nonce]: nonce,
        [DEVICE_HEADERS.signature]: Buffer.from(signature).toString('base64url'),
      },
    };
  };
  async function next<R extends ChainRecordFields>(fields: R) {
    const record = { ...fields, seq: ++seq, client_id: crypto.randomUUID(), prev_hash: head };
    const hash = await chainRecordHash(record as ChainRecord);
    head = hash;
    return { ...record, hash };
  }
  return {
    id,
    sign,
    request: async (method, url, body) => sendRaw(sut, await sign(method, url, body)),
    async upload(url, fields, file) {
      const { body, contentType } = multipartBody(fields, file);
      const signed = await sign('POST', url, body);
      return sendRaw(sut, { ...signed, headers: { ...signed.headers, 'content-type': contentType } });
    },
    async nextUse(ticketCode, deviceTime) {
      return next({
        kind: 'use',
        ticket_code: ticketCode,
        device_time: deviceTime.toISOString(),
        latitude: 46.1,
        longitude: 11.1,
      });
    },
    next,
  };
}
