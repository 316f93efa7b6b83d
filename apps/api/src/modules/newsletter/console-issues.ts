import {
  type ConsoleIssue,
  type consoleNewsletterIssueCreate,
  type consoleNewsletterIssues,
  ISSUE_PAGE_SIZE,
} from '@sentiero/contract/console-newsletter';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, type Language } from '@sentiero/contract/languages';
import { pageCount } from '@sentiero/contract/paging';
import type { AuditChanges } from '@sentiero/db/schema';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { countConfirmedByLanguage, findIssuePage } from './console-repo.ts';
import { missingLanguages } from './issue-mail.ts';
import {
  cancelIssue,
  createIssueDraft,
  getIssue,
  type IssueChange,
  type IssueInput,
  issueProgress,
  type NewsletterIssue,
  type NewsletterIssueDeps,
  previewIssue,
  resumeIssueSending,
  scheduleIssue,
  sendTestIssue,
  updateIssueDraft,
} from './issues.ts';

/*
 * The console's newsletter issues (issue 23, ADR 032, 038): the service layer of `issues.ts`
 * behind `newsletter.send`, each write audited in its own transaction. Sentiero's admins only:
 * the newsletter is Sentiero's, no operator's.
 */

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function consoleIssue(ctx: ServiceContext, issue: NewsletterIssue): Promise<ConsoleIssue> {
  const progress = await issueProgress(ctx, issue.id);
  return {
    id: issue.id,
    subject: issue.subject,
    body: issue.body,
    state: issue.state,
    missing: missingLanguages(issue),
    scheduled_at: iso(issue.scheduledAt),
    created_at: issue.createdAt.toISOString(),
    updated_at: issue.updatedAt.toISOString(),
    progress: {
      total: progress.total,
      done: progress.done,
      sent: progress.sent,
      failed: progress.failed,
      skipped: progress.skipped,
      started_at: iso(progress.startedAt),
      sent_at: iso(progress.sentAt),
      failures: progress.failures,
    },
  };
}

/** What changed, field by field, for the audit line: texts per language, state and time. */
function changesOf({ before, after }: IssueChange): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of ['subject', 'body', 'state', 'scheduledAt'] as const) {
    const was = before ? before[key] : null;
    if (JSON.stringify(was ?? null) !== JSON.stringify(after[key] ?? null)) {
      changes[key] = [was ?? null, after[key] ?? null];
    }
  }
  return changes;
}

/**
 * Runs an issue's write and its audit line in one transaction. The sending it queues (if any)
 * is handed to the queue once the change is committed, so a job never looks for a state that is
 * not yet there; should that hand-over fail, the issue stays scheduled and scheduling it again
 * queues it.
 */
async function auditedWrite(
  ctx: ServiceContext,
  action: string,
  write: (tx: ServiceContext, queue: NewsletterIssueDeps) => Promise<IssueChange>,
  deps?: NewsletterIssueDeps,
): Promise<ConsoleIssue> {
  const staff = requireStaffAccess(ctx, 'newsletter.send');
  const queued: [number, Date][] = [];
  const later: NewsletterIssueDeps = { queueIssueSend: async (id, at) => void queued.push([id, at]) };
  const change = await ctx.db.transaction(async (tx) => {
    const made = await write({ ...ctx, db: tx }, later);
    await auditStaffChange(tx, ctx, staff, {
      operatorId: null,
      action,
      targetType: 'newsletter_issue',
      targetId: made.after.id,
      changes: changesOf(made),
    });
    return made;
  });
  for (const [id, at] of queued) await deps?.queueIssueSend(id, at);
  return consoleIssue(ctx, change.after);
}

const by = (ctx: ServiceContext) => ({ staffId: requireStaffAccess(ctx, 'newsletter.send').staffId });

/** The subject shown in the list: the reader's language, else English, else Italian, else any. */
function listSubject(issue: NewsletterIssue, language: Language): string {
  for (const candidate of [language, FALLBACK_LANGUAGE, DEFAULT_LANGUAGE]) {
    const subject = issue.subject[candidate];
    if (subject) return subject;
  }
  return Object.values(issue.subject).find(Boolean) ?? '';
}

export async function listIssues(ctx: ServiceContext, input: z.output<typeof consoleNewsletterIssues.input>) {
  requireStaffAccess(ctx, 'newsletter.send');
  const [{ rows, total }, languages] = await Promise.all([
    findIssuePage(ctx.db, input.state, {
      limit: ISSUE_PAGE_SIZE,
      offset: (input.page - 1) * ISSUE_PAGE_SIZE,
    }),
    countConfirmedByLanguage(ctx.db),
  ]);
  return {
    issues: rows.map((issue) => ({
      id: issue.id,
      subject: listSubject(issue, ctx.lang),
      state: issue.state,
      missing: missingLanguages(issue),
      scheduled_at: iso(issue.scheduledAt),
      created_at: issue.createdAt.toISOString(),
      total: issue.total,
      done: issue.sent + issue.failed + issue.skipped,
      failed: issue.failed,
    })),
    subscribers: {
      total: languages.reduce((sum, row) => sum + row.total, 0),
      by_language: Object.fromEntries(languages.map((row) => [row.language, row.total])),
    },
    page: input.page,
    pages: pageCount(total, ISSUE_PAGE_SIZE),
    total,
  };
}

export async function readIssue(ctx: ServiceContext, id: number) {
  requireStaffAccess(ctx, 'newsletter.send');
  return { issue: await consoleIssue(ctx, await getIssue(ctx, id)) };
}

type Texts = Pick<z.output<typeof consoleNewsletterIssueCreate.input>, 'subject' | 'body'>;
const textsOf = (input: Texts): IssueInput => ({ subject: input.subject, body: input.body });

export async function createIssue(ctx: ServiceContext, input: Texts) {
  const issue = await auditedWrite(ctx, 'newsletter.issue.create', (tx) =>
    createIssueDraft(tx, textsOf(input), by(ctx)),
  );
  return { issue };
}

export async function updateIssue(ctx: ServiceContext, id: number, input: Texts) {
  const issue = await auditedWrite(ctx, 'newsletter.issue.update', (tx) =>
    updateIssueDraft(tx, id, textsOf(input), by(ctx)),
  );
  return { issue };
}

export async function previewIssueAsStaff(ctx: ServiceContext, id: number, language: Language) {
  requireStaffAccess(ctx, 'newsletter.send');
  return previewIssue(ctx, id, language);
}

/** The test goes to the staff member's own address, never one typed in: it is a preview, not a send. */
export async function sendTestToSelf(ctx: ServiceContext, id: number, language: Language) {
  const staff = requireStaffAccess(ctx, 'newsletter.send');
  const sent = await sendTestIssue(ctx, id, { to: staff.email, language }, { staffId: staff.staffId });
  await auditStaffChange(ctx.db, ctx, staff, {
    operatorId: null,
    action: 'newsletter.issue.test',
    targetType: 'newsletter_issue',
    targetId: id,
    changes: { language: [null, sent.language] },
  });
  return sent;
}

/** Scheduled for `at`, or sent now: either way through the job queue. */
export async function scheduleIssueAsStaff(
  ctx: ServiceContext,
  deps: NewsletterIssueDeps,
  id: number,
  at: string | undefined,
) {
  const when = at ? new Date(at) : ctx.clock.now();
  const issue = await auditedWrite(
    ctx,
    'newsletter.issue.schedule',
    (tx, queue) => scheduleIssue(tx, queue, id, when, by(ctx)),
    deps,
  );
  return { issue };
}

export async function cancelIssueAsStaff(ctx: ServiceContext, id: number) {
  const issue = await auditedWrite(ctx, 'newsletter.issue.cancel', (tx) => cancelIssue(tx, id, by(ctx)));
  return { issue };
}

export async function resumeIssueAsStaff(ctx: ServiceContext, deps: NewsletterIssueDeps, id: number) {
  const staff = requireStaffAccess(ctx, 'newsletter.send');
  await resumeIssueSending(ctx, deps, id);
  await auditStaffChange(ctx.db, ctx, staff, {
    operatorId: null,
    action: 'newsletter.issue.resume',
    targetType: 'newsletter_issue',
    targetId: id,
  });
  return readIssue(ctx, id);
}
