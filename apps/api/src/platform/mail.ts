import { Worker } from 'node:worker_threads';
import type { Db } from '@sentiero/db/client';
import type { Jobs } from './jobs.ts';
import { insertMailboxMessage } from './mailbox-repo.ts';
import type { SmtpReply, SmtpRequest, SmtpWorkerData } from './smtp-worker.ts';

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

/** A mail the SMTP thread could not hand over: the server refused it, or could not be reached. */
export class SmtpDeliveryError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'SmtpDeliveryError';
    this.code = code;
  }
}

/**
 * Mail over SMTP, built and sent by a thread of its own (`smtp-worker.ts`, nodemailer over a pool
 * of kept-open connections): building a message is about a millisecond of CPU, and 25,000 alert
 * mails of a morning took half the alert job's CPU on the thread that also reads the database,
 * encrypts the pushes and answers requests. The thread starts with the first mail, holds the
 * process open only while a mail is on its way, and a new one starts if it ever stops.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  let thread: Worker | null = null;
  let serial = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const start = (): Worker => {
    const started = new Worker(new URL('./smtp-worker.ts', import.meta.url), {
      workerData: { smtpUrl, from } satisfies SmtpWorkerData,
    });
    started.unref();
    started.on('message', ({ id, error }: SmtpReply) => {
      const mail = waiting.get(id);
      if (!mail) return;
      waiting.delete(id);
      if (waiting.size === 0) started.unref();
      if (error) mail.reject(new SmtpDeliveryError(error.message, error.code));
      else mail.resolve();
    });
    const stopped = (error: Error) => {
      if (thread === started) thread = null;
      failAll(error);
    };
    started.on('error', stopped);
    started.on('exit', () => stopped(new SmtpDeliveryError('the SMTP thread stopped')));
    return started;
  };
  return {
    deliver(mail) {
      const current = thread ?? start();
      thread = current;
      const id = ++serial;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        current.ref();
        current.postMessage({ id, mail } satisfies SmtpRequest);
      });
    },
    close() {
      const current = thread;
      thread = null;
      current?.postMessage({ close: true } satisfies SmtpRequest);
    },
  };
}

export function mailboxTransport(db: Db, from: string): MailTransport {
  return {
    async deliver(mail) {
      // The mailbox keeps the words only; attachments are named at the end of the text.
      const attached = (mail.attachments ?? []).map((file) => `\n[attachment: ${file.filename}]`).join('');
      await insertMailboxMessage(db, {
        toAddress: mail.to,
        fromAddress: from,
        subject: mail.subject,
        text: mail.text + attached,
        html: mail.html,
        replyTo: mail.headers?.['Reply-To'] ?? null,
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
