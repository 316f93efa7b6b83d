import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import webPush from 'web-push';
import {
  guardedLookup,
  isPushServiceEndpoint,
  PushDestinationError,
  type PushDestinations,
} from './push-destinations.ts';

/*
 * Web Push (RFC 8030) with VAPID (RFC 8292), through the `web-push` library: the payload is
 * encrypted for the browser's keys (RFC 8291, aes128gcm) and the request signed with our key, so
 * the push service (Google's, Mozilla's, Apple's) can only carry it.
 */

export const VAPID_KEY_FILE = 'vapid-keys.json';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * What became of one push: `gone` means the push service forgot the subscription (404, 410) and
 * so must we; `failed` may succeed later (429, 5xx, no network).
 */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; status: number | null; error: string };

export type PushSender = {
  publicKey: string;
  /** Whether pushes may go to this endpoint (push-destinations.ts): asked when a device subscribes. */
  accepts(endpoint: string): boolean;
  send(
    target: PushTarget,
    payload: string,
    options?: { ttlSeconds?: number; topic?: string },
  ): Promise<PushOutcome>;
};

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

function parseKeys(text: string, path: string): Omit<VapidKeys, 'subject'> {
  const keys = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`${path} does not hold a VAPID key pair`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * A key pair made once and kept under DATA_DIR, as the ticket signing key is: browsers tie each
 * subscription to the public key it was made with, so a new key at every start would silence
 * every device already subscribed.
 */
function findOrCreatePersistedKeys(dataDir: string): Omit<VapidKeys, 'subject'> {
  const path = join(dataDir, VAPID_KEY_FILE);
  try {
    return parseKeys(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  const draft = `${path}.${process.pid}.tmp`;
  writeFileSync(draft, JSON.stringify(keys), { mode: 0o600 });
  try {
    // A hard link never replaces a file: of two processes starting at once, the first key wins.
    linkSync(draft, path);
    return keys;
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    return parseKeys(readFileSync(path, 'utf8'), path);
  } finally {
    unlinkSync(draft);
  }
}

/** The configured keys; without them, a pair kept under `dataDir`, or one for this process only. */
export function loadVapidKeys(options: {
  publicKey?: string | undefined;
  privateKey?: string | undefined;
  subject: string;
  dataDir?: string | undefined;
}): VapidKeys {
  if (options.publicKey && options.privateKey) {
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject: options.subject };
  }
  const keys = options.dataDir ? findOrCreatePersistedKeys(options.dataDir) : webPush.generateVAPIDKeys();
  return { ...keys, subject: options.subject };
}

/** Push services answer a request in well under a second; one that hangs must not hold a job. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Connections kept open per push service: a day's alerts go to a few services (Google's,
 * Mozilla's, Apple's) thousands at a time. Idle ones close after a minute.
 */
const PUSH_CONNECTIONS = { keepAlive: true, maxSockets: 32, timeout: 60_000 } as const;

/**
 * A VAPID token (RFC 8292) is signed once per push service and carried by every push to it for
 * an hour: signing it per push (an ES256 signature, the key read again each time) was a fifth of
 * a push's CPU. It is valid 12 hours, so a token at the end of its hour still has 11 hours left.
 */
const VAPID_TOKEN_LIFETIME_SECONDS = 12 * 3600;
const VAPID_TOKEN_REUSE_MS = 3600 * 1000;

/**
 * The connections pushes go out on: kept alive, and opened only to the addresses `destinations`
 * allow, whatever the push service's name resolves to at that moment.
 */
export function pushAgents(destinations: PushDestinations): { http: HttpAgent; https: HttpsAgent } {
  const options = { ...PUSH_CONNECTIONS, lookup: guardedLookup(destinations) };
  return { http: new HttpAgent(options), https: new HttpsAgent(options) };
}

/** POSTs the body and answers the status; a push service that does not answer in time fails it. */
function post(
  endpoint: URL,
  headers: Record<string, string | number>,
  body: Buffer,
  agents: { http: HttpAgent; https: HttpsAgent },
): Promise<number> {
  const secure = endpoint.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      endpoint,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: { ...headers, 'Content-Length': body.length },
      },
      (response) => {
        // The answer's body says nothing we act on; reading it frees the connection.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.setTimeout(PUSH_TIMEOUT_MS, () => request.destroy(new Error('the push service did not answer')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * `web-push` encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID token; the request
 * goes out over connections kept alive between pushes (`fetch` cost three times the CPU of a
 * plain request), so a push service on plain http (the local one of tests and benchmarks, when
 * `destinations.loopback` allows it) is reached the same way as the browsers' https ones. Each
 * push goes only where `destinations` allow, to addresses its sockets' lookup let through.
 */
export function webPushSender(keys: VapidKeys, destinations: PushDestinations): PushSender {
  // Checked once here rather than on the first alert: a malformed key stops the start.
  webPush.setVapidDetails(keys.subject, keys.publicKey, keys.privateKey);
  const agents = pushAgents(destinations);
  const accepts = (endpoint: string) => isPushServiceEndpoint(endpoint, destinations);
  const tokens = new Map<string, { authorization: string; renewAt: number }>();
  const authorizationFor = (audience: string): string => {
    const now = Date.now();
    const kept = tokens.get(audience);
    if (kept && kept.renewAt > now) return kept.authorization;
    const { Authorization: authorization } = webPush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + VAPID_TOKEN_LIFETIME_SECONDS,
    );
    tokens.set(audience, { authorization, renewAt: now + VAPID_TOKEN_REUSE_MS });
    return authorization;
  };
  return {
    publicKey: keys.publicKey,
    accepts,
    async send(target, payload, { ttlSeconds = 24 * 3600, topic } = {}) {
      let status: number | null = null;
      try {
        // RFC 8030: a topic is at most 32 characters of the URL-safe base64 alphabet.
        if (topic && !/^[\w-]{1,32}$/.test(topic)) throw new Error(`not a push topic: ${topic}`);
        // Devices kept before this rule, or written by hand, are held to it too.
        if (!accepts(target.endpoint)) {
          throw new PushDestinationError('not on a push service this server sends to');
        }
        const endpoint = new URL(target.endpoint);
        // A new key pair and salt per message (RFC 8291); the body carries both.
        const { cipherText } = webPush.encrypt(target.p256dh, target.auth, payload, 'aes128gcm');
        status = await post(
          endpoint,
          {
            Authorization: authorizationFor(endpoint.origin),
            TTL: ttlSeconds,
            'Content-Encoding': 'aes128gcm',
            'Content-Type': 'application/octet-stream',
            Urgency: 'normal',
            ...(topic ? { Topic: topic } : {}),
          },
          cipherText,
          agents,
        );
        if (status >= 200 && status < 300) return { ok: true };
        return {
          ok: false,
          gone: status === 404 || status === 410,
          status,
          error: `push service answered ${status}`,
        };
      } catch (error) {
        return {
          ok: false,
          gone: false,
          status,
          error: error instanceof Error ? error.message : String(error),
        };
      }
    },
  };
}
