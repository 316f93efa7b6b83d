import type { Db } from '@sentiero/db/client';
import { mailboxMessages } from '@sentiero/db/schema';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Jobs } from './jobs.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe on newsletters. */
  headers?: Record<string, string>;
  /** Base64, because a queued mail travels as JSON. */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
};

/** Where a mail really goes: an SMTP server, or the embedded mailbox in the database. */
export type MailTransport = { deliver(mail: OutgoingMail): Promise<void>; close(): void };

/**
 * Connections kept open to the mail server. Opening one per mail (TCP, greeting, EHLO) made a
 * ticket mail wait about four times longer and cost a fifth more CPU. A worker sends two batches'
 * mails at a time; a few connections carry them.
 */
const SMTP_POOL = { maxConnections: 4, maxMessages: 500 } as const;

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    ...SMTP_POOL,
    // A stuck server must fail the job (to be retried), not hold a worker for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as SMTPPool.Options);
  return {
    async deliver({ attachments, ...mail }) {
      await transporter.sendMail({
        from,
        ...mail,
        attachments: attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.contentBase64, 'base64'),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

export function mailboxTransport(db: Db, from: string): MailTransport {
  return {
    async deliver(mail) {
      // The mailbox keeps the words only; attachments are named at the end of the text.
      const attached = (mail.attachments ?? []).map((file) => `\n[attachment: ${file.filename}]`).join('');
      await db.insert(mailboxMessages).values({
        toAddress: mail.to,
        fromAddress: from,
        subject: mail.subject,
        text: mail.text + attached,
        html: mail.html,
      });
    },
    close: () => {},
  };
}

export const MAIL_QUEUE = 'mail-send';

export type Mailer = {
  /** Queues the mail; the request never waits for (or fails with) the mail server. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Hands the mail to the mail server now and fails if it is not taken: for a job, which is
   * retried as a whole. A ticket mail's PDF is then not written to the queue and read back.
   */
  deliver(mail: OutgoingMail): Promise<void>;
};

/** Mails leave through the job queue, retried with backoff while the server is slow or down. */
export async function startMailer(jobs: Jobs, transport: MailTransport): Promise<Mailer> {
  // Two batches at a time: a batch waits on the slowest of its mails, the pool has room for more.
  await jobs.work<OutgoingMail>(MAIL_QUEUE, (mail) => transport.deliver(mail), { loops: 2 });
  return { send: (mail) => jobs.send(MAIL_QUEUE, mail), deliver: (mail) => transport.deliver(mail) };
}
