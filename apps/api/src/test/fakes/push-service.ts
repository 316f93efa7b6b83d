import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_SERVICE_HOSTS, type PushDestinations } from '../../platform/push-destinations.ts';

/*
 * A push service on this machine, as Google's or Mozilla's would behave towards our server: it
 * accepts a push only with a valid VAPID token (RFC 8292) for its own origin, and it holds the
 * browser's side of each subscription (its P-256 key pair and auth secret), so it can decrypt the
 * aes128gcm body (RFC 8291) the way the browser would. A subscription can be made to answer 410,
 * as a push service does once the browser unsubscribed.
 */

/**
 * Where a test's push sender may send: the push services, and this machine, where the fake ones
 * listen (as PUSH_SERVICE_LOOPBACK=on allows; never in production).
 */
export const LOCAL_PUSH_DESTINATIONS: PushDestinations = { hosts: PUSH_SERVICE_HOSTS, loopback: true };

export type BrowserSubscription = { endpoint: string; p256dh: string; auth: string };

export type ReceivedPush = {
  subscription: string;
  /** The decrypted payload, as the service worker's `event.data.text()` reads it. */
  text: string;
  headers: IncomingMessage['headers'];
  /** The VAPID token's claims, checked against the public key it came with. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
};

export type FakePushService = {
  url: string;
  /** A subscription as `PushSubscription.toJSON()` gives it, with its keys kept here. */
  subscribe(): BrowserSubscription;
  /** From now on this subscription is gone: pushes to it are answered 410 Gone. */
  expire(endpoint: string): void;
  received: ReceivedPush[];
  /** Requests refused (no or bad VAPID, undecryptable body), with the reason. */
  refused: string[];
  close(): Promise<void>;
};

type Keys = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

/** RFC 8291 section 3.4: the content key and nonce from the ECDH secret and the auth secret. */
export function decryptAes128gcm(body: Buffer, keys: Keys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  if (cipherText.length > recordSize) throw new Error('more than one record');
  const receiverPublic = keys.ecdh.getPublicKey();
  const secret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** `vapid t=<JWT>, k=<public key>`: the token must be ES256-signed by that key, for this origin. */
export function checkVapid(authorization: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, token = '', publicKey = ''] = match;
  const [header = '', claims = '', signature = ''] = token.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verifySignature(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID token is not signed by its key');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as ReceivedPush['vapid'];
  if (parsed.aud !== origin) throw new Error(`the VAPID token is for ${parsed.aud}, not ${origin}`);
  if (parsed.exp * 1000 < Date.now()) throw new Error('the VAPID token has expired');
  return { ...parsed, publicKey };
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscriptions = new Map<string, Keys>();
  const expired = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = request.url?.replace(/^\/push\//, '') ?? '';
      const keys = subscriptions.get(id);
      if (!keys || expired.has(id)) {
        response.writeHead(410).end();
        return;
      }
      try {
        const vapid = checkVapid(request.headers.authorization, origin);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!request.headers.ttl) throw new Error('no TTL header');
        const text = decryptAes128gcm(Buffer.concat(chunks), keys);
        received.push({ subscription: `${origin}/push/${id}`, text, headers: request.headers, vapid });
        response.writeHead(201).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let serial = 0;
  return {
    url: origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = `s${++serial}-${randomBytes(6).toString('hex')}`;
      subscriptions.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      };
    },
    expire(endpoint) {
      expired.add(endpoint.replace(`${origin}/push/`, ''));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
