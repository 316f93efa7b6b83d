import { createHash, createPublicKey, verify } from 'node:crypto';
import { Readable } from 'node:stream';
import { type Grant, grantsHolding } from '@sentiero/contract/access';
import {
  DEVICE_HEADERS,
  DEVICE_NONCE,
  DEVICE_REQUEST_WINDOW_SECONDS,
  deviceRequestText,
} from '@sentiero/contract/ranger-field';
import type { Db } from '@sentiero/db/client';
import type { FastifyRequest } from 'fastify';
import { findDeviceWithRanger, recordDeviceNonce, touchDevice } from './device-requests-repo.ts';
import { AppError } from './errors.ts';
import type { StaffSession } from './staff-sessions.ts';
import { loadStaffGrants } from './staff-sessions.ts';

/**
 * The door of a ranger's device (ADR 043): each request carries the device's id, a timestamp,
 * a nonce and an ECDSA P-256 signature (WebCrypto's, r‖s) over the method, the path with its
 * query, those three and the SHA-256 of the body. The device then acts as its ranger, with the
 * ranger's grants for the device's operator only: a phone never carries the console's other roles.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** A device's multipart body as its signature was checked over it (see `readMultipartFields`). */
    deviceBody?: Buffer;
  }
}

/** The device of a signed request, and its ranger as the access rule reads a staff member. */
export type DeviceCaller = { deviceId: number; operatorId: number; staff: StaffSession };

const refuse = (
  code:
    | 'UNAUTHENTICATED'
    | 'DEVICE_UNKNOWN'
    | 'DEVICE_REVOKED'
    | 'DEVICE_SIGNATURE_INVALID'
    | 'DEVICE_REQUEST_REPLAYED'
    | 'DEVICE_CLOCK_SKEW',
) => new AppError(code, 401);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The four headers, or a refusal: none of them is a visitor; some of them, a broken request. */
function readHeaders(request: FastifyRequest) {
  const device = header(request, DEVICE_HEADERS.device);
  const timestamp = header(request, DEVICE_HEADERS.timestamp);
  const nonce = header(request, DEVICE_HEADERS.nonce);
  const signature = header(request, DEVICE_HEADERS.signature);
  if (device === undefined && timestamp === undefined && nonce === undefined && signature === undefined) {
    throw refuse('UNAUTHENTICATED');
  }
  if (
    !device ||
    !/^[1-9]\d{0,9}$/.test(device) ||
    !timestamp ||
    !/^\d{1,12}$/.test(timestamp) ||
    !nonce ||
    !DEVICE_NONCE.test(nonce) ||
    !signature ||
    !/^[A-Za-z0-9_-]{86}$/.test(signature)
  ) {
    throw refuse('DEVICE_SIGNATURE_INVALID');
  }
  return { deviceId: Number(device), timestamp: Number(timestamp), nonce, signature };
}

/** The body as it came, at most `limit` bytes (Fastify's own limit answers the same 413). */
async function readBody(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    length += bytes.length;
    if (length > limit) throw new AppError('PAYLOAD_TOO_LARGE', 413);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

function signatureHolds(publicKey: object, text: string, signature: string): boolean {
  try {
    const key = createPublicKey({ key: publicKey as never, format: 'jwk' });
    return verify(
      'sha256',
      Buffer.from(text, 'utf8'),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return false;
  }
}

/** The grants a device acts with: its ranger's grants that hold `field`, for the device's operator. */
function fieldGrantsFor(grants: readonly Grant[], operatorId: number): Grant[] {
  return grantsHolding(grants, 'field').filter(
    (grant) => typeof grant.scope === 'object' && grant.scope.operatorId === operatorId,
  );
}

/**
 * Checks a device's signed request before its body is parsed, and hands the body on unchanged.
 * Refused with 401 and a code that says why: no headers (`UNAUTHENTICATED`), an unknown or revoked
 * device, a timestamp outside the window, a signature that does not hold, a nonce already used.
 */
export async function authenticateDeviceRequest(
  db: Db,
  now: Date,
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
): Promise<{ caller: DeviceCaller; body: Readable }> {
  const signed = readHeaders(request);
  const device = await findDeviceWithRanger(db, signed.deviceId);
  if (!device) throw refuse('DEVICE_UNKNOWN');
  if (device.revokedAt !== null || device.disabledAt !== null) throw refuse('DEVICE_REVOKED');
  if (Math.abs(now.getTime() / 1000 - signed.timestamp) > DEVICE_REQUEST_WINDOW_SECONDS) {
    throw refuse('DEVICE_CLOCK_SKEW');
  }
  // A route that takes files (an inspection's photo) reads them besides the fields' limit.
  const files = request.routeOptions.config.files;
  const fieldsLimit = request.server.initialConfig.bodyLimit ?? 1024 * 1024;
  const bytes = await readBody(payload, fieldsLimit + (files ? files.max * files.maxBytes : 0));
  const text = deviceRequestText({
    method: request.method,
    url: request.url,
    deviceId: signed.deviceId,
    timestamp: signed.timestamp,
    nonce: signed.nonce,
    bodyHash: createHash('sha256').update(bytes).digest('hex'),
  });
  if (!signatureHolds(device.publicKey, text, signed.signature)) throw refuse('DEVICE_SIGNATURE_INVALID');
  // Only after the signature holds: nobody else can spend a device's nonces.
  if (!(await recordDeviceNonce(db, device.id, signed.nonce, now))) throw refuse('DEVICE_REQUEST_REPLAYED');
  await touchDevice(db, device.id, now);
  const grants = fieldGrantsFor(await loadStaffGrants(db, device.staffId), device.operatorId);
  const staff: StaffSession = {
    staffId: device.staffId,
    tokenHash: '',
    email: device.email,
    name: device.name,
    language: device.language,
    totpEnrolled: true,
    twoFactorAt: device.enrolledAt,
    reauthenticatedAt: null,
    expiresAt: new Date(now.getTime() + DEVICE_REQUEST_WINDOW_SECONDS * 1000),
    grants,
  };
  // The multipart reader reads the request's own stream, which this door has drained: it reads
  // these bytes instead (`request-input.ts`).
  if (files) request.deviceBody = bytes;
  const body = Readable.from(bytes.length > 0 ? [bytes] : []);
  // Fastify compares what was read with the declared length.
  (body as Readable & { receivedEncodedLength?: number }).receivedEncodedLength = bytes.length;
  return { caller: { deviceId: device.id, operatorId: device.operatorId, staff }, body };
}
