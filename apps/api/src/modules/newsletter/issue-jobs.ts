import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { type Mailer, SmtpDeliveryError } from '../../platform/mail.ts';
import { subscriberIssueMail } from './issue-mail.ts';
import type { NewsletterIssueDeps } from './issues.ts';
import {
  claimDeliveries,
  failStaleClaims,
  findIssue,
  findOldestClaim,
  recordDelivery,
  releaseDeliveries,
  startIssueSending,
  updateIssueCounts,
} from './issues-repo.ts';

export const ISSUE_SEND_QUEUE = 'newsletter-issue-send';

/** Deliveries claimed and sent at a time; the counts the sender sees move once per batch. */
const BATCH = 50;
/**
 * Mails one run sends before it hands the rest to a new job: a run stays well inside pg-boss's
 * 15 minutes, after which it would count the job as lost and start it again beside this one.
 */
const MAILS_PER_RUN = 1_000;
/** Mails of a batch on their way at once (the SMTP pool has 12 connections, ADR 014). */
const IN_FLIGHT = 8;
/**
 * A claim older than this belongs to a run that stopped (a crash, a deploy): longer than a run
 * lasts, so a living run's claims are never taken for a dead one's.
 */
export const CLAIM_LEASE_MS = 20 * 60 * 1000;
export const INTERRUPTED =
  'interrupted while being sent: it may or may not have arrived, so it was not sent again';

export type IssueSendDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mail: Pick<Mailer, 'deliver'>;
  /** Queues the rest of a sending, from `at` on. */
  queueIssueSend(issueId: number, at: Date): Promise<void>;
  brand: string;
  /** Where the unsubscribe links point (PUBLIC_URL). */
  origin: string;
};

export type IssueSendJob = { issueId: number };

/** The server, not the address, is what failed: every other mail would fail the same way now. */
function serverUnreachable(error: unknown): boolean {
  if (!(error instanceof SmtpDeliveryError)) return false;
  return (
    error.code === undefined || ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH'].includes(error.code)
  );
}

class MailServerUnreachable extends Error {}

/**
 * One run of an issue's sending. The first run of a due issue writes a pending delivery for every
 * subscriber confirmed at that moment; each run then claims pending deliveries batch by batch,
 * mails them and records each outcome. A run stopped anywhere (a crash, a deploy) leaves the rest
 * pending for the next, which pg-boss starts again: nobody is sent an issue twice, and a mail that
 * was leaving when its run stopped is listed as failed (`INTERRUPTED`) rather than sent again.
 *
 * `stopAfter` ends the run after that many mails without queueing the rest, as a stopped process
 * would (tests).
 */
export async function runIssueSend(
  deps: IssueSendDeps,
  issueId: number,
  { stopAfter = Number.POSITIVE_INFINITY }: { stopAfter?: number } = {},
): Promise<{ sent: number; failed: number; skipped: number; pending: number }> {
  const issue = await findIssue(deps.db, issueId);
  if (!issue) return { sent: 0, failed: 0, skipped: 0, pending: 0 };
  if (issue.state === 'scheduled') await startIssueSending(deps.db, issueId, deps.clock.now());
  const current = await findIssue(deps.db, issueId);
  // Canceled, moved to a later time (whose own job will come), or finished.
  if (current?.state !== 'sending') {
    return { sent: issue.sent, failed: issue.failed, skipped: issue.skipped, pending: 0 };
  }
  const leaseStart = new Date(deps.clock.now().getTime() - CLAIM_LEASE_MS);
  await failStaleClaims(deps.db, issueId, leaseStart, INTERRUPTED);

  let mailed = 0;
  for (;;) {
    const limit = Math.min(BATCH, stopAfter - mailed, MAILS_PER_RUN - mailed);
    const batch = limit > 0 ? await claimDeliveries(deps.db, issueId, limit, deps.clock.now()) : [];
    if (batch.length > 0) {
      const unreachable = await sendBatch(deps, current, batch);
      mailed += batch.length;
      const counts = await updateIssueCounts(deps.db, issueId, deps.clock.now());
      if (unreachable)
        throw new MailServerUnreachable('the mail server could not be reached; the issue will go on later');
      if (counts.pending === 0) return counts;
      continue;
    }
    const counts = await updateIssueCounts(deps.db, issueId, deps.clock.now());
    if (counts.pending > 0 && mailed >= stopAfter) return counts;
    if (counts.pending > 0) {
      // The rest is claimed by another run, or waits for a new job after MAILS_PER_RUN: look
      // again when those claims would have run out.
      const oldest = await findOldestClaim(deps.db, issueId);
      const at =
        oldest && mailed < MAILS_PER_RUN ? new Date(oldest.getTime() + CLAIM_LEASE_MS) : deps.clock.now();
      await deps.queueIssueSend(issueId, at);
    }
    return counts;
  }
}

/**
 * Mails one claimed batch, IN_FLIGHT at a time. An address the server refuses is recorded as
 * failed and the rest still go; when the server itself cannot be reached, the unsent claims are
 * given back and the answer is true, so the job is retried later.
 */
async function sendBatch(
  deps: IssueSendDeps,
  issue: NonNullable<Awaited<ReturnType<typeof findIssue>>>,
  batch: Awaited<ReturnType<typeof claimDeliveries>>,
): Promise<boolean> {
  const unsent: number[] = [];
  let unreachable = false;
  let next = 0;
  const lane = async () => {
    while (next < batch.length) {
      const delivery = batch[next++];
      if (!delivery) continue;
      if (unreachable) {
        unsent.push(delivery.id);
        continue;
      }
      // Left between the start of the sending and their turn.
      if (delivery.status !== 'confirmed') {
        await recordDelivery(deps.db, delivery.id, { state: 'skipped', at: deps.clock.now() });
        continue;
      }
      const mail = subscriberIssueMail(issue, delivery, deps);
      try {
        if (!mail) throw new Error('the issue has no language this subscriber can be given');
        await deps.mail.deliver(mail);
        await recordDelivery(deps.db, delivery.id, { state: 'sent', at: deps.clock.now() });
      } catch (error) {
        if (serverUnreachable(error)) {
          unreachable = true;
          unsent.push(delivery.id);
          deps.log.warn(
            { err: error, issue: issue.id },
            'newsletter issue: the mail server could not be reached',
          );
          continue;
        }
        const message = error instanceof Error ? error.message : String(error);
        await recordDelivery(deps.db, delivery.id, { state: 'failed', error: message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, batch.length) }, lane));
  await releaseDeliveries(deps.db, unsent);
  return unreachable;
}

/** Works the issues' queue; answers what the service needs to queue a sending. */
export async function startNewsletterJobs(
  options: Omit<IssueSendDeps, 'queueIssueSend'> & { jobs: Jobs },
): Promise<NewsletterIssueDeps> {
  const { jobs } = options;
  const queueIssueSend = (issueId: number, at: Date) =>
    jobs.send<IssueSendJob>(ISSUE_SEND_QUEUE, { issueId }, { startAfter: at });
  const deps: IssueSendDeps = { ...options, queueIssueSend };
  await jobs.work<IssueSendJob>(ISSUE_SEND_QUEUE, async ({ issueId }) => {
    await runIssueSend(deps, issueId);
  });
  return { queueIssueSend };
}
