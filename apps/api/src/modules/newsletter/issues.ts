import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { PAGES } from '@sentiero/contract/pages';
import { isStorableText } from '@sentiero/contract/text';
import type { IssueText } from '@sentiero/db/schema';
import { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, type FieldProblem, notFound } from '../../platform/errors.ts';
import { ISSUE_BODY_MAX, ISSUE_SUBJECT_MAX } from './issue-body.ts';
import { type IssueContent, missingLanguages, renderIssueMail } from './issue-mail.ts';
import {
  findFailedDeliveries,
  findIssue,
  type IssueRow,
  insertIssue,
  updateIssueFrom,
} from './issues-repo.ts';

export type NewsletterIssue = IssueRow;
/** Who did it: a staff account (ADR 027), named without a foreign key until its tables exist. */
export type StaffActor = { staffId: number };
/**
 * What a write changed, for the audit log the console writes (ADR 032): the issue as it was
 * (null when it was created) and as it is now.
 */
export type IssueChange = { before: NewsletterIssue | null; after: NewsletterIssue };
/** What the service needs of the job queue: the sending of an issue, from `at` on. */
export type NewsletterIssueDeps = { queueIssueSend(issueId: number, at: Date): Promise<void> };
export type IssueInput = { subject?: IssueText; body?: IssueText };

/**
 * The texts merged into `current`, checked per language: a language given empty is removed
 * (missing again), a subject is one line of at most ISSUE_SUBJECT_MAX characters.
 */
function mergeTexts(current: IssueContent, input: IssueInput): IssueContent {
  const fields: Record<string, FieldProblem> = {};
  const merged = { subject: { ...current.subject }, body: { ...current.body } };
  for (const part of ['subject', 'body'] as const) {
    for (const [language, value] of Object.entries(input[part] ?? {})) {
      const field = `${part}.${language}`;
      if (!(LANGUAGES as readonly string[]).includes(language) || typeof value !== 'string') {
        fields[field] = 'invalid';
        continue;
      }
      const text =
        part === 'subject' ? value.replace(/\s+/g, ' ').trim() : value.replace(/\r\n?/g, '\n').trim();
      const max = part === 'subject' ? ISSUE_SUBJECT_MAX : ISSUE_BODY_MAX;
      if (text.length > max) fields[field] = 'tooLong';
      else if (!isStorableText(text)) fields[field] = 'invalidText';
      else if (text) merged[part][language as Language] = text;
      else delete merged[part][language as Language];
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 400, fields);
  return merged;
}

/** Every subscriber can be given the issue: it has English or Italian whole (`issueLanguageFor`). */
function requireReadableByAll(issue: IssueContent): void {
  const missing = missingLanguages(issue);
  if (missing.includes('en') && missing.includes('it')) {
    throw new AppError('VALIDATION_FAILED', 400, { 'subject.en': 'required', 'body.en': 'required' });
  }
}

/** Reads an issue; an id that is not one is NOT_FOUND. */
export async function getIssue(ctx: ServiceContext, id: number): Promise<NewsletterIssue> {
  const issue = await findIssue(ctx.db, id);
  if (!issue) throw notFound();
  return issue;
}

export async function createIssueDraft(
  ctx: ServiceContext,
  input: IssueInput,
  by: StaffActor,
): Promise<IssueChange> {
  const texts = mergeTexts({ subject: {}, body: {} }, input);
  const now = ctx.clock.now();
  const after = await insertIssue(ctx.db, {
    ...texts,
    state: 'draft',
    createdByStaffId: by.staffId,
    createdAt: now,
    updatedAt: now,
  });
  return { before: null, after };
}

/** An issue is written until its sending starts; a scheduled one keeps its time. */
export async function updateIssueDraft(
  ctx: ServiceContext,
  id: number,
  input: IssueInput,
  _by: StaffActor,
): Promise<IssueChange> {
  const before = await getIssue(ctx, id);
  const texts = mergeTexts(before, input);
  if (before.state === 'scheduled') requireReadableByAll(texts);
  const after = await updateIssueFrom(ctx.db, id, ['draft', 'scheduled'], {
    ...texts,
    updatedAt: ctx.clock.now(),
  });
  if (!after) throw new AppError('ISSUE_ALREADY_SENT', 409);
  return { before, after };
}

/** The mail a subscriber of `language` would get: its subject, HTML and text, and its language. */
export async function previewIssue(ctx: ServiceContext, id: number, language: Language) {
  const issue = await getIssue(ctx, id);
  const rendered = renderIssueMail(issue, language, {
    unsubscribeUrl: previewUnsubscribeUrl(ctx),
    brand: ctx.config.brand,
  });
  if (!rendered) throw new AppError('VALIDATION_FAILED', 400, { subject: 'required' });
  return { language: rendered.language, missing: missingLanguages(issue), ...rendered.mail };
}

/**
 * The preview's mail to one address (the sender's own): as a subscriber gets it, but its
 * unsubscribe link leads to the unsubscribe page without a subscription and it has no
 * List-Unsubscribe headers, since it unsubscribes nobody.
 */
export async function sendTestIssue(
  ctx: ServiceContext,
  id: number,
  { to, language }: { to: string; language: Language },
  _by: StaffActor,
): Promise<{ to: string; language: Language }> {
  if (!z.email().safeParse(to).success) throw new AppError('VALIDATION_FAILED', 400, { to: 'invalidEmail' });
  const preview = await previewIssue(ctx, id, language);
  await ctx.mail.send({ to, subject: preview.subject, text: preview.text, html: preview.html });
  return { to, language: preview.language };
}

const previewUnsubscribeUrl = (ctx: ServiceContext) =>
  `${ctx.origin}${PAGES.newsletterUnsubscribe.path({ token: 'preview' })}`;

/**
 * Schedules the sending for `at` (a draft, or a scheduled issue moved). Every subscriber must be
 * able to read it: an issue needs English or Italian whole, the languages missing ones fall back
 * to (`issueLanguageFor`).
 */
export async function scheduleIssue(
  ctx: ServiceContext,
  deps: NewsletterIssueDeps,
  id: number,
  at: Date,
  by: StaffActor,
): Promise<IssueChange> {
  const now = ctx.clock.now();
  if (Number.isNaN(at.getTime())) throw new AppError('VALIDATION_FAILED', 400, { at: 'invalidDate' });
  const before = await getIssue(ctx, id);
  requireReadableByAll(before);
  // A time already past (a slow form) means now.
  const when = at < now ? now : at;
  const after = await updateIssueFrom(ctx.db, id, ['draft', 'scheduled'], {
    state: 'scheduled',
    scheduledAt: when,
    sentByStaffId: by.staffId,
    updatedAt: now,
  });
  if (!after) throw new AppError('ISSUE_ALREADY_SENT', 409);
  await deps.queueIssueSend(id, when);
  return { before, after };
}

export function sendIssueNow(
  ctx: ServiceContext,
  deps: NewsletterIssueDeps,
  id: number,
  by: StaffActor,
): Promise<IssueChange> {
  return scheduleIssue(ctx, deps, id, ctx.clock.now(), by);
}

/**
 * Queues the rest of a sending again: for an issue whose job ran out of retries while the mail
 * server was away (about half an hour, ADR 012). What was sent is not sent again.
 */
export async function resumeIssueSending(ctx: ServiceContext, deps: NewsletterIssueDeps, id: number) {
  const issue = await getIssue(ctx, id);
  if (issue.state !== 'sending') throw new AppError('ISSUE_NOT_SENDING', 409);
  await deps.queueIssueSend(id, ctx.clock.now());
}

/** A draft or a scheduled issue is canceled; once its sending has started it runs to the end. */
export async function cancelIssue(ctx: ServiceContext, id: number, _by: StaffActor): Promise<IssueChange> {
  const before = await getIssue(ctx, id);
  const after = await updateIssueFrom(ctx.db, id, ['draft', 'scheduled'], {
    state: 'canceled',
    updatedAt: ctx.clock.now(),
  });
  if (!after) throw new AppError('ISSUE_ALREADY_SENT', 409);
  return { before, after };
}

/** How far the sending is: done of total, and each failed address with why. */
export async function issueProgress(ctx: ServiceContext, id: number) {
  const issue = await getIssue(ctx, id);
  const failures = issue.failed > 0 ? await findFailedDeliveries(ctx.db, id) : [];
  return {
    state: issue.state,
    total: issue.total,
    done: issue.sent + issue.failed + issue.skipped,
    sent: issue.sent,
    failed: issue.failed,
    skipped: issue.skipped,
    startedAt: issue.startedAt,
    sentAt: issue.sentAt,
    failures: failures.map((row) => ({ email: row.email, error: row.error ?? '' })),
  };
}
