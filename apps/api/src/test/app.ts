import type { SentStatement } from '@sentiero/db/client';
import { mailboxMessages } from '@sentiero/db/schema';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { type Clock, systemClock } from '../platform/context.ts';
import type { MailTransport } from '../platform/mail.ts';
import type { PushSender } from '../platform/push.ts';
import { createTestDatabase, type TestDatabase, type TestSeed } from './database.ts';

export type TestApp = { app: FastifyInstance; database: TestDatabase; close(): Promise<void> };

/** The real app on a fresh database, driven through `app.inject`. */
export async function createTestApp(
  environment: Record<string, string> = {},
  {
    now,
    clock,
    mailTransport,
    pushSender,
    onStatement,
    seed,
  }: {
    now?: string;
    clock?: Clock;
    mailTransport?: MailTransport;
    pushSender?: PushSender | null;
    onStatement?: (statement: SentStatement) => void;
    /** The whole seed by default; `'reference'` leaves out the demo catalogue (database.ts). */
    seed?: TestSeed;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ onStatement, seed });
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', ...environment });
  const appClock: Clock = clock ?? (now ? { now: () => new Date(now) } : systemClock);
  // Scheduled jobs run when a test calls or sends them, never on their own clock in the middle of one.
  const app = await buildApp({
    config,
    database,
    clock: appClock,
    logger: false,
    mailTransport,
    pushSender,
    cron: false,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export type Mail = { to: string; subject: string; text: string; html: string; replyTo: string | null };

/** Waits for the job queue to deliver a mail to the embedded mailbox, newest first. */
export async function waitForMail(sut: TestApp, to: string, count = 1): Promise<Mail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await sut.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.toAddress, to))
      .orderBy(desc(mailboxMessages.id));
    if (rows.length >= count) {
      return rows.map((row) => ({
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        replyTo: row.replyTo,
      }));
    }
    if (Date.now() > deadline) throw new Error(`no mail for ${to} after 15 s (found ${rows.length})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A browser for `inject`: keeps the cookies the app sets (and drops those it clears), sends a
 * same-site Origin on POSTs, and comes from its own IP address.
 */
let browsers = 0;

export function createBrowser(sut: TestApp, { ip = nextAddress(), origin = 'http://localhost:80' } = {}) {
  const jar = new Map<string, string>();
  const keepCookies = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return response;
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    jar,
    async post(url: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
      return keepCookies(
        await sut.app.inject({
          method: 'POST',
          url,
          payload,
          remoteAddress: ip,
          headers: { host: 'localhost:80', origin, cookie: cookie(), ...headers },
        }),
      );
    },
    async get(url: string, headers: Record<string, string> = {}) {
      return keepCookies(
        await sut.app.inject({
          method: 'GET',
          url,
          remoteAddress: ip,
          headers: { host: 'localhost:80', cookie: cookie(), ...headers },
        }),
      );
    },
    /** A form as a browser sends one with files: a multipart body, the files' names and types as given. */
    async postFiles(url: string, fields: Record<string, string>, files: TestFile[]) {
      const boundary = `sentiero-test-${Date.now()}`;
      const part = (headers: string, body: Buffer | string) => [
        Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
        Buffer.isBuffer(body) ? body : Buffer.from(body),
        Buffer.from('\r\n'),
      ];
      const payload = Buffer.concat([
        ...Object.entries(fields).flatMap(([name, value]) =>
          part(`Content-Disposition: form-data; name="${name}"`, value),
        ),
        ...files.flatMap((file) =>
          part(
            `Content-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}`,
            file.content,
          ),
        ),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      return keepCookies(
        await sut.app.inject({
          method: 'POST',
          url,
          payload,
          remoteAddress: ip,
          headers: {
            host: 'localhost:80',
            origin,
            cookie: cookie(),
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
        }),
      );
    },
  };
}
export type TestFile = { field: string; filename: string; type?: string; content: Buffer | string };
export type Browser = ReturnType<typeof createBrowser>;

/** Each browser its own address (from the shared 100.64/10 range), so per-IP limits stay per test. */
function nextAddress(): string {
  browsers++;
  return `100.64.${Math.floor(browsers / 250) % 250}.${(browsers % 250) + 1}`;
}
