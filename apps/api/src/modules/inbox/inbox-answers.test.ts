import { createServer } from 'node:net';
import type { Language } from '@sentiero/contract/languages';
import { auditLog, staffAccounts, staffGrants } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/context.ts';
import type { OutgoingMail } from '../../platform/mail.ts';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { unique } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff, type TestStaff } from '../../test/staff-factories.ts';
import { answerNotifier } from './answer-notice.ts';
import { type InboundSmtp, startInboundSmtp } from './inbound-smtp.ts';
import { replyAddresses } from './reply-addresses.ts';

/*
 * An answer by mail is news (ADR 031): the thread is `new` again with an unread answer, which the
 * list shows until a staff member opens it, and the staff member it is assigned to is told by mail
 * in their language, with a link to it but not the answer's words; nobody else is.
 */

const DOMAIN = 'answers.sentiero.test';
const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const addresses = replyAddresses(DOMAIN, SECRET);

let sut: TestApp;
/** A receiver whose notices are kept here rather than queued: each is known once the mail is taken. */
let receiver: InboundSmtp;
const notices: OutgoingMail[] = [];
/** The app's own receiver, on INBOUND_SMTP_PORT, whose notices go through the mail queue. */
let appPort: number;
let support: Browser;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  appPort = await freePort();
  sut = await createTestApp({
    HOST: '127.0.0.1',
    INBOUND_MAIL_DOMAIN: DOMAIN,
    INBOUND_MAIL_SECRET: SECRET,
    INBOUND_SMTP_PORT: String(appPort),
  });
  receiver = await startInboundSmtp({
    db: sut.database.db,
    clock: systemClock,
    log: sut.app.log,
    addresses,
    port: 0,
    host: '127.0.0.1',
    notify: answerNotifier({
      db: sut.database.db,
      mail: { send: async (mail) => void notices.push(mail) },
      brand: 'Sentiero',
      origin: 'https://sentiero.test',
      log: sut.app.log,
    }),
  });
  support = await signInStaff(sut, await createStaff(sut.database.db, { role: 'support' }), systemClock);
});
afterAll(async () => {
  await receiver?.close();
  await sut?.close();
});

/** A support member who handles the inbox and reads the console in `language`. */
async function handler(language: Language): Promise<TestStaff> {
  const staff = await createStaff(sut.database.db, { role: 'support' });
  await sut.database.db.update(staffAccounts).set({ language }).where(eq(staffAccounts.id, staff.id));
  return staff;
}

/** A contact message support has answered, assigned to `assignee` (or nobody). */
async function answeredThread(assignee: TestStaff | null) {
  const email = `${unique('requester')}@example.org`.toLowerCase();
  const sent = await createBrowser(sut).post('/api/app/contact/us?lng=it', {
    full_name: 'Giulia Rossi',
    email,
    message: 'Posso portare il cane in Val Grande?',
  });
  expect(sent.statusCode).toBe(200);
  const id = (await listed(email)).id;
  if (assignee) {
    const assigned = await support.post('/api/console/inbox/assign?lng=en', { id, staff_id: assignee.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  const replied = await support.post('/api/console/inbox/reply?lng=en', { id, body: 'Sì, al guinzaglio.' });
  expect(replied.statusCode, replied.body).toBe(200);
  return { id, email, to: addresses.addressOf(id) };
}

/** The thread as the console's list shows it. */
async function listed(email: string) {
  const list = await support.get(`/api/console/inbox?lng=en&q=${encodeURIComponent(email)}`);
  expect(list.statusCode, list.body).toBe(200);
  const [thread] = list.json().threads;
  return thread as { id: number; state: string; unread_answer_since: string | null };
}

async function answer(port: number, message: Mail.Options) {
  const client = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false });
  try {
    expect((await client.sendMail(message)).accepted).toHaveLength(1);
  } finally {
    client.close();
  }
}

async function thread(id: number) {
  const response = await support.get(`/api/console/inbox/thread?lng=en&id=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const noticesTo = (staff: TestStaff) => notices.filter((mail) => mail.to === staff.email);

describe('an answer by mail', () => {
  it('shows in the list as unread until a staff member opens it, and that is audited', async () => {
    const { id, email, to } = await answeredThread(null);
    expect(await listed(email)).toMatchObject({ state: 'answered', unread_answer_since: null });

    await answer(receiver.port, { from: email, to, subject: 'Re: il tuo messaggio', text: 'Grazie!' });
    const unread = await listed(email);
    expect(unread.state).toBe('new');
    expect(unread.unread_answer_since).not.toBeNull();

    const [mail] = (await thread(id)).received_mails;
    const seen = await support.post('/api/console/inbox/seen?lng=en', { id, up_to: mail.id });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ state: 'new', unread_answer_since: null });
    expect(await listed(email)).toMatchObject({ state: 'new', unread_answer_since: null });

    const audit = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(id)), eq(auditLog.action, 'inbox.seen')));
    expect(audit.map((row) => row.changes)).toEqual([
      { unread_answer_since: [unread.unread_answer_since, null] },
    ]);
    // Seen again, nothing changes and nothing more is written.
    await support.post('/api/console/inbox/seen?lng=en', { id, up_to: mail.id });
    expect(
      await sut.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, String(id)), eq(auditLog.action, 'inbox.seen'))),
    ).toHaveLength(1);
  });

  it('stays unread when it came after the one on screen, and a reply after it reads it', async () => {
    const { id, email, to } = await answeredThread(null);
    await answer(receiver.port, { from: email, to, subject: 'Re: uno', text: 'Prima risposta.' });
    await answer(receiver.port, { from: email, to, subject: 'Re: due', text: 'Seconda risposta.' });
    const [first, second] = (await thread(id)).received_mails;

    const seen = await support.post('/api/console/inbox/seen?lng=en', { id, up_to: first.id });
    expect(seen.json().unread_answer_since).toBe(second.received_at);

    const replied = await support.post('/api/console/inbox/reply?lng=en', { id, body: 'Ricevuto.' });
    expect(replied.json()).toMatchObject({ state: 'answered', unread_answer_since: null });
  });

  it('tells the assignee by mail in their language, with the link and not the words, once until it is opened', async () => {
    const assignee = await handler('de');
    const { id, email, to } = await answeredThread(assignee);
    await answer(receiver.port, {
      from: `Giulia Rossi <${email}>`,
      to,
      subject: 'Re: il tuo messaggio a Sentiero',
      text: 'Il mio numero di tessera è 123456.',
    });
    expect(noticesTo(assignee)).toHaveLength(1);
    const [notice] = noticesTo(assignee);
    expect(notice?.subject).toBe('Neue Antwort im Posteingang: Giulia Rossi');
    expect(notice?.text).toContain('Giulia Rossi hat in einer Ihnen zugewiesenen Unterhaltung geantwortet.');
    expect(notice?.text).toContain('Betreff: Re: il tuo messaggio a Sentiero');
    expect(notice?.text).toContain(`https://sentiero.test/console/inbox?thread=${id}`);
    expect(notice?.html).toContain(`href="https://sentiero.test/console/inbox?thread=${id}"`);
    expect(`${notice?.text}${notice?.html}`).not.toContain('123456');

    // A second answer nobody has opened yet: the assignee already knows.
    await answer(receiver.port, { from: email, to, subject: 'Re: ancora', text: 'Dimenticavo…' });
    expect(noticesTo(assignee)).toHaveLength(1);
    // Opened, then answered again: news again.
    const mails = (await thread(id)).received_mails;
    await support.post('/api/console/inbox/seen?lng=en', { id, up_to: mails.at(-1).id });
    await answer(receiver.port, { from: email, to, subject: 'Re: terza', text: 'Ultima cosa.' });
    expect(noticesTo(assignee).map((mail) => mail.text.match(/Betreff: (.+)/)?.[1])).toEqual([
      'Re: il tuo messaggio a Sentiero',
      'Re: terza',
    ]);
  });

  it('tells nobody when the thread is not assigned, or its assignee no longer handles the inbox', async () => {
    const before = notices.length;
    const unassigned = await answeredThread(null);
    await answer(receiver.port, { from: unassigned.email, to: unassigned.to, subject: 'Re', text: 'Ok.' });

    const disabled = await handler('it');
    const toDisabled = await answeredThread(disabled);
    await sut.database.db
      .update(staffAccounts)
      .set({ disabledAt: new Date() })
      .where(eq(staffAccounts.id, disabled.id));
    await answer(receiver.port, { from: toDisabled.email, to: toDisabled.to, subject: 'Re', text: 'Ok.' });

    // Moved to an operator's desk: they no longer see the inbox, so they hear nothing of it.
    const moved = await handler('en');
    const toMoved = await answeredThread(moved);
    const operator = await createOperator(sut.database.db);
    await sut.database.db
      .update(staffGrants)
      .set({ role: 'desk', operatorId: operator.id })
      .where(eq(staffGrants.id, moved.grantId));
    await answer(receiver.port, { from: toMoved.email, to: toMoved.to, subject: 'Re', text: 'Ok.' });

    expect(notices.slice(before)).toEqual([]);
    expect((await listed(toMoved.email)).unread_answer_since).not.toBeNull();
  });

  it("reaches the assignee through the app's own receiver and the mail queue", async () => {
    const assignee = await handler('sl');
    const { id, email, to } = await answeredThread(assignee);
    await answer(appPort, { from: `Giulia Rossi <${email}>`, to, subject: 'Re: vprašanje', text: 'Hvala!' });
    const [notice] = await waitForMail(sut, assignee.email);
    expect(notice?.subject).toBe('Nov odgovor v prejetih: Giulia Rossi');
    expect(notice?.text).toContain(`/console/inbox?thread=${id}`);
    expect(notice?.text).not.toContain('Hvala!');
  });
});
