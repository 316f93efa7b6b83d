import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createBrowser, createTestApp, type TestApp, waitForMail } from '../test/app.ts';
import { loadConfig } from './config.ts';
import { MAIL_QUEUE, smtpTransport } from './mail.ts';

type Received = { from: string; to: string[]; data: string };

/** A real SMTP server in this process; `refuseFirst` answers the first n mails with 451. */
function startSmtpServer({ refuseFirst = 0 } = {}) {
  const received: Received[] = [];
  let refused = 0;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < refuseFirst) {
          refused++;
          const busy = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          return callback(busy);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  type Started = {
    server: SMTPServer;
    url: string;
    received: Received[];
    refusals: () => number;
    connections: () => number;
  };
  return new Promise<Started>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({
        server,
        url: `smtp://127.0.0.1:${port}`,
        received,
        refusals: () => refused,
        connections: () => connections,
      });
    });
  });
}

async function waitFor<T>(check: () => T | undefined, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const signup = (email: string, firstname = 'Jana') => ({
  firstname,
  lastname: 'Horvat',
  email,
  password: 'Soca2026river',
  country: 'SI',
  is_adult: true,
  policy_accepted: true,
});

describe('mail over SMTP', () => {
  it('hands a mail to a real SMTP server with its sender, recipient, subject and both bodies', async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url, 'Sentiero <no-reply@sentiero.test>');
    try {
      await transport.deliver({
        to: 'jana@example.si',
        subject: 'Your permit',
        text: 'See you on the river',
        html: '<p>See you</p>',
      });
      const [mail] = smtp.received;
      expect(mail?.from).toBe('no-reply@sentiero.test');
      expect(mail?.to).toEqual(['jana@example.si']);
      expect(mail?.data).toContain('Subject: Your permit');
      expect(mail?.data).toContain('See you on the river');
      expect(mail?.data).toContain('text/html');
    } finally {
      transport.close();
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    }
  });
});

describe('mail over SMTP, mail after mail', () => {
  it('sends them over one connection instead of opening one per mail', async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url, 'Sentiero <no-reply@sentiero.test>');
    try {
      for (const to of ['ana@example.si', 'bor@example.si', 'cene@example.si']) {
        await transport.deliver({ to, subject: 'Your permit', text: 'See you', html: '<p>See you</p>' });
      }
      expect(smtp.received.map((mail) => mail.to[0])).toEqual([
        'ana@example.si',
        'bor@example.si',
        'cene@example.si',
      ]);
      expect(smtp.connections()).toBe(1);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    }
  });
});

describe('mail through the job queue', () => {
  let sut: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuseFirst: 1 });
    sut = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await sut.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('answers the sign-up at once and delivers the welcome mail on a retry when the server first refuses', async () => {
    const response = await createBrowser(sut).post(
      '/api/app/user/register?lng=en',
      signup('jana@example.si'),
    );
    expect(response.statusCode).toBe(200);
    const mail = await waitFor(() => smtp.received.find((item) => item.to.includes('jana@example.si')), 30);
    expect(smtp.refusals()).toBe(1);
    expect(mail.data).toContain('Jana');
  }, 40_000);
});

describe('a mail server that cannot be reached', () => {
  let sut: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on the loopback: nothing listens, so every connection is refused.
    sut = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => sut.close());

  it('never fails the request that sends the mail', async () => {
    const response = await createBrowser(sut).post(
      '/api/app/user/register?lng=en',
      signup('marta@example.si'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe('marta@example.si');
  });
});

describe('API processes without job workers (JOB_WORKERS=off)', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ JOB_WORKERS: 'off' });
  });
  afterAll(() => sut.close());

  it('queue the mail and leave it to a worker process on the same database', async () => {
    const response = await createBrowser(sut).post(
      '/api/app/user/register?lng=en',
      signup('ana@example.si', 'Ana'),
    );
    expect(response.statusCode).toBe(200);
    const queued = async () =>
      (
        await sut.database.executeSql(
          `select count(*)::int as count from pgboss.job where name = $1 and state = 'created'`,
          [MAIL_QUEUE],
        )
      ).rows[0] as { count: number };
    expect((await queued()).count).toBe(1);

    const worker = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' }),
      database: sut.database,
      logger: false,
    });
    try {
      await worker.ready();
      const [mail] = await waitForMail(sut, 'ana@example.si');
      expect(mail?.text).toContain('Ana');
    } finally {
      await worker.close();
    }
  }, 30_000);
});
