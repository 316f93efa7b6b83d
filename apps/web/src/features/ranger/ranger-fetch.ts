import type { ApiError } from '@sentiero/contract/errors';
import { DEVICE_HEADERS, deviceRequestText, sha256Hex, toBase64Url } from '@sentiero/contract/ranger-field';
import { ApiRequestError } from '../../lib/api-error.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { readClockOffset, type StoredDevice, saveClockOffset } from './store.ts';

/**
 * Every request of an enrolled phone, signed by its key (ADR 043): the device id, a timestamp
 * in the server's time, a fresh nonce and an ECDSA P-256 signature over the method, the path with
 * its query, those three and the SHA-256 of the body. The phone's clock may be wrong: each
 * answer's `Date` sets the offset, and a refusal for the clock is tried once more with it.
 */

const encoder = new TextEncoder();

function newNonce(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(18)));
}

/** The body as the bytes that are hashed and sent, and its content type. */
export type SignedBody = { bytes: Uint8Array; type: string };

export const jsonBody = (value: unknown): SignedBody => ({
  bytes: encoder.encode(JSON.stringify(value)),
  type: 'application/json',
});

/** A multipart form as bytes: the boundary the browser chose comes with them. */
export async function multipartBody(form: FormData): Promise<SignedBody> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    bytes: new Uint8Array(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? 'multipart/form-data',
  };
}

async function send(
  device: StoredDevice,
  method: 'GET' | 'POST',
  url: string,
  body: SignedBody | undefined,
): Promise<Response> {
  const offset = await readClockOffset();
  const timestamp = Math.floor((Date.now() + offset) / 1000);
  const nonce = newNonce();
  const bytes = body?.bytes ?? new Uint8Array();
  const text = deviceRequestText({
    method,
    url,
    deviceId: device.id,
    timestamp,
    nonce,
    bodyHash: await sha256Hex(bytes),
  });
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, device.privateKey, encoder.encode(text)),
  );
  const response = await fetch(url, {
    method,
    credentials: 'omit',
    cache: 'no-store',
    headers: {
      accept: 'application/json',
      [DEVICE_HEADERS.device]: String(device.id),
      [DEVICE_HEADERS.timestamp]: String(timestamp),
      [DEVICE_HEADERS.nonce]: nonce,
      [DEVICE_HEADERS.signature]: toBase64Url(signature),
      ...(body && { 'content-type': body.type }),
    },
    ...(body && { body: body.bytes as Uint8Array<ArrayBuffer> }),
  });
  const serverDate = Date.parse(response.headers.get('date') ?? '');
  if (Number.isFinite(serverDate)) {
    // `Date` has whole seconds: a difference under two seconds is the rounding, not the clock.
    const measured = serverDate - Date.now();
    if (Math.abs(measured - offset) > 2000) await saveClockOffset(measured);
  }
  return response;
}

async function readError(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiError> | null;
  return typeof body?.message === 'string'
    ? new ApiRequestError(response.status, body.message, body.code ?? 'UNKNOWN', body.fields ?? {})
    : new ApiRequestError(response.status, response.statusText || `HTTP ${response.status}`, 'HTTP');
}

/**
 * A signed call to `/api/ranger/…` (`path` without `/api`, with its query if any): its JSON, or
 * an `ApiRequestError`. The language goes in the query, so a refusal speaks the ranger's.
 */
export async function rangerFetch<T>(
  device: StoredDevice,
  method: 'GET' | 'POST',
  path: string,
  body?: SignedBody,
): Promise<T> {
  const separator = path.includes('?') ? '&' : '?';
  const url = `/api${path}${separator}lng=${currentLanguage()}`;
  let response = await send(device, method, url, body);
  if (response.status === 401) {
    const error = await readError(response.clone());
    // The offset was just corrected from this answer's `Date`: once more, with a new nonce.
    if (error.code === 'DEVICE_CLOCK_SKEW') response = await send(device, method, url, body);
  }
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}
