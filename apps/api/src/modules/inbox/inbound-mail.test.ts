import type { Language } from '@sentiero/contract/languages';
import { inboxReceivedMails } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/context.ts';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { unique } from '../../test/factories.ts';
import { createStaff, signInStaff } from '../../test/staff-factories.ts';
import { INBOUND_MAX_BYTES, type InboundSmtp, startInboundSmtp } from './inbound-smtp.ts';
import { replyAddresses } from './reply-addresses.ts';

/*
 * Answers by mail (ADR 031): a staff reply asks for answers at its thread's own address, and what
 * a real SMTP client sends there lands in the thread, the quote taken off; anything else is refused.
 */

const DOMAIN = 'answers.sentiero.test';
const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const addresses = replyAddresses(DOMAIN, SECRET);

let sut: TestApp;
let receiver: InboundSmtp;
let support: Browser;

beforeAll(async () => {
  sut = await createTestApp({
    OPERATOR_EMAIL: 'inbox@sentiero.test',
    INBOUND_MAIL_DOMAIN: DOMAIN,
    INBOUND_MAIL_SECRET: SECRET,
  });
  receiver = await startInboundSmtp({
    db: sut.database.db,
    clock: systemClock,
    log: sut.app.log,
    addresses,
    port: 0,
    host: '127.0.0.1',
  });
  const staff = await createStaff(sut.database.db, { role: 'support', operatorId: null });
  support = await signInStaff(sut, staff, systemClock);
});
afterAll(async () => {
  await receiver?.close();
  await sut?.close();
});

const uniqueEmail = (name: string) => `${unique(name)}@example.org`.toLowerCase();

/** A real SMTP client, as the requester's mail server is: plain SMTP to the receiver's port. */
async function sendMail(message: Mail.Options) {
  const client = nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false });
  try {
    return await client.sendMail(message);
  } finally {
    client.close();
  }
}

async function refusalOf(message: Mail.Options): Promise<{ responseCode?: number; code?: string }> {
  const error = await sendMail(message).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, 'the receiver took a mail it should refuse').toBeInstanceOf(Error);
  return error as { responseCode?: number; code?: string };
}

async function thread(id: number) {
  const response = await support.get(`/api/console/inbox/thread?lng=en&id=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A visitor writes from the contact page and support answers from the console. */
async function answeredThread(email: string, language: Language = 'it') {
  const sent = await createBrowser(sut).post(`/api/app/contact/us?lng=${language}`, {
    full_name: 'Giulia Rossi',
    email,
    message: 'Posso portare il cane in Val Grande?',
  });
  expect(sent.statusCode).toBe(200);
  const list = await support.get(`/api/console/inbox?lng=en&q=${encodeURIComponent(email)}`);
  const id = list.json().threads[0].id as number;
  const replied = await support.post('/api/console/inbox/reply?lng=en', { id, body: 'Sì, al guinzaglio.' });
  expect(replied.statusCode, replied.body).toBe(200);
  expect(replied.json().state).toBe('answered');
  // The contact form's receipt (queued) may come in after the reply (mailed at once): not that one.
  const mail = (await waitForMail(sut, email)).find((sent) => sent.replyTo !== null);
  return { id, replyTo: mail?.replyTo ?? '' };
}

const QUOTED_ITALIAN = [
  'Grazie mille, allora veniamo sabato.',
  'Giulia',
  '',
  'Il giorno sab 12 set 2026 alle ore 10:30 Sentiero <no-reply@sentiero.localhost> ha scritto:',
  '> Ciao Giulia Rossi,',
  '> Sì, al guinzaglio.',
].join('\n');

describe('the reply address', () => {
  it('is the Reply-To of the staff reply mail, and names that thread only', async () => {
    const { id, replyTo } = await answeredThread(uniqueEmail('reply-to'));
    expect(replyTo).toBe(addresses.addressOf(id));
    expect(replyTo).toMatch(new RegExp(`^reply\\+${id}\\.[0-9a-f]{32}@${DOMAIN.replaceAll('.', '\\.')}$`));
    expect(addresses.threadOf(replyTo.toUpperCase())).toBe(id);
    expect(addresses.threadOf(replyTo.replace(`+${id}.`, `+${id + 1}.`))).toBeUndefined();
  });
});

describe('an answer by mail', () => {
  it('lands in its thread without the quoted message, and the thread needs an answer again', async () => {
    const email = uniqueEmail('giulia');
    const { id, replyTo } = await answeredThread(email);
    const before = await thread(id);

    const info = await sendMail({
      from: `Giulia Rossi <${email}>`,
      to: replyTo,
      subject: 'Re: il tuo messaggio a Sentiero',
      text: QUOTED_ITALIAN,
      messageId: `<${unique('answer')}@example.org>`,
    });
    expect(info.accepted).toEqual([replyTo]);

    const after = await thread(id);
    expect(after.state).toBe('new');
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect(after.received_mails).toEqual([
      expect.objectContaining({
        from_address: email,
        from_name: 'Giulia Rossi',
        from_requester: true,
        subject: 'Re: il tuo messaggio a Sentiero',
        body: 'Grazie mille, allora veniamo sabato.\nGiulia',
        attachments: 0,
      }),
    ]);
    expect(after.replies).toHaveLength(1);

    // Staff's next reply quotes that answer, and leaves the thread answered.
    const next = await support.post('/api/console/inbox/reply?lng=en', { id, body: 'A sabato!' });
    expect(next.json().state).toBe('answered');
    const mail = (await waitForMail(sut, email, 2)).find((sent) => sent.text.includes('A sabato!'));
    expect(mail, 'the second reply was not mailed').toBeDefined();
    expect(mail?.text).toContain('Grazie mille, allora veniamo sabato.');
  });

  it('reads the HTML part as text when there is no text part, and opens a closed thread again', async () => {
    const email = uniqueEmail('jonas');
    const { id, replyTo } = await answeredThread(email, 'de');
    const closed = await support.post('/api/console/inbox/state?lng=en', { id, state: 'closed' });
    expect(closed.json().state).toBe('closed');

    await sendMail({
      from: email,
      to: replyTo,
      subject: 'AW: Ihre Nachricht an Sentiero',
      html: '<p>Danke, <b>bis Samstag</b>!</p><div>Am 12.09.2026 um 10:30 schrieb Sentiero &lt;no-reply@sentiero.localhost&gt;:</div><blockquote><p>Ja, an der Leine.</p></blockquote>',
      attachments: [{ filename: 'karte.txt', content: 'Val Grande' }],
    });

    const after = await thread(id);
    expect(after.state).toBe('new');
    expect(after.received_mails).toHaveLength(1);
    expect(after.received_mails[0].body).toMatch(/^Danke, bis Samstag!$/i);
    expect(after.received_mails[0].attachments).toBe(1);

    // Reopened after the requester wrote last, it still waits for an answer.
    await support.post('/api/console/inbox/state?lng=en', { id, state: 'closed' });
    const reopened = await support.post('/api/console/inbox/state?lng=en', { id, state: 'open' });
    expect(reopened.json().state).toBe('new');
  });

  it('keeps a mail from another address, saying whose it is, and quotes only the requester to them', async () => {
    const email = uniqueEmail('ana');
    const { id, replyTo } = await answeredThread(email, 'sl');
    await sendMail({
      from: 'Marko Novak <marko@example.net>',
      to: replyTo,
      subject: 'Re: vaše sporočilo',
      text: 'Tudi jaz bi rad prišel.\n\nDne 12. 09. 2026 ob 10:30 je Sentiero napisal(a):\n> Sì, al guinzaglio.',
    });
    const after = await thread(id);
    expect(after.received_mails).toEqual([
      expect.objectContaining({
        from_address: 'marko@example.net',
        from_requester: false,
        body: 'Tudi jaz bi rad prišel.',
      }),
    ]);
    await support.post('/api/console/inbox/reply?lng=en', { id, body: 'Hvala.' });
    const mail = (await waitForMail(sut, email, 2)).find((sent) => sent.text.includes('Hvala.'));
    expect(mail, 'the second reply was not mailed').toBeDefined();
    expect(mail?.text).not.toContain('Tudi jaz bi rad prišel.');
  });

  it("makes the thread findable by the words of staff's reply and of the answer, and by the answer's sender", async () => {
    const email = uniqueEmail('search');
    const { id, replyTo } = await answeredThread(email);
    const word = unique('Zattera').toLowerCase();
    const sender = `${unique('piero')}@example.net`;
    await sendMail({
      from: `Piero Gallo <${sender}>`,
      to: replyTo,
      subject: 'Re: il tuo messaggio a Sentiero',
      text: `Possiamo noleggiare una ${word} sul lago?`,
    });
    const pier = unique('pontile');
    const replied = await support.post('/api/console/inbox/reply?lng=en', { id, body: `Sì, al ${pier}.` });
    expect(replied.statusCode, replied.body).toBe(200);
    const found = async (q: string) => {
      const list = await support.get(`/api/console/inbox?lng=en&q=${encodeURIComponent(q)}`);
      expect(list.statusCode, list.body).toBe(200);
      return (list.json().threads as { id: number }[]).map((thread) => thread.id);
    };
    // The answer's words in any case, who sent it, and staff's reply after it.
    expect(await found(word.toUpperCase())).toEqual([id]);
    expect(await found(sender)).toEqual([id]);
    expect(await found(`Piero Gallo ${sender}`)).toEqual([id]);
    expect(await found(pier)).toEqual([id]);
  });

  it('stores a mail delivered twice with the same Message-ID once', async () => {
    const email = uniqueEmail('twice');
    const { id, replyTo } = await answeredThread(email);
    const message = {
      from: email,
      to: replyTo,
      subject: 'Re: il tuo messaggio',
      text: 'Perfetto.',
      messageId: `<${unique('twice')}@example.org>`,
    };
    // A copy each time: the client may rewrite the options it is given.
    expect((await sendMail({ ...message })).accepted).toEqual([replyTo]);
    expect((await sendMail({ ...message })).accepted).toEqual([replyTo]);
    const rows = await sut.database.db
      .select()
      .from(inboxReceivedMails)
      .where(eq(inboxReceivedMails.threadId, id));
    expect(rows.map((row) => row.body)).toEqual(['Perfetto.']);
  });

  it('accepts an out-of-office notice and keeps nothing of it', async () => {
    const email = uniqueEmail('away');
    const { id, replyTo } = await answeredThread(email);
    await sendMail({
      from: email,
      to: replyTo,
      subject: 'Fuori ufficio',
      text: 'Sono in ferie fino a lunedì.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    const after = await thread(id);
    expect(after).toMatchObject({ state: 'answered', received_mails: [] });
  });
});

describe('what the receiver refuses', () => {
  it('refuses a guessed, altered or foreign address at RCPT TO with 550', async () => {
    const { id, replyTo } = await answeredThread(uniqueEmail('forged'));
    const [local, domain] = replyTo.split('@') as [string, string];
    const lastHex = local.at(-1) === '0' ? '1' : '0';
    const forged = [
      `${local.slice(0, -1)}${lastHex}@${domain}`,
      `reply+${id + 1}.${local.split('.')[1]}@${domain}`,
      `${local}@sentiero.example`,
      `reply+${id}@${domain}`,
      `support@${domain}`,
      // A genuine tag of a thread that does not exist (yet).
      addresses.addressOf(2_000_000_000),
    ];
    for (const to of forged) {
      const refused = await refusalOf({ from: 'someone@example.org', to, subject: 'Hi', text: 'Hello' });
      expect(refused, to).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
    }
    expect((await thread(id)).received_mails).toEqual([]);
  });

  it('refuses a message over 1 MB and keeps nothing', async () => {
    expect(INBOUND_MAX_BYTES).toBe(1024 * 1024);
    const email = uniqueEmail('big');
    const { id, replyTo } = await answeredThread(email);
    const refused = await refusalOf({
      from: email,
      to: replyTo,
      subject: 'Le foto',
      text: 'x'.repeat(INBOUND_MAX_BYTES + 1024),
    });
    expect(refused.responseCode, JSON.stringify(refused)).toBe(552);
    expect(await thread(id)).toMatchObject({ state: 'answered', received_mails: [] });
  });
});
