import { connect } from 'node:net';
import { inboxReceivedMails, inboxThreads } from '@sentiero/db/schema';
import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/context.ts';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/factories.ts';
import { type TlsFiles, writeTlsFiles } from '../../test/tls-files.ts';
import { type InboundSmtp, startInboundSmtp } from './inbound-smtp.ts';
import { replyAddresses } from './reply-addresses.ts';

/*
 * STARTTLS on the answers' receiver (ADR 031): with INBOUND_SMTP_TLS_KEY and _CERT it offers TLS
 * with that certificate (a sender that trusts only it gets through), and still takes plain SMTP
 * from servers without TLS; without them it offers none, so a sender that requires TLS is refused.
 */

const DOMAIN = 'answers.sentiero.test';
const addresses = replyAddresses(DOMAIN, 'a-test-secret-of-at-least-thirty-two-characters');

let sut: TestApp;
let files: TlsFiles;
let withTls: InboundSmtp;
let withoutTls: InboundSmtp;

beforeAll(async () => {
  sut = await createTestApp();
  files = writeTlsFiles(DOMAIN);
  const common = { db: sut.database.db, clock: systemClock, log: sut.app.log, addresses, host: '127.0.0.1' };
  withTls = await startInboundSmtp({
    ...common,
    port: 0,
    tls: { key: files.keyPem, cert: files.certPem },
  });
  withoutTls = await startInboundSmtp({ ...common, port: 0 });
});
afterAll(async () => {
  await withTls?.close();
  await withoutTls?.close();
  await sut?.close();
});

/** A thread opened from the contact page, and its reply address. */
async function threadAddress() {
  const email = `${unique('tls')}@example.org`.toLowerCase();
  const sent = await createBrowser(sut).post('/api/app/contact/us?lng=it', {
    full_name: 'Lucia Bianchi',
    email,
    message: 'Il lago è balneabile?',
  });
  expect(sent.statusCode).toBe(200);
  const [thread] = await sut.database.db
    .select({ id: inboxThreads.id })
    .from(inboxThreads)
    .orderBy(desc(inboxThreads.id))
    .limit(1);
  if (!thread) throw new Error('the contact message opened no thread');
  return { id: thread.id, email, to: addresses.addressOf(thread.id) };
}

async function send(receiver: InboundSmtp, options: SMTPTransport.Options, to: string, from: string) {
  const client = nodemailer.createTransport({
    host: '127.0.0.1',
    port: receiver.port,
    secure: false,
    ...options,
  });
  try {
    return await client.sendMail({ from, to, subject: 'Re: il tuo messaggio', text: 'Sì, grazie.' });
  } finally {
    client.close();
  }
}

/** What the receiver offers in its answer to EHLO: the extensions, one a line after the greeting. */
async function extensionsOf(receiver: InboundSmtp): Promise<string[]> {
  const socket = connect(receiver.port, '127.0.0.1');
  let received = '';
  let greeted = false;
  const answer = await new Promise<string>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (!greeted && /^220 .*\r\n/m.test(received)) {
        greeted = true;
        received = '';
        socket.write('EHLO client.example.org\r\n');
      } else if (greeted && /^250 .*\r\n/m.test(received)) resolve(received);
    });
  });
  socket.end('QUIT\r\n');
  return answer
    .split('\r\n')
    .filter((line) => /^250[- ]/.test(line))
    .slice(1)
    .map((line) => line.slice(4));
}

async function keptBodies(threadId: number) {
  const rows = await sut.database.db
    .select({ body: inboxReceivedMails.body })
    .from(inboxReceivedMails)
    .where(eq(inboxReceivedMails.threadId, threadId));
  return rows.map((row) => row.body);
}

describe('the receiver with a certificate', () => {
  it('takes an answer over STARTTLS from a sender that requires TLS and trusts only that certificate', async () => {
    const { id, email, to } = await threadAddress();
    const info = await send(
      withTls,
      // Only the test's certificate is trusted: smtp-server's built-in one would fail here.
      { requireTLS: true, tls: { ca: [files.certPem], servername: DOMAIN } },
      to,
      email,
    );
    expect(info.accepted).toEqual([to]);
    expect(await keptBodies(id)).toEqual(['Sì, grazie.']);
  });

  it('still takes plain SMTP from a server without TLS, and offers STARTTLS but never AUTH', async () => {
    const { id, email, to } = await threadAddress();
    const info = await send(withTls, { ignoreTLS: true }, to, email);
    expect(info.accepted).toEqual([to]);
    expect(await keptBodies(id)).toEqual(['Sì, grazie.']);
    const offered = await extensionsOf(withTls);
    expect(offered).toContain('STARTTLS');
    expect(offered.filter((extension) => extension.startsWith('AUTH'))).toEqual([]);
  });
});

describe('the receiver without a certificate', () => {
  it('offers no STARTTLS, so a sender that requires TLS is refused and nothing is kept', async () => {
    const { id, email, to } = await threadAddress();
    const refused = await send(withoutTls, { requireTLS: true }, to, email).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused, 'the mail went through without TLS').toMatchObject({ code: 'ETLS' });
    expect(await keptBodies(id)).toEqual([]);
    const offered = await extensionsOf(withoutTls);
    expect(offered.filter((extension) => /^(STARTTLS|AUTH)/.test(extension))).toEqual([]);
  });
});
