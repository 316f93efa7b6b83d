import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import { auditLog } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, unique } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * The console's inbox (issue 23, item 4; ADR 031): Sentiero's admins and support staff list,
 * read, answer, assign and close threads; an operator's staff, whatever their role, are refused.
 * A reply is mailed in the requester's language and stays in the thread; every change is audited.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({ OPERATOR_EMAIL: 'inbox@sentiero.test' }, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.now()));
});

const uniqueEmail = (name: string) => `${unique(name)}@example.org`.toLowerCase();

async function staffOf(role: StaffRole): Promise<{ browser: Browser; id: number }> {
  const everywhere = role === 'admin' || role === 'support';
  const operator = everywhere ? null : await createOperator(sut.database.db);
  const staff = await createStaff(sut.database.db, { role, operatorId: operator?.id ?? null });
  return { browser: await signInStaff(sut, staff, clock), id: staff.id };
}

/** A visitor writes to Sentiero from the contact page; answers the thread's id. */
async function writeToUs(
  email: string,
  language: Language,
  message = 'Posso portare il cane in Val Grande?',
) {
  const sent = await createBrowser(sut).post(`/api/app/contact/us?lng=${language}`, {
    full_name: 'Giulia Rossi',
    email,
    message,
  });
  expect(sent.statusCode).toBe(200);
  const admin = await staffOf('admin');
  const list = await admin.browser.get(`/api/console/inbox?lng=en&q=${encodeURIComponent(email)}`);
  expect(list.statusCode, list.body).toBe(200);
  const [thread] = list.json().threads;
  expect(thread).toMatchObject({ kind: 'contact', state: 'new', email, language });
  return thread.id as number;
}

type Call = (browser: Browser, id: number) => ReturnType<Browser['get']>;
/** Each endpoint, in an order that works on one new thread for someone allowed. */
const ENDPOINTS: { name: string; call: Call }[] = [
  { name: 'list', call: (b) => b.get('/api/console/inbox?lng=en') },
  { name: 'thread', call: (b, id) => b.get(`/api/console/inbox/thread?lng=en&id=${id}`) },
  {
    name: 'reply',
    call: (b, id) => b.post('/api/console/inbox/reply?lng=en', { id, body: 'Sì, al guinzaglio.' }),
  },
  { name: 'assign', call: (b, id) => b.post('/api/console/inbox/assign?lng=en', { id }) },
  { name: 'seen', call: (b, id) => b.post('/api/console/inbox/seen?lng=en', { id, up_to: 1 }) },
  { name: 'state', call: (b, id) => b.post('/api/console/inbox/state?lng=en', { id, state: 'closed' }) },
];

const handlesInbox = (role: StaffRole) =>
  (PERMISSIONS['inbox.handle'].heldBy as readonly string[]).includes(role);

describe('who may use the inbox', () => {
  it.each(STAFF_ROLES)('gives a %s what the permission table gives it', async (role) => {
    const id = await writeToUs(uniqueEmail(role), 'it');
    const { browser } = await staffOf(role);
    for (const endpoint of ENDPOINTS) {
      const response = await endpoint.call(browser, id);
      const where = `${role} ${endpoint.name}: ${response.body}`;
      if (handlesInbox(role)) {
        expect(response.statusCode, where).toBe(200);
      } else {
        expect(response.statusCode, where).toBe(403);
        expect(response.json().code, where).toBe('FORBIDDEN');
      }
    }
  });

  it('answers a visitor 401 on every endpoint', async () => {
    const id = await writeToUs(uniqueEmail('visitor'), 'it');
    for (const endpoint of ENDPOINTS) {
      const response = await endpoint.call(createBrowser(sut), id);
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses an operator’s owner the list, so no requester’s address reaches an operator', async () => {
    const email = uniqueEmail('private');
    await writeToUs(email, 'it');
    const { browser } = await staffOf('owner');
    const list = await browser.get(`/api/console/inbox?lng=en&q=${encodeURIComponent(email)}`);
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain(email);
  });
});

describe('answering a thread', () => {
  it('mails the reply in the requester’s language, keeps it in the thread and audits it', async () => {
    const email = uniqueEmail('jonas');
    const id = await writeToUs(email, 'de', 'Darf ich meinen Hund mitnehmen?');
    const { browser, id: supportId } = await staffOf('support');
    const replied = await browser.post('/api/console/inbox/reply?lng=it', {
      id,
      body: 'Ja, an der Leine.\n\nViele Grüße',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({
      state: 'answered',
      message: 'Darf ich meinen Hund mitnehmen?',
      replies: [{ body: 'Ja, an der Leine.\n\nViele Grüße', language: 'de', staff: { id: supportId } }],
    });

    // The contact form's receipt (queued) may come in after the reply (mailed at once).
    const mail = (await waitForMail(sut, email)).find((sent) => sent.subject.startsWith('Re:'));
    expect(mail?.subject).toBe('Re: Ihre Nachricht an Sentiero');
    expect(mail?.text).toContain('Hallo Giulia Rossi,');
    expect(mail?.text).toContain('Ja, an der Leine.');
    expect(mail?.text).toContain('Darf ich meinen Hund mitnehmen?');

    const second = await browser.post('/api/console/inbox/reply?lng=en', {
      id,
      body: 'Noch etwas: Maulkorb nicht nötig.',
    });
    expect(second.json().replies.map((reply: { body: string }) => reply.body)).toEqual([
      'Ja, an der Leine.\n\nViele Grüße',
      'Noch etwas: Maulkorb nicht nötig.',
    ]);
    const read = await browser.get(`/api/console/inbox/thread?lng=en&id=${id}`);
    expect(read.json().replies).toHaveLength(2);

    const audit = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'inbox_thread'), eq(auditLog.targetId, String(id))));
    expect(audit.map((row) => [row.action, row.staffId, row.role])).toEqual([
      ['inbox.reply', supportId, 'support'],
      ['inbox.reply', supportId, 'support'],
    ]);
    expect(audit[0]?.changes).toMatchObject({ state: ['new', 'answered'], reply_language: [null, 'de'] });
  });

  it('answers an area request in its language, naming the area', async () => {
    const area = await createArea(sut.database.db, { available: false });
    const email = uniqueEmail('ana');
    const asked = await createBrowser(sut).post('/api/app/area/activation/request?lng=sl', {
      id: area.id,
      email,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { browser } = await staffOf('admin');
    const list = await browser.get(
      `/api/console/inbox?lng=en&kind=area_activation&q=${encodeURIComponent(email)}`,
    );
    const [thread] = list.json().threads;
    expect(thread).toMatchObject({ kind: 'area_activation', full_name: null, language: 'sl' });
    const read = await browser.get(`/api/console/inbox/thread?lng=en&id=${thread.id}`);
    expect(read.json().area).toMatchObject({ id: area.id, available: false });
    const replied = await browser.post('/api/console/inbox/reply?lng=en', { id: thread.id, body: 'Kmalu.' });
    expect(replied.statusCode, replied.body).toBe(200);
    const [mail] = await waitForMail(sut, email);
    expect(mail?.text).toContain('Kmalu.');
    expect(mail?.text).toContain('Pozdravljeni');
  });

  it('refuses an empty reply and a reply to a closed thread, changing nothing', async () => {
    const email = uniqueEmail('closed');
    const id = await writeToUs(email, 'it');
    const { browser } = await staffOf('admin');
    const empty = await browser.post('/api/console/inbox/reply?lng=en', { id, body: '   ' });
    expect(empty.statusCode).toBe(400);
    const closed = await browser.post('/api/console/inbox/state?lng=en', { id, state: 'closed' });
    expect(closed.json().state).toBe('closed');
    const refused = await browser.post('/api/console/inbox/reply?lng=en', { id, body: 'Troppo tardi' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('THREAD_CLOSED');
    const reopened = await browser.post('/api/console/inbox/state?lng=en', { id, state: 'open' });
    expect(reopened.json()).toMatchObject({ state: 'new', replies: [] });
    expect((await browser.get(`/api/console/inbox/thread?lng=en&id=${id + 1_000_000}`)).statusCode).toBe(404);
  });
});

describe('assigning and filtering', () => {
  it('gives a thread to a support member, lists it under their name and as "mine", and audits it', async () => {
    const email = uniqueEmail('assign');
    const id = await writeToUs(email, 'es');
    const admin = await staffOf('admin');
    const support = await staffOf('support');
    const assigned = await admin.browser.post('/api/console/inbox/assign?lng=en', {
      id,
      staff_id: support.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assignee).toMatchObject({ id: support.id });
    expect(assigned.json().assignees.map((staff: { id: number }) => staff.id)).toContain(support.id);

    const mine = await support.browser.get(
      `/api/console/inbox?lng=en&assignee=me&q=${encodeURIComponent(email)}`,
    );
    expect(mine.json().threads.map((thread: { id: number }) => thread.id)).toEqual([id]);
    const unassigned = await support.browser.get(
      `/api/console/inbox?lng=en&assignee=none&q=${encodeURIComponent(email)}`,
    );
    expect(unassigned.json().total).toBe(0);
    const newOnes = await support.browser.get(
      `/api/console/inbox?lng=en&state=new&kind=contact&q=${encodeURIComponent(email)}`,
    );
    expect(newOnes.json().total).toBe(1);

    const [line] = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inbox.assign'), eq(auditLog.targetId, String(id))));
    expect(line).toMatchObject({ staffId: admin.id, changes: { assigned_staff_id: [null, support.id] } });

    const released = await admin.browser.post('/api/console/inbox/assign?lng=en', { id });
    expect(released.json().assignee).toBeNull();
  });

  it('refuses to give a thread to someone who does not handle the inbox', async () => {
    const id = await writeToUs(uniqueEmail('manager'), 'it');
    const admin = await staffOf('admin');
    const manager = await staffOf('manager');
    const refused = await admin.browser.post('/api/console/inbox/assign?lng=en', {
      id,
      staff_id: manager.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { staff_id: expect.any(String) },
    });
    expect((await admin.browser.get(`/api/console/inbox/thread?lng=en&id=${id}`)).json().assignee).toBeNull();
  });

  it('refuses a search of fewer than three letters with a field message', async () => {
    const { browser } = await staffOf('support');
    const short = await browser.get('/api/console/inbox?lng=en&q=ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION_FAILED');
  });
});
