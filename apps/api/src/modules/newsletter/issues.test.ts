import type { Language } from '@sentiero/contract/languages';
import { newsletterDeliveries, newsletterSubscriptions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { type ServiceContext, systemClock } from '../../platform/context.ts';
import { type Jobs, startJobs } from '../../platform/jobs.ts';
import { type OutgoingMail, SmtpDeliveryError } from '../../platform/mail.ts';
import { createTestClock } from '../../test/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import {
  CLAIM_LEASE_MS,
  INTERRUPTED,
  type IssueSendDeps,
  runIssueSend,
  startNewsletterJobs,
} from './issue-jobs.ts';
import { issueLanguageFor, missingLanguages } from './issue-mail.ts';
import {
  cancelIssue,
  createIssueDraft,
  issueProgress,
  type NewsletterIssueDeps,
  previewIssue,
  resumeIssueSending,
  scheduleIssue,
  sendIssueNow,
  sendTestIssue,
  updateIssueDraft,
} from './issues.ts';

const quiet = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  child: () => quiet,
} as unknown as FastifyBaseLogger;
const config = loadConfig({ NODE_ENV: 'test' });
const ORIGIN = 'https://sentiero.example';
const BY = { staffId: 7 };

let database: TestDatabase;
let jobs: Jobs;
const clock = createTestClock(Date.parse('2027-05-01T08:00:00.000Z'));
/** Every mail handed to the mail server, with its headers; `refuse` names addresses it refuses. */
const delivered: OutgoingMail[] = [];
const queued: OutgoingMail[] = [];
const refuse = new Set<string>();
/** Sendings the service asked the queue for: the tests run them by calling `runIssueSend`. */
const sendings: { issueId: number; at: Date }[] = [];

const deliver = async (mail: OutgoingMail) => {
  if (refuse.has(mail.to))
    throw new SmtpDeliveryError(`550 5.1.1 <${mail.to}>: mailbox unavailable`, 'EENVELOPE');
  delivered.push(mail);
};
let ctx: ServiceContext;
let deps: IssueSendDeps;
const queue: NewsletterIssueDeps = {
  queueIssueSend: async (issueId, at) => {
    sendings.push({ issueId, at });
  },
};

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  jobs = await startJobs(database, quiet, { cron: false });
  ctx = {
    db: database.db,
    lang: 'it',
    clock,
    log: quiet,
    user: null,
    roles: { premium: async () => false },
    config,
    mail: { send: async (mail) => void queued.push(mail), deliver },
    origin: ORIGIN,
  };
  deps = {
    db: database.db,
    clock,
    log: quiet,
    mail: { deliver },
    brand: config.brand,
    origin: ORIGIN,
    ...queue,
  };
});
afterAll(async () => {
  await jobs.stop();
  await database.drop();
});

let serial = 0;
/** A subscription in `status`, in `language`: the address is unique to the test. */
async function subscriber(
  name: string,
  language: Language,
  status: 'confirmed' | 'pending' | 'unsubscribed',
) {
  const email = `${name}.${++serial}@example.org`;
  const [row] = await database.db
    .insert(newsletterSubscriptions)
    .values({
      email,
      userId: null,
      language,
      status,
      unsubscribeToken: `unsub-${serial}-${name}`,
      requestedAt: clock.now(),
      consentedAt: status === 'confirmed' ? clock.now() : null,
    })
    .returning();
  if (!row) throw new Error('no subscription');
  return row;
}

const mailsTo = (email: string) => delivered.filter((mail) => mail.to === email);

/** An issue written in Italian and English, scheduled now. */
async function scheduledIssue(title: string) {
  const { after } = await createIssueDraft(
    ctx,
    {
      subject: { it: `${title} (it)`, en: `${title} (en)` },
      body: { it: 'Corpo italiano.', en: 'English body.' },
    },
    BY,
  );
  await sendIssueNow(ctx, queue, after.id, BY);
  return after.id;
}

describe('composing a newsletter issue', () => {
  it('keeps a draft in two languages, flags the missing ones, and answers the change for the audit log', async () => {
    const created = await createIssueDraft(
      ctx,
      { subject: { it: 'Funghi' }, body: { it: 'Escono i porcini.' } },
      BY,
    );
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ state: 'draft', createdByStaffId: 7 });
    expect(missingLanguages(created.after)).toEqual(['en', 'es', 'de', 'sl']);

    const updated = await updateIssueDraft(
      ctx,
      created.after.id,
      { subject: { en: 'Mushrooms' }, body: { en: 'Porcini are out.\n\n- Val di Sole\n- Val di Non' } },
      BY,
    );
    expect(updated.before?.subject).toEqual({ it: 'Funghi' });
    expect(updated.after.subject).toEqual({ it: 'Funghi', en: 'Mushrooms' });
    expect(missingLanguages(updated.after)).toEqual(['es', 'de', 'sl']);
    // A Spanish reader gets English; a reader of a language with neither gets Italian.
    expect(issueLanguageFor(updated.after, 'es')).toBe('en');
    expect(issueLanguageFor({ subject: { it: 'a' }, body: { it: 'b' } }, 'de')).toBe('it');
    // A subject without a body is still missing.
    expect(missingLanguages({ subject: { de: 'Pilze' }, body: {} })).toContain('de');
  });

  it('refuses a subject over 200 characters, a body over the limit and a language it does not know', async () => {
    const refused = createIssueDraft(
      ctx,
      { subject: { en: 'x'.repeat(201), fr: 'Champignons' } as never, body: { it: 'y'.repeat(20_001) } },
      BY,
    );
    await expect(refused).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      fields: { 'subject.en': 'tooLong', 'subject.fr': 'invalid', 'body.it': 'tooLong' },
    });
  });

  it('previews the mail of a language, falling back to English, and renders typed HTML as text', async () => {
    const { after } = await createIssueDraft(
      ctx,
      {
        subject: { en: 'Autumn <b>news</b>', de: 'Herbst' },
        body: { en: '## Porcini\n\nThey are **out**.\n\n<script>alert(1)</script>', de: 'Pilze.' },
      },
      BY,
    );
    const es = await previewIssue(ctx, after.id, 'es');
    expect(es.language).toBe('en');
    expect(es.subject).toBe('Autumn <b>news</b>');
    expect(es.html).not.toContain('<script>');
    expect(es.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(es.html).toMatch(/<h1[^>]*>Porcini<\/h1>/);
    expect(es.text).toContain('They are out.');
    expect(es.missing).toEqual(['it', 'es', 'sl']);
    expect((await previewIssue(ctx, after.id, 'de')).subject).toBe('Herbst');
  });

  it('sends a test to the sender’s own address in the language asked', async () => {
    const { after } = await createIssueDraft(
      ctx,
      { subject: { de: 'Pilze', en: 'Mushrooms' }, body: { de: 'Steinpilze.', en: 'Porcini.' } },
      BY,
    );
    const sent = await sendTestIssue(ctx, after.id, { to: 'editor@sentiero.example', language: 'de' }, BY);
    expect(sent).toEqual({ to: 'editor@sentiero.example', language: 'de' });
    const mail = queued.find((queuedMail) => queuedMail.to === 'editor@sentiero.example');
    expect(mail?.subject).toBe('Pilze');
    expect(mail?.text).toContain('Steinpilze.');
    await expect(sendTestIssue(ctx, after.id, { to: 'nope', language: 'de' }, BY)).rejects.toMatchObject({
      fields: { to: 'invalidEmail' },
    });
  });

  it('cancels an issue before its sending, and then sends it to nobody', async () => {
    const reader = await subscriber('cancel', 'en', 'confirmed');
    const id = await scheduledIssue('Canceled');
    const canceled = await cancelIssue(ctx, id, BY);
    expect(canceled.before?.state).toBe('scheduled');
    expect(canceled.after.state).toBe('canceled');
    await runIssueSend(deps, id);
    expect(mailsTo(reader.email)).toEqual([]);
    await expect(sendIssueNow(ctx, queue, id, BY)).rejects.toMatchObject({
      code: 'ISSUE_ALREADY_SENT',
      status: 409,
    });
  });

  it('refuses to schedule an issue with neither English nor Italian: some readers would get nothing', async () => {
    const { after } = await createIssueDraft(
      ctx,
      { subject: { de: 'Pilze' }, body: { de: 'Steinpilze.' } },
      BY,
    );
    await expect(scheduleIssue(ctx, queue, after.id, clock.now(), BY)).rejects.toMatchObject({ status: 400 });
    // Nor can a scheduled issue lose them.
    const id = await scheduledIssue('Losing');
    const emptied = updateIssueDraft(ctx, id, { subject: { en: '', it: '' } }, BY);
    await expect(emptied).rejects.toMatchObject({ fields: { 'subject.en': 'required' } });
  });
});

describe('sending a newsletter issue', () => {
  it('mails confirmed subscribers only, each in their language, with the one-click unsubscribe', async () => {
    const it_ = await subscriber('giulia', 'it', 'confirmed');
    const en = await subscriber('peter', 'en', 'confirmed');
    const es = await subscriber('pablo', 'es', 'confirmed');
    const pending = await subscriber('waiting', 'it', 'pending');
    const gone = await subscriber('gone', 'en', 'unsubscribed');
    const at = new Date(clock.ms() + 60 * 60 * 1000);
    const { after } = await createIssueDraft(
      ctx,
      { subject: { it: 'Stagione (it)', en: 'Season (en)' }, body: { it: 'Corpo.', en: 'Body.' } },
      BY,
    );
    await scheduleIssue(ctx, queue, after.id, at, BY);
    expect(sendings.at(-1)).toEqual({ issueId: after.id, at });

    // Not yet due: the job finds it waiting and sends nothing.
    await runIssueSend(deps, after.id);
    expect(mailsTo(it_.email)).toEqual([]);
    clock.set(at.getTime());
    await runIssueSend(deps, after.id);

    expect(mailsTo(it_.email).map((mail) => mail.subject)).toEqual(['Stagione (it)']);
    expect(mailsTo(en.email).map((mail) => mail.subject)).toEqual(['Season (en)']);
    // Spanish is missing: English.
    expect(mailsTo(es.email).map((mail) => mail.subject)).toEqual(['Season (en)']);
    expect(mailsTo(pending.email)).toEqual([]);
    expect(mailsTo(gone.email)).toEqual([]);
    const [mail] = mailsTo(en.email);
    const token = encodeURIComponent(en.unsubscribeToken);
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${ORIGIN}/api/app/newsletter/unsubscribe/one-click?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail?.text).toContain(`${ORIGIN}/newsletter/unsubscribe?token=${token}`);
    const progress = await issueProgress(ctx, after.id);
    expect(progress).toMatchObject({ state: 'sent', failed: 0, failures: [] });
    expect(progress.sent).toBe(progress.total);
    expect(progress.done).toBe(progress.total);
  });

  it('lists a refused address as failed and still sends to the rest', async () => {
    const bad = await subscriber('bounce', 'en', 'confirmed');
    const good = await subscriber('fine', 'en', 'confirmed');
    refuse.add(bad.email);
    const id = await scheduledIssue('Refused');
    await runIssueSend(deps, id);
    refuse.delete(bad.email);
    expect(mailsTo(good.email)).toHaveLength(1);
    const progress = await issueProgress(ctx, id);
    expect(progress.state).toBe('sent');
    expect(progress.failed).toBe(1);
    expect(progress.failures).toEqual([{ email: bad.email, error: expect.stringContaining('550 5.1.1') }]);
    expect(progress.sent + progress.failed).toBe(progress.total);
  });

  it('skips a subscriber who leaves before their turn, and does not add one confirmed after the start', async () => {
    const leaving = await subscriber('leaving', 'it', 'confirmed');
    const id = await scheduledIssue('Snapshot');
    await runIssueSend(deps, id, { stopAfter: 0 });
    await database.db
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed' })
      .where(eq(newsletterSubscriptions.id, leaving.id));
    const late = await subscriber('late', 'it', 'confirmed');
    await runIssueSend(deps, id);
    expect(mailsTo(leaving.email)).toEqual([]);
    expect(mailsTo(late.email)).toEqual([]);
    const progress = await issueProgress(ctx, id);
    expect(progress).toMatchObject({ state: 'sent', skipped: 1, failed: 0 });
    expect(progress.done).toBe(progress.total);
  });

  it('goes on after a stop in the middle without sending anybody the issue twice', async () => {
    const readers = [];
    for (let n = 0; n < 12; n++)
      readers.push(await subscriber(`restart${n}`, n % 2 ? 'en' : 'it', 'confirmed'));
    const id = await scheduledIssue('Restart');
    const first = await runIssueSend(deps, id, { stopAfter: 5 });
    expect(first.sent).toBe(5);
    expect((await issueProgress(ctx, id)).state).toBe('sending');
    await runIssueSend(deps, id);
    await runIssueSend(deps, id);
    for (const reader of readers) expect(mailsTo(reader.email)).toHaveLength(1);
    const progress = await issueProgress(ctx, id);
    expect(progress.state).toBe('sent');
    expect(progress.sent).toBe(progress.total);
  });

  it('does not send again a mail that was leaving when its run stopped, and lists it as interrupted', async () => {
    const reader = await subscriber('inflight', 'en', 'confirmed');
    const id = await scheduledIssue('Interrupted');
    await runIssueSend(deps, id, { stopAfter: 0 });
    // A run claimed the reader's delivery and stopped before it could record the outcome.
    await database.db
      .update(newsletterDeliveries)
      .set({ claimedAt: clock.now() })
      .where(eq(newsletterDeliveries.issueId, id));
    await runIssueSend(deps, id);
    expect(mailsTo(reader.email)).toEqual([]);
    expect((await issueProgress(ctx, id)).state).toBe('sending');
    // Control: once the claims' lease has run out, the next run closes the issue without sending.
    expect(sendings.at(-1)?.at.getTime()).toBe(clock.ms() + CLAIM_LEASE_MS);
    clock.set(clock.ms() + CLAIM_LEASE_MS + 1000);
    await runIssueSend(deps, id);
    expect(mailsTo(reader.email)).toEqual([]);
    const progress = await issueProgress(ctx, id);
    expect(progress.state).toBe('sent');
    expect(progress.failures).toContainEqual({ email: reader.email, error: INTERRUPTED });
  });

  it('gives the claims back and fails the job when the mail server cannot be reached', async () => {
    const reader = await subscriber('offline', 'it', 'confirmed');
    const id = await scheduledIssue('Offline');
    const offline: IssueSendDeps = {
      ...deps,
      mail: {
        deliver: async () => {
          throw new SmtpDeliveryError('connect ECONNREFUSED', 'ECONNECTION');
        },
      },
    };
    await expect(runIssueSend(offline, id)).rejects.toThrow(/could not be reached/);
    expect((await issueProgress(ctx, id)).failed).toBe(0);
    // The job's retries ran out while the server was away: the sender starts the rest again.
    await resumeIssueSending(ctx, queue, id);
    expect(sendings.at(-1)?.issueId).toBe(id);
    await runIssueSend(deps, id);
    expect(mailsTo(reader.email)).toHaveLength(1);
    expect((await issueProgress(ctx, id)).state).toBe('sent');
  });

  it('is sent by the job queue when it falls due', async () => {
    const reader = await subscriber('queued', 'en', 'confirmed');
    const viaQueue = await startNewsletterJobs({ ...deps, jobs });
    const { after } = await createIssueDraft(ctx, { subject: { en: 'Queued' }, body: { en: 'Body.' } }, BY);
    // pg-boss waits for the real time: the issue is due now, by the wall clock.
    await sendIssueNow({ ...ctx, clock: systemClock }, viaQueue, after.id, BY);
    const deadline = Date.now() + 15_000;
    while ((await issueProgress(ctx, after.id)).state !== 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mailsTo(reader.email).map((mail) => mail.subject)).toEqual(['Queued']);
  });
});
