import { calendarDateIn } from '@sentiero/contract/durations';
import type { MyReview, ticketReviewCreate } from '@sentiero/contract/ticket-reviews';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  findAuthorName,
  findMemberReviews,
  findReviewableCodes,
  findTicketToReview,
  insertReview,
  type ReviewRow,
} from './repo.ts';

export function toMyReview(review: ReviewRow, code: string): MyReview {
  return {
    ticket_code: code,
    rating: review.rating,
    text: review.body,
    language: review.language,
    created_at: review.createdAt.toISOString(),
    answer:
      review.answer && review.answeredAt
        ? { text: review.answer, answered_at: review.answeredAt.toISOString() }
        : null,
    hidden_reason: review.hiddenAt ? (review.hiddenReason ?? '') : null,
  };
}

/**
 * Only a real buyer reviews, and only what they did: the ticket must be of the caller's own order
 * (another's answers 404, as one that does not exist), paid and not cancelled or refunded, and
 * used at the activity or past its last valid day in its area's time zone. Once per ticket.
 */
export async function createReview(ctx: ServiceContext, input: z.output<typeof ticketReviewCreate.input>) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const unsafeTicket = await findTicketToReview(ctx.db, input.code.toUpperCase());
  if (!unsafeTicket || unsafeTicket.buyerId !== userId) throw notFound();
  const ticket = unsafeTicket;
  const paid = ticket.orderStatus === 'paid' || ticket.orderStatus === 'issued';
  if (!paid || ticket.status !== 'active') throw new AppError('REVIEW_TICKET_CANCELLED', 409);
  const over = calendarDateIn(ticket.timeZone, ctx.clock.now()) > ticket.validUntil;
  if (ticket.uses === 0 && !over) throw new AppError('REVIEW_NOT_YET', 409);
  const authorName = (await findAuthorName(ctx.db, userId)) ?? '';
  try {
    const review = await insertReview(ctx.db, {
      issuedTicketId: ticket.issuedTicketId,
      ticketId: ticket.ticketId,
      userId,
      rating: input.rating,
      body: input.text,
      language: input.language ?? ctx.lang,
      authorName,
      createdAt: ctx.clock.now(),
    });
    return { review: toMyReview(review, ticket.code) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('REVIEW_ALREADY_WRITTEN', 409);
    throw error;
  }
}

/** The member's reviews (hidden ones with the operator's reason), and the tickets they can review now. */
export async function listMyReviews(ctx: ServiceContext) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const [written, reviewable] = await Promise.all([
    findMemberReviews(ctx.db, userId),
    findReviewableCodes(ctx.db, userId, ctx.clock.now()),
  ]);
  return {
    reviews: written.map(({ review, code }) => toMyReview(review, code)),
    reviewable,
  };
}
