import { pageCount } from '@sentiero/contract/paging';
import {
  CONSOLE_REVIEW_PAGE_SIZE,
  type ConsoleReview,
  type consoleReviewAnswer,
  type consoleReviewHide,
  type consoleReviews,
} from '@sentiero/contract/ticket-reviews';
import type { Transaction } from '@sentiero/db/client';
import type { AuditChanges } from '@sentiero/db/schema';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import {
  type ConsoleReviewRow,
  findConsoleReview,
  findConsoleReviewPage,
  writeAnswer,
  writeHidden,
} from './console-repo.ts';
import { countReview } from './repo.ts';

function toConsoleReview(row: ConsoleReviewRow): ConsoleReview {
  const { review } = row;
  return {
    id: review.id,
    rating: review.rating,
    text: review.body,
    language: review.language,
    author: review.authorName,
    created_at: review.createdAt.toISOString(),
    ticket: { id: review.ticketId, title: row.ticketTitle },
    area: { id: row.areaId, name: row.areaName },
    answer:
      review.answer && review.answeredAt
        ? { text: review.answer, answered_at: review.answeredAt.toISOString() }
        : null,
    hidden: review.hiddenAt
      ? { reason: review.hiddenReason ?? '', hidden_at: review.hiddenAt.toISOString() }
      : null,
  };
}

/** The reviews of the staff member's tickets (the scope applied in the query), newest first. */
export async function listConsoleReviews(ctx: ServiceContext, input: z.output<typeof consoleReviews.input>) {
  requireStaffAccess(ctx, 'reviews.moderate');
  const { rows, total } = await findConsoleReviewPage(
    ctx.db,
    staffListScope(ctx, 'reviews.moderate'),
    ctx.lang,
    { state: input.state, ticketId: input.ticket_id },
    { limit: CONSOLE_REVIEW_PAGE_SIZE, offset: (input.page - 1) * CONSOLE_REVIEW_PAGE_SIZE },
  );
  return {
    reviews: rows.map(toConsoleReview),
    page: input.page,
    pages: pageCount(total, CONSOLE_REVIEW_PAGE_SIZE),
    total,
  };
}

/**
 * Changes one review inside the staff member's scope, with its audit line, in one transaction: a
 * review outside the scope answers 404, as one that does not exist.
 */
async function changeReview(
  ctx: ServiceContext,
  id: number,
  change: (
    tx: Transaction,
    row: ConsoleReviewRow,
  ) => Promise<{ action: string; changes: AuditChanges; reason?: string | null } | null>,
) {
  const staff = requireStaffAccess(ctx, 'reviews.moderate');
  const scope = staffListScope(ctx, 'reviews.moderate');
  await ctx.db.transaction(async (tx) => {
    const row = await findConsoleReview(tx, scope, ctx.lang, id);
    if (!row) throw notFound();
    requireStaffAccess(ctx, 'reviews.moderate', { operatorId: row.operatorId, areaId: row.areaId });
    const done = await change(tx, row);
    if (!done) return;
    await auditStaffChange(tx, ctx, staff, {
      operatorId: row.operatorId,
      action: done.action,
      targetType: 'review',
      targetId: id,
      changes: done.changes,
      reason: done.reason ?? null,
    });
  });
  const changed = await findConsoleReview(ctx.db, scope, ctx.lang, id);
  if (!changed) throw notFound();
  return { review: toConsoleReview(changed) };
}

/** The operator's public answer; an empty one takes the answer back. */
export function answerReview(ctx: ServiceContext, input: z.output<typeof consoleReviewAnswer.input>) {
  return changeReview(ctx, input.id, async (tx, row) => {
    const text = input.answer || null;
    if (text === row.review.answer) return null;
    await writeAnswer(tx, input.id, {
      text,
      at: text ? ctx.clock.now() : null,
      staffId: text ? (ctx.staff?.staffId ?? null) : null,
    });
    return {
      action: text ? 'review.answer' : 'review.unanswer',
      changes: { answer: [row.review.answer, text] },
    };
  });
}

/**
 * Hides a review from the event page with a reason the buyer sees, or shows it again: its rating
 * leaves the ticket's average, or comes back to it, in the same transaction.
 */
export function hideReview(ctx: ServiceContext, input: z.output<typeof consoleReviewHide.input>) {
  return changeReview(ctx, input.id, async (tx, row) => {
    const wasHidden = row.review.hiddenAt !== null;
    if (wasHidden === input.hidden) return null;
    if (input.hidden) {
      await writeHidden(tx, input.id, {
        at: ctx.clock.now(),
        reason: input.reason,
        staffId: ctx.staff?.staffId ?? null,
      });
      await countReview(tx, row.review.ticketId, row.review.rating, -1);
      return { action: 'review.hide', changes: { hidden: [false, true] }, reason: input.reason };
    }
    await writeHidden(tx, input.id, { at: null, reason: null, staffId: null });
    await countReview(tx, row.review.ticketId, row.review.rating, 1);
    return {
      action: 'review.show',
      changes: { hidden: [true, false] },
      reason: input.reason || null,
    };
  });
}
