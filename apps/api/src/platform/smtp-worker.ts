import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { OutgoingMail } from './mail.ts';

/*
 * The SMTP client of `smtpTransport`, on a thread of its own: nodemailer builds each message
 * (MIME parts, quoted-printable, a stream pipeline per part) and writes it out, about a
 * millisecond of CPU a mail, which the alerts' and tickets' jobs no longer wait behind.
 */

export type SmtpWorkerData = { smtpUrl: string; from: string };
export type SmtpRequest = { id: number; mail: OutgoingMail } | { close: true };
export type SmtpReply = { id: number; error?: { message: string; code?: string } };

/**
 * Connections kept open to the mail server. Opening one per mail (TCP, greeting, EHLO) made a
 * ticket mail wait about four times longer and cost a fifth more CPU. Each connection carries one
 * message at a time and waits for the server's answers, so a morning's alerts need more than a
 * few: with 12 instead of 4, 30,000 followers' alerts went out in 26 s instead of 35.
 */
const SMTP_POOL = { maxConnections: 12, maxMessages: 500 } as const;

const { smtpUrl, from } = workerData as SmtpWorkerData;
const port = parentPort;
if (!port) throw new Error('smtp-worker.ts runs as a worker thread of smtpTransport');

const transporter = nodemailer.createTransport({
  url: smtpUrl,
  pool: true,
  ...SMTP_POOL,
  // A stuck server must fail the job (to be retried), not hold a worker for minutes.
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
} as SMTPPool.Options);

port.on('message', (request: SmtpRequest) => {
  if ('close' in request) {
    // The pool says QUIT; with no connection and no port left, the thread ends.
    transporter.close();
    port.close();
    return;
  }
  const { id, mail } = request;
  const { attachments, ...message } = mail;
  transporter
    .sendMail({
      from,
      ...message,
      attachments: attachments?.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.from(file.contentBase64, 'base64'),
      })),
    })
    .then(
      () => port.postMessage({ id } satisfies SmtpReply),
      (error: unknown) =>
        port.postMessage({
          id,
          error: {
            message: error instanceof Error ? error.message : String(error),
            ...((error as { code?: unknown }).code
              ? { code: String((error as { code?: unknown }).code) }
              : {}),
          },
        } satisfies SmtpReply),
    );
});
