import { randomBytes } from 'node:crypto';
import { PAGES } from '@sentiero/contract/pages';
import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import { reviewRequestMail } from './mails.ts';
import { claimReviewRequests, findDueReviewRequests, optOutByToken } from './requests-repo.ts';

export const REVIEW_REQUESTS_QUEUE = 'review-requests';

/**
 * Once a day at 08:15 UTC (09:15 in Rome in winter, 10:15 in summer): the morning after the
 * activity, when the day is still fresh and nobody is woken by it.
 */
const REVIEW_REQUESTS_CRON = '15 8 * * *';

/** Tickets read at a time; a run goes on until none is due. */
const BATCH = 500;

export type ReviewRequestDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mail: Mailer;
  brand: string;
  origin: string;
};

const newToken = () => randomBytes(24).toString('base64url');

/**
 * Asks the buyers of yesterday's activities for a review (ADR 051): one mail per order for its
 * tickets that came due together, in the buyer's language, with a link that stops every later
 * request. Each ticket is claimed before its mail is queued, so it is asked about once, whatever
 * runs or processes overlap; a mail queued is delivered by the mail queue with its retries.
 */
export async function sendReviewRequests(
  deps: ReviewRequestDeps,
): Promise<{ mails: number; tickets: number }> {
  let mails = 0;
  let asked = 0;
  for (;;) {
    const now = deps.clock.now();
    const due = await findDueReviewRequests(deps.db, now, BATCH);
    if (due.length === 0) break;
    const byOrder = new Map<number, typeof due>();
    for (const row of due) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    for (const rows of byOrder.values()) {
      const first = rows[0];
      if (!first?.email) continue;
      const tokens = rows.map(() => newToken());
      const claimed = await claimReviewRequests(
        deps.db,
        rows.map((row, i) => ({
          issuedTicketId: row.issuedTicketId,
          userId: row.userId,
          token: tokens[i] ?? '',
        })),
        now,
      );
      const firstClaimed = rows.findIndex((row) => claimed.includes(row.issuedTicketId));
      const ticket = rows[firstClaimed];
      if (!ticket) continue;
      const token = encodeURIComponent(tokens[firstClaimed] ?? '');
      const optOutUrl = `${deps.origin}${PAGES.reviewRequestsOff.path({ token })}`;
      const mail = reviewRequestMail(
        first.language,
        {
          firstName: first.firstName,
          title: ticket.title,
          area: ticket.area,
          reviewUrl: `${deps.origin}${PAGES.myTickets.path({ review: ticket.code })}`,
          optOutUrl,
        },
        deps.brand,
      );
      await deps.mail.send({
        to: first.email,
        ...mail,
        // RFC 8058: mail clients offer "unsubscribe" and post to this without opening the mail.
        headers: {
          'List-Unsubscribe': `<${deps.origin}/api/app/ticket/review/requests/off/one-click?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      mails++;
      asked += claimed.length;
    }
    if (due.length < BATCH) break;
  }
  if (mails > 0) deps.log.info({ mails, tickets: asked }, 'review requests sent');
  return { mails, tickets: asked };
}

export function reviewRequestsSchedule(deps: ReviewRequestDeps): ScheduledJob {
  return {
    queue: REVIEW_REQUESTS_QUEUE,
    cron: REVIEW_REQUESTS_CRON,
    // A failed run is tried twice more; a ticket already asked about is never asked again.
    retryLimit: 2,
    retryDelaySeconds: 10 * 60,
    run: () => sendReviewRequests(deps),
  };
}

/** The request mail's link: no more review requests for its member, without logging in. */
export async function turnReviewRequestsOff(ctx: ServiceContext, token: string) {
  if (!(await optOutByToken(ctx.db, token, ctx.clock.now()))) throw new AppError('TOKEN_INVALID', 400);
  return { review_requests: 'off' as const };
}
