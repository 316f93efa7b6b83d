import type { Language } from '@sentiero/contract/languages';
import { contactMessages, inboxReplies, mailboxMessages } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { type ServiceContext, systemClock } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { mailboxTransport, type OutgoingMail } from '../../platform/mail.ts';
import { createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createArea, unique } from '../../test/factories.ts';
import { replyToThread } from './reply-to-thread.ts';
import {
  assignThread,
  closeThread,
  getThread,
  type InboxChange,
  listInbox,
  reopenThread,
} from './service.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ OPERATOR_EMAIL: 'inbox@sentiero.test' });
});
afterAll(() => sut.close());

const staff = { staffId: 7 };
const uniqueEmail = (name: string) => `${unique(name)}@example.org`.toLowerCase();

/** The console's context: a staff member reading in English, mail delivered to the dev mailbox. */
function consoleContext(deliver?: (mail: OutgoingMail) => Promise<void>): ServiceContext {
  const config = loadConfig({ NODE_ENV: 'test', OPERATOR_EMAIL: 'inbox@sentiero.test' });
  const mailbox = mailboxTransport(sut.database.db, config.mail.from);
  const send = deliver ?? ((mail: OutgoingMail) => mailbox.deliver(mail));
  return {
    db: sut.database.db,
    lang: 'en',
    clock: systemClock,
    log: sut.app.log,
    user: null,
    roles: sut.app.accessRules.roles,
    config,
    mail: { send, deliver: send },
    origin: 'https://sentiero.example',
  };
}

async function writeToUs(fullName: string, email: string, message: string, language: Language) {
  const response = await createBrowser(sut).post(`/api/app/contact/us?lng=${language}`, {
    full_name: fullName,
    email,
    message,
  });
  expect(response.statusCode).toBe(200);
  return threadOf(email);
}

async function askForArea(areaId: number, email: string, language: Language) {
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/app/area/activation/request',
    headers: { origin: 'http://localhost' },
    payload: { id: areaId, email, lng: language },
  });
  expect(response.statusCode).toBe(200);
  return threadOf(email);
}

async function threadOf(email: string) {
  const { threads } = await listInbox(consoleContext(), { q: email });
  expect(threads).toHaveLength(1);
  return threads[0] as (typeof threads)[number];
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the inbox', () => {
  it('opens a new thread for a contact message and for an "area not available" request', async () => {
    const writer = uniqueEmail('giulia');
    const contact = await writeToUs('Giulia Rossi', writer, 'Posso portare il cane in Val Grande?', 'it');
    expect(contact).toMatchObject({
      kind: 'contact',
      state: 'new',
      assignedStaffId: null,
      fullName: 'Giulia Rossi',
      email: writer,
      language: 'it',
    });

    const area = await createArea(sut.database.db, { available: false });
    const asker = uniqueEmail('ana');
    const request = await askForArea(area.id, asker, 'sl');
    expect(request).toMatchObject({ kind: 'area_activation', state: 'new', email: asker, areaId: area.id });

    const thread = await getThread(consoleContext(), request.id);
    expect(thread.area).toMatchObject({ id: area.id, slug: area.slug, available: false });
    expect(thread.area?.region.country).toBe('IT');
    expect(thread.replies).toEqual([]);
  });

  it('pages 20 threads at a time, newest first, and filters by kind, state and assignee', async () => {
    const marker = unique('paging').toLowerCase();
    const start = Date.parse('2026-03-01T08:00:00Z');
    const rows = await sut.database.db
      .insert(contactMessages)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          fullName: `Writer ${i}`,
          email: `${marker}.${i}@example.org`,
          message: `Question number ${i}`,
          language: 'en' as const,
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ email: contactMessages.email });
    expect(rows).toHaveLength(25);

    const first = await listInbox(consoleContext(), { q: marker });
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 25, pages: 2 });
    expect(first.threads).toHaveLength(20);
    expect(first.threads[0]?.email).toBe(`${marker}.24@example.org`);
    const second = await listInbox(consoleContext(), { q: marker, page: 2 });
    expect(second.threads.map((thread) => thread.email)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `${marker}.${i}@example.org`),
    );

    const oldest = second.threads.at(-1)?.id as number;
    await assignThread(consoleContext(), oldest, { staffId: 42 }, staff);
    await closeThread(consoleContext(), oldest, staff);
    const filtered = await listInbox(consoleContext(), { q: marker, state: 'closed', assignee: 42 });
    expect(filtered.threads.map((thread) => thread.id)).toEqual([oldest]);
    expect((await listInbox(consoleContext(), { q: marker, state: 'new' })).total).toBe(24);
    expect((await listInbox(consoleContext(), { q: marker, assignee: 'none' })).total).toBe(24);
    expect((await listInbox(consoleContext(), { q: marker, kind: 'area_activation' })).total).toBe(0);
  });

  it('finds a thread by its email address and by a word of the message', async () => {
    const email = uniqueEmail('Pedro');
    const word = unique('barranquismo');
    const thread = await writeToUs('Pedro Gil', email, `¿Hay ${word} en agosto?`, 'es');
    expect((await listInbox(consoleContext(), { q: email.toUpperCase() })).threads.map((t) => t.id)).toEqual([
      thread.id,
    ]);
    expect((await listInbox(consoleContext(), { q: word })).threads.map((t) => t.id)).toEqual([thread.id]);
    // A percent sign is a letter to look for, not a wildcard that matches everything.
    expect((await listInbox(consoleContext(), { q: `${word}%%` })).total).toBe(0);
  });

  it('refuses a search too short to use the index, and a page that is not a number, naming the field', async () => {
    const short = await refusal(listInbox(consoleContext(), { q: 'ab' }));
    expect(short).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, fields: { q: 'tooShort' } });
    const page = await refusal(listInbox(consoleContext(), { page: 0 }));
    expect(page).toMatchObject({ status: 400, fields: { page: 'tooShort' } });
    expect(await refusal(getThread(consoleContext(), 2_147_483_647))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
  });
});

describe('replying', () => {
  it('mails an Italian writer in Italian, quoting the message, and the thread shows the reply', async () => {
    const email = uniqueEmail('marco');
    const thread = await writeToUs('Marco Bianchi', email, 'Il permesso vale anche la domenica?', 'it');
    const changes: InboxChange[] = [];
    const change = await replyToThread(
      consoleContext(),
      thread.id,
      { body: 'Sì, vale tutti i giorni della settimana.' },
      staff,
      {
        onChange: async (_tx, seen) => {
          changes.push(seen);
        },
      },
    );
    expect(change).toMatchObject({
      action: 'inbox.reply',
      before: { state: 'new' },
      after: { state: 'answered' },
      reply: { language: 'it' },
    });
    expect(changes).toEqual([change]);

    const mails = await waitForMail(sut, email, 2);
    const reply = mails.find((mail) => mail.subject === 'Re: il tuo messaggio a Sentiero');
    expect(reply?.text).toContain('Ciao Marco Bianchi,');
    expect(reply?.text).toContain('Sì, vale tutti i giorni della settimana.');
    expect(reply?.text).toContain('Il permesso vale anche la domenica?');

    const shown = await getThread(consoleContext(), thread.id);
    expect(shown.state).toBe('answered');
    expect(shown.replies).toMatchObject([
      { staffId: 7, body: 'Sì, vale tutti i giorni della settimana.', language: 'it' },
    ]);
    expect(shown.replies[0]?.messageId).toMatch(/^<inbox\.\d+\.[\w-]+@[^>]+>$/);
  });

  it('answers a German request for an area in German, naming the area', async () => {
    const area = await createArea(sut.database.db, { available: false });
    const email = uniqueEmail('lena');
    const thread = await askForArea(area.id, email, 'de');
    await replyToThread(consoleContext(), thread.id, { body: 'Das Gebiet öffnet im Mai.' }, staff);
    const [mail] = await waitForMail(sut, email);
    expect(mail?.subject).toBe(`Re: Area ${area.slug} bei Sentiero`);
    expect(mail?.text).toContain('Das Gebiet öffnet im Mai.');
    expect(mail?.text).toContain(`sobald Area ${area.slug} bei Sentiero verfügbar ist`);
    expect((await getThread(consoleContext(), thread.id)).state).toBe('answered');
  });

  it('refuses a reply to a closed thread with a 409 until it is reopened', async () => {
    const email = uniqueEmail('sophie');
    const thread = await writeToUs('Sophie Martin', email, 'Where can I park near the lake?', 'en');
    const closed = await closeThread(consoleContext(), thread.id, staff);
    expect(closed).toMatchObject({ before: { state: 'new' }, after: { state: 'closed' } });

    const refused = await refusal(
      replyToThread(consoleContext(), thread.id, { body: 'At the village.' }, staff),
    );
    expect(refused).toMatchObject({ code: 'THREAD_CLOSED', status: 409 });
    expect(
      await sut.database.db.select().from(inboxReplies).where(eq(inboxReplies.threadId, thread.id)),
    ).toEqual([]);

    const reopened = await reopenThread(consoleContext(), thread.id, staff);
    expect(reopened).toMatchObject({ before: { state: 'closed' }, after: { state: 'new' } });
    await replyToThread(consoleContext(), thread.id, { body: 'At the village.' }, staff);
    await closeThread(consoleContext(), thread.id, staff);
    // A thread that had an answer is answered again when it is reopened.
    expect((await reopenThread(consoleContext(), thread.id, staff)).after.state).toBe('answered');
  });

  it('records nothing and leaves the state as it was when the mail cannot be sent', async () => {
    const email = uniqueEmail('tina');
    const thread = await writeToUs('Tina Kos', email, 'Ali je Soča odprta za rafting?', 'sl');
    const failing = consoleContext(async () => {
      throw new Error('421 the mail server is busy');
    });
    let told = false;
    const refused = await refusal(
      replyToThread(failing, thread.id, { body: 'Da.' }, staff, {
        onChange: async () => {
          told = true;
        },
      }),
    );
    expect(refused).toMatchObject({ code: 'MAIL_NOT_SENT', status: 503 });
    expect(told).toBe(false);
    const shown = await getThread(consoleContext(), thread.id);
    expect(shown).toMatchObject({ state: 'new', replies: [] });
    expect(shown.updatedAt).toEqual(thread.updatedAt);
  });

  it('undoes the reply when the change cannot be written with it', async () => {
    const email = uniqueEmail('eva');
    const thread = await writeToUs('Eva Berg', email, 'Is the hut open in October?', 'en');
    const refused = replyToThread(consoleContext(), thread.id, { body: 'Yes.' }, staff, {
      onChange: async () => {
        throw new Error('the audit log is unavailable');
      },
    });
    await expect(refused).rejects.toThrow('the audit log is unavailable');
    expect(await getThread(consoleContext(), thread.id)).toMatchObject({ state: 'new', replies: [] });
  });

  it('refuses an empty reply, naming the field, and mails nothing', async () => {
    const email = uniqueEmail('luca');
    const thread = await writeToUs('Luca Neri', email, 'Ciao?', 'it');
    const refused = await refusal(replyToThread(consoleContext(), thread.id, { body: '   ' }, staff));
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, fields: { body: 'tooShort' } });
    const mails = await sut.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.toAddress, email));
    expect(mails.every((mail) => !mail.subject.startsWith('Re:'))).toBe(true);
  });
});
