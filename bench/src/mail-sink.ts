import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** "%PDF-" as it starts a base64 attachment: the mail carries a PDF, not only its name. */
const PDF_IN_BASE64 = 'JVBERi0';

export type MailSink = {
  url: string;
  /** Mails accepted so far. */
  received(): number;
  /** Accepted mails with an application/pdf part whose content is a PDF. */
  withPdf(): number;
  /** performance.now() of each accepted mail, in order. */
  arrivals(): number[];
  close(): Promise<void>;
};

/** A mail server on the loopback that accepts everything and counts it. */
export async function startMailSink(): Promise<MailSink> {
  const arrivals: number[] = [];
  let withPdf = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arrivals.push(performance.now());
        const data = Buffer.concat(chunks).toString('latin1');
        if (data.includes('application/pdf') && data.includes(PDF_IN_BASE64)) withPdf++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => arrivals.length,
    withPdf: () => withPdf,
    arrivals: () => [...arrivals],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
