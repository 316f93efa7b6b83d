import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';

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
 * `web-push` encrypts the payload and signs the VAPID token; the request itself goes out through
 * `fetch`, so a push service on plain http (the local one of development, tests and benchmarks)
 * is reached the same way as the browsers' https ones. Whether such an endpoint is accepted is
 * the alerts service's rule, not this sender's.
 */
export function webPushSender(keys: VapidKeys): PushSender {
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  // Checked once here rather than on the first alert: a malformed key stops the start.
  webPush.setVapidDetails(keys.subject, keys.publicKey, keys.privateKey);
  return {
    publicKey: keys.publicKey,
    async send(target, payload, { ttlSeconds = 24 * 3600, topic } = {}) {
      let status: number | null = null;
      try {
        const request = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { vapidDetails, TTL: ttlSeconds, contentEncoding: 'aes128gcm', ...(topic ? { topic } : {}) },
        );
        const headers = Object.fromEntries(
          Object.entries(request.headers)
            // fetch counts the body itself.
            .filter(([name]) => name.toLowerCase() !== 'content-length')
            .map(([name, value]) => [name, String(value)]),
        );
        const response = await fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        status = response.status;
        // The answer's body says nothing we act on; reading it frees the connection.
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return { ok: true };
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
