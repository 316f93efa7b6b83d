import type { AddressInfo } from 'node:net';
import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import { auditLog, newsletterSubscriptions } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../platform/mail.ts';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * The console's newsletter issues (issue 23, item 4; ADR 032, 038), end to end: an admin writes
 * an issue in Italian and English, previews it, sends a test to themselves and sends it; the job
 * queue hands each mail to a real SMTP server, to confirmed subscribers only, each with the
 * one-click unsubscribe headers of RFC 8058; the progress is read back from the database.
 */

type Received = { to: string[]; data: string };
const received: Received[] = [];
let smtp: SMTPServer;
let smtpUrl: string;

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const transport = smtpTransport(smtpUrl, 'Sentiero <newsletter@sentiero.test>');
  sut = await createTestApp({}, { clock: clocks, mailTransport: transport });
});
afterAll(async () => {
  await sut.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  // The real time: the job queue runs the sending by its own clock.
  clock = clocks.use(createTestClock(Date.now()));
});

async function staffOf(role: StaffRole): Promise<{ browser: Browser; email: string }> {
  const everywhere = role === 'admin' || role === 'support';
  const operator = everywhere ? null : await createOperator(sut.database.db);
  const staff = await createStaff(sut.database.db, { role, operatorId: operator?.id ?? null });
  return { browser: await signInStaff(sut, staff, clock), email: staff.email };
}

let serial = 0;
async function subscriber(language: Language, status: 'confirmed' | 'pending' | 'unsubscribed') {
  const email = `reader-${process.pid}-${++serial}-${status}@example.org`;
  await sut.database.db.insert(newsletterSubscriptions).values({
    email,
    userId: null,
    language,
    status,
    unsubscribeToken: `token-${process.pid}-${serial}-${'x'.repeat(20)}`,
    requestedAt: new Date(),
    consentedAt: status === 'confirmed' ? new Date() : null,
  });
  return email;
}

/** A header of a raw message, its folded lines joined. */
function header(data: string, name: string): string | undefined {
  const head = data.split('\r\n\r\n')[0]?.replace(/\r\n[ \t]+/g, ' ') ?? '';
  const line = head
    .split('\r\n')
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const mailsTo = (email: string) => received.filter((mail) => mail.to.includes(email));

describe('who may send the newsletter', () => {
  it.each(STAFF_ROLES)('gives a %s what the permission table gives it', async (role) => {
    const { browser } = await staffOf(role);
    const allowed = (PERMISSIONS['newsletter.send'].heldBy as readonly string[]).includes(role);
    const created = await browser.post('/api/console/newsletter/issue/create?lng=en', {
      subject: { en: 'Roles' },
      body: { en: 'Who may write.' },
    });
    const listed = await browser.get('/api/console/newsletter/issues?lng=en');
    for (const response of [created, listed]) {
      expect(response.statusCode, `${role}: ${response.body}`).toBe(allowed ? 200 : 403);
    }
    if (!allowed) expect(created.json().code).toBe('FORBIDDEN');
  });

  it('answers a visitor 401', async () => {
    const visitor = createBrowser(sut);
    expect((await visitor.get('/api/console/newsletter/issues?lng=en')).statusCode).toBe(401);
  });
});

describe('an issue from the console to the subscribers', () => {
  it('is sent through the job queue over SMTP to confirmed subscribers only, each with the one-click unsubscribe headers', async () => {
    const { browser: admin, email: adminEmail } = await staffOf('admin');
    const italian = await subscriber('it', 'confirmed');
    const english = await subscriber('en', 'confirmed');
    const german = await subscriber('de', 'confirmed');
    const pending = await subscriber('it', 'pending');
    const left = await subscriber('en', 'unsubscribed');

    const created = await admin.post('/api/console/newsletter/issue/create?lng=en', {
      subject: JSON.stringify({ it: 'Porcini in Val di Sole', en: 'Porcini in the Sole valley' }),
      body: JSON.stringify({ it: 'Sono usciti i **porcini**.' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().issue.id;
    expect(created.json().issue.missing).toEqual(['en', 'es', 'de', 'sl']);
    const updated = await admin.post('/api/console/newsletter/issue/update?lng=en', {
      id,
      body: JSON.stringify({ en: 'The **porcini** are out.' }),
    });
    expect(updated.json().issue).toMatchObject({
      subject: { it: 'Porcini in Val di Sole', en: 'Porcini in the Sole valley' },
      body: { it: 'Sono usciti i **porcini**.', en: 'The **porcini** are out.' },
      missing: ['es', 'de', 'sl'],
      state: 'draft',
    });

    // A German reader is given English, as the preview says.
    const preview = (
      await admin.get(`/api/console/newsletter/issue/preview?lng=en&id=${id}&language=de`)
    ).json();
    expect(preview).toMatchObject({ language: 'en', subject: 'Porcini in the Sole valley' });
    expect(preview.html).toContain('<p style="margin:0 0 16px">The porcini are out.</p>');

    const test = await admin.post('/api/console/newsletter/issue/test?lng=en', { id, language: 'it' });
    expect(test.json()).toEqual({ to: adminEmail, language: 'it' });
    const [testMail] = await waitFor(() =>
      mailsTo(adminEmail).length > 0 ? mailsTo(adminEmail) : undefined,
    );
    expect(header(testMail?.data ?? '', 'Subject')).toBe('Porcini in Val di Sole');
    // It unsubscribes nobody.
    expect(header(testMail?.data ?? '', 'List-Unsubscribe')).toBeUndefined();

    const scheduled = await admin.post('/api/console/newsletter/issue/schedule?lng=en', { id });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().issue.state).toBe('scheduled');

    // The progress is the database's: the console polls it until the sending is done.
    const done = await waitFor(async () => {
      const { issue } = (await admin.get(`/api/console/newsletter/issue?lng=en&id=${id}`)).json();
      return issue.state === 'sent' ? issue : undefined;
    });
    const confirmed = await sut.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.status, 'confirmed'));
    expect(done.progress).toMatchObject({
      total: confirmed.length,
      done: confirmed.length,
      failed: 0,
      failures: [],
    });

    for (const email of [pending, left]) expect(mailsTo(email)).toEqual([]);
    const [toItalian] = mailsTo(italian);
    const [toEnglish] = mailsTo(english);
    const [toGerman] = mailsTo(german);
    expect(mailsTo(italian)).toHaveLength(1);
    expect(header(toItalian?.data ?? '', 'Subject')).toBe('Porcini in Val di Sole');
    expect(header(toEnglish?.data ?? '', 'Subject')).toBe('Porcini in the Sole valley');
    expect(header(toGerman?.data ?? '', 'Subject')).toBe('Porcini in the Sole valley');
    for (const mail of [toItalian, toEnglish, toGerman]) {
      expect(header(mail?.data ?? '', 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(mail?.data ?? '', 'List-Unsubscribe')).toMatch(
        /^<https?:\/\/[^>]+\/api\/app\/newsletter\/unsubscribe\/one-click\?token=token-[^>]+>$/,
      );
    }

    // The header's address unsubscribes with one click, as a mail client posts it.
    const link = header(toEnglish?.data ?? '', 'List-Unsubscribe')?.slice(1, -1) ?? '';
    const oneClick = await sut.app.inject({
      method: 'POST',
      url: new URL(link).pathname + new URL(link).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const [after] = await sut.database.db
      .select({ status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, english));
    expect(after?.status).toBe('unsubscribed');

    // Sent is sent: its texts stay as they went out.
    const late = await admin.post('/api/console/newsletter/issue/update?lng=en', {
      id,
      subject: JSON.stringify({ en: 'Changed' }),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ISSUE_ALREADY_SENT');

    const lines = await sut.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'newsletter_issue'), eq(auditLog.targetId, String(id))));
    expect(lines.map((line) => line.action)).toEqual([
      'newsletter.issue.create',
      'newsletter.issue.update',
      'newsletter.issue.test',
      'newsletter.issue.schedule',
    ]);
  }, 60_000);

  it('refuses to schedule an issue with neither English nor Italian, and lists the issues with the subscribers per language', async () => {
    const { browser: admin } = await staffOf('admin');
    await subscriber('sl', 'confirmed');
    const created = await admin.post('/api/console/newsletter/issue/create?lng=en', {
      subject: { de: 'Pilze' },
      body: { de: 'Steinpilze.' },
    });
    const id = created.json().issue.id;
    const refused = await admin.post('/api/console/newsletter/issue/schedule?lng=en', { id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    const later = await admin.post('/api/console/newsletter/issue/schedule?lng=en', {
      id,
      at: 'next week',
    });
    expect(later.statusCode).toBe(400);

    const list = (await admin.get('/api/console/newsletter/issues?lng=de&state=draft')).json();
    expect(list.issues.find((issue: { id: number }) => issue.id === id)).toMatchObject({
      subject: 'Pilze',
      state: 'draft',
      missing: ['it', 'en', 'es', 'sl'],
    });
    // The one Slovenian reader above: no other test writes one.
    expect(list.subscribers.by_language.sl).toBe(1);

    const canceled = await admin.post('/api/console/newsletter/issue/cancel?lng=en', { id });
    expect(canceled.json().issue.state).toBe('canceled');
    const resumed = await admin.post('/api/console/newsletter/issue/resume?lng=en', { id });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().code).toBe('ISSUE_NOT_SENDING');
  });
});
