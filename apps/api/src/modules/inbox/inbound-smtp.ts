import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { convert as htmlToText } from 'html-to-text';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { InboundTls } from '../../platform/config-inbound.ts';
import type { Clock } from '../../platform/context.ts';
import type { AnswerNotifier } from './answer-notice.ts';
import { threadExists } from './inbox-repo.ts';
import { type IncomingMail, receiveMailInThread } from './receive-mail.ts';
import type { ReplyAddresses } from './reply-addresses.ts';

/*
 * The SMTP receiver of the requesters' answers (ADR 031). It takes mail only for genuine reply
 * addresses: any other recipient is refused at RCPT TO (550), so nothing it was not asked for is
 * ever read. A message over `maxBytes` is refused (552), read to its end but not kept. What it
 * accepts is parsed (mailparser), the quote of earlier mails taken off, and kept in each thread it
 * was addressed to. With a key and certificate it offers STARTTLS, which senders may use or not:
 * mail servers fall back to plain SMTP where a receiver has no TLS, so refusing them would lose answers.
 */

export type InboundSmtpOptions = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  addresses: ReplyAddresses;
  port: number;
  host: string;
  /** 1 MB: answers are words; attachments are not kept anyway. */
  maxBytes?: number;
  /** Offered with STARTTLS; without it, no STARTTLS (TLS ends at a relay in front). */
  tls?: InboundTls | null;
  /** Tells the thread's assignee of a kept answer. */
  notify?: AnswerNotifier;
};

export type InboundSmtp = { port: number; tls: boolean; close(): Promise<void> };

export const INBOUND_MAX_BYTES = 1024 * 1024;
/** One answer goes to one thread; a mail to a crowd of reply addresses is not an answer. */
const MAX_RECIPIENTS = 5;

class UnreadableMail extends Error {
  constructor(cause: unknown) {
    super('the inbound mail could not be parsed', { cause });
  }
}

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  const { db, clock, log, addresses } = options;
  const maxBytes = options.maxBytes ?? INBOUND_MAX_BYTES;
  const server = new SMTPServer({
    name: addresses.domain,
    banner: 'Sentiero inbox',
    size: maxBytes,
    // No accounts to sign in to. Without a certificate of ours no STARTTLS either (smtp-server
    // would offer its built-in one, whose key is public): TLS then ends at the relay in front.
    ...(options.tls
      ? { key: options.tls.key, cert: options.tls.cert, disabledCommands: ['AUTH'] }
      : { disabledCommands: ['AUTH', 'STARTTLS'] }),
    maxClients: 50,
    socketTimeout: 60_000,
    logger: false,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(smtpError(452, '4.5.3 Too many recipients'));
      }
      const threadId = addresses.threadOf(address.address);
      if (threadId === undefined) return callback(smtpError(550, '5.1.1 No such recipient here'));
      threadExists(db, threadId).then(
        (exists) => callback(exists ? null : smtpError(550, '5.1.1 No such recipient here')),
        (error: unknown) => {
          log.error({ err: error, threadId }, 'an inbound mail recipient could not be checked');
          callback(smtpError(451, '4.3.0 Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let kept = 0;
      stream.on('data', (chunk: Buffer) => {
        kept += chunk.length;
        if (kept <= maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || kept > maxBytes) {
          return callback(smtpError(552, `5.3.4 Message too big (${maxBytes} bytes at most)`));
        }
        keepMail(Buffer.concat(chunks), session).then(
          () => callback(null, 'Kept in its thread'),
          (error: unknown) => {
            if (error instanceof UnreadableMail)
              return callback(smtpError(554, '5.6.0 The message cannot be read'));
            log.error({ err: error }, 'an inbound mail could not be kept');
            // The database may be back in a minute: the sending server tries again.
            callback(smtpError(451, '4.3.0 Try again later'));
          },
        );
      });
    },
  });

  async function keepMail(raw: Buffer, session: SMTPServerSession) {
    const parsed = await simpleParser(raw, { skipImageLinks: true }).catch((error: unknown) => {
      // Retrying would not make it readable: refused for good, so the sender hears of it at once.
      throw new UnreadableMail(error);
    });
    if (isAutomatic(parsed, session)) {
      log.info({ messageId: parsed.messageId }, 'an automatic answer to an inbox reply was not kept');
      return;
    }
    const mail = incomingMail(parsed, raw, session, addresses.domain);
    for (const recipient of session.envelope.rcptTo) {
      const threadId = addresses.threadOf(recipient.address);
      if (threadId === undefined) continue;
      const result = await receiveMailInThread({ db, clock }, threadId, mail);
      await options.notify?.(threadId, mail, result);
      log.info(
        { threadId, messageId: mail.messageId, outcome: result.outcome },
        'an inbox answer came by mail',
      );
    }
  }

  server.on('error', (error) => log.error({ err: error }, 'the inbound SMTP server failed'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    tls: Boolean(options.tls),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function incomingMail(
  parsed: ParsedMail,
  raw: Buffer,
  session: SMTPServerSession,
  domain: string,
): IncomingMail {
  const from = parsed.from?.value[0];
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  return {
    // Without a Message-ID, the same bytes delivered twice are still the same mail.
    messageId: parsed.messageId ?? `<sha256.${createHash('sha256').update(raw).digest('hex')}@${domain}>`,
    fromAddress: (from?.address || envelopeFrom).toLowerCase(),
    fromName: from?.name || null,
    subject: parsed.subject ?? '',
    // mailparser writes the HTML as text only when it is the mail's one body, not beside an attachment.
    text: parsed.text ?? (parsed.html ? htmlToText(parsed.html, { wordwrap: false }) : ''),
    attachmentCount: parsed.attachments.length,
  };
}

/**
 * Out-of-office notices and other automatic answers (RFC 3834) are accepted, so their sender does
 * not retry or bounce, and dropped: they would mark the thread as waiting for an answer.
 */
function isAutomatic(parsed: ParsedMail, session: SMTPServerSession): boolean {
  const header = (name: string) => {
    const value = parsed.headers.get(name);
    const text = typeof value === 'object' && value !== null && 'value' in value ? value.value : value;
    return String(text ?? '')
      .trim()
      .toLowerCase();
  };
  const autoSubmitted = header('auto-submitted');
  return (
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    parsed.headers.has('x-autoreply') ||
    parsed.headers.has('x-autorespond') ||
    ['auto_reply', 'bulk', 'junk', 'list'].includes(header('precedence')) ||
    // The null sender is that of automatic answers and bounces.
    !session.envelope.mailFrom ||
    session.envelope.mailFrom.address === ''
  );
}
