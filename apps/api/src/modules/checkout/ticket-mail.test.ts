import type { AddressInfo } from 'node:net';
import { orders, users } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, createTicket, memberId, type TestTicket } from '../../test/factories.ts';
import { listTicketsToMail } from '../my-tickets/index.ts';

const NOW = '2026-11-23T08:00:00Z';
const KAYAK = {
  it: 'Permesso kayak',
  en: 'Kayak permit',
  es: 'Permiso de kayak',
  de: 'Kajakschein',
  sl: 'Dovolilnica za kajak',
};
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

type Received = { to: string; data: string };

/** A real SMTP server that refuses the first mail carrying a PDF with 451, as a busy server does. */
async function startMailServer() {
  const received: Received[] = [];
  let refusedPdfs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        if (data.includes('application/pdf') && refusedPdfs === 0) {
          refusedPdfs++;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        received.push({ to: session.envelope.rcptTo[0]?.address ?? '', data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusedPdfs: () => refusedPdfs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The PDF attached to a raw mail, decoded from its base64 part. */
function attachedPdf(data: string): Buffer {
  const part = /Content-Type: application\/pdf[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(data);
  if (!part?.[1]) throw new Error('the mail carries no PDF');
  return Buffer.from(part[1].replace(/\r\n/g, ''), 'base64');
}

function pdfText(pdf: Buffer): string {
  const page = mupdf.Document.openDocument(pdf, 'application/pdf').loadPage(0);
  return page.toStructuredText('preserve-whitespace').asText().replace(/\s+/gu, ' ');
}

let sut: TestApp;
let smtp: Awaited<ReturnType<typeof startMailServer>>;
let kayak: TestTicket;

beforeAll(async () => {
  smtp = await startMailServer();
  sut = await createTestApp({ SMTP_URL: smtp.url }, { now: NOW });
  kayak = await createTicket(sut.database.db, { title: KAYAK });
});
afterAll(async () => {
  await sut.close();
  await smtp.close();
});

async function buyKayak(browser: Browser, holder: string, language: string) {
  const response = await browser.post(`/api/app/v4/ticket/buy?lng=${language}`, {
    id_ticket: kayak.id,
    guests: [{ full_name: holder, start_date: kayak.date, end_date: kayak.date }],
    payment_method: 'sandbox',
    card: CARD,
    idempotency_key: `kayak-${holder}-${Date.now()}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().order.code as string;
}

async function buyerEmail(browser: Browser): Promise<string> {
  const [row] = await sut.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, await memberId(browser)));
  return row?.email ?? '';
}

async function waitForPdfMail(to: string, seconds: number): Promise<Received> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const mail = smtp.received.find((item) => item.to === to && item.data.includes('application/pdf'));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no ticket mail for ${to} after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the mail that delivers the tickets of a paid order', () => {
  it('reaches the mail server with its PDF, in the language of the order, when the server first refuses it', async () => {
    const browser = await createMember(sut, 'Ziga');
    const orderCode = await buyKayak(browser, 'Žiga Šinkovec', 'de');
    const to = await buyerEmail(browser);

    const mail = await waitForPdfMail(to, 40);
    expect(smtp.refusedPdfs()).toBe(1);
    expect(mail.data).toContain(`Subject: Ihre Sentiero-Tickets, Bestellung ${orderCode}`);
    expect(mail.data).toContain(`filename=sentiero-${orderCode}.pdf`);
    const text = pdfText(attachedPdf(mail.data));
    expect(text).toContain('Kajakschein');
    expect(text).toContain('Inhaber Žiga Šinkovec');
    // Sent once: the job that was retried did not leave a second copy behind.
    expect(
      smtp.received.filter((item) => item.to === to && item.data.includes('application/pdf')),
    ).toHaveLength(1);
  }, 60_000);
});

describe('listTicketsToMail', () => {
  it("reads an order's active tickets in the order's language, with the buyer's address", async () => {
    const browser = await createMember(sut, 'Mojca');
    const orderCode = await buyKayak(browser, 'Mojca Čuk', 'sl');
    const [order] = await sut.database.db.select().from(orders).where(eq(orders.code, orderCode));

    const rows = await listTicketsToMail({ db: sut.database.db }, order?.id ?? 0);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      orderCode,
      orderLanguage: 'sl',
      title: 'Dovolilnica za kajak',
      holder: 'Mojca Čuk',
      buyerEmail: await buyerEmail(browser),
      buyerFirstName: 'Mojca',
      status: 'active',
    });
  });

  it('reads nothing for a buyer who deleted the account', async () => {
    const browser = await createMember(sut, 'Rok');
    const orderCode = await buyKayak(browser, 'Rok Kos', 'en');
    const [order] = await sut.database.db.select().from(orders).where(eq(orders.code, orderCode));
    await sut.database.db
      .update(users)
      .set({ deletedAt: new Date(NOW) })
      .where(eq(users.id, await memberId(browser)));

    expect(await listTicketsToMail({ db: sut.database.db }, order?.id ?? 0)).toEqual([]);
  });
});
