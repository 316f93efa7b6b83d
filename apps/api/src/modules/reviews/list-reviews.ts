import { pageCount } from '@sentiero/contract/paging';
import {
  type PublicReview,
  REVIEW_PAGE_SIZE,
  type ticketReviewList,
} from '@sentiero/contract/ticket-reviews';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { findReviewStats, findShownReviews, type ReviewRow } from './repo.ts';

function toPublicReview(review: ReviewRow): PublicReview {
  return {
    id: review.id,
    rating: review.rating,
    text: review.body,
    language: review.language,
    author: review.authorName,
    created_at: review.createdAt.toISOString(),
    answer:
      review.answer && review.answeredAt
        ? { text: review.answer, answered_at: review.answeredAt.toISOString() }
        : null,
  };
}

/** The average of the shown reviews to one decimal, as the page and its structured data give it. */
const averageOf = (stats: { count: number; sum: number }) =>
  stats.count > 0 ? Math.round((stats.sum / stats.count) * 10) / 10 : null;

/** A ticket's shown reviews for the event page: the reader's language first, then newest first. */
export async function listTicketReviews(ctx: ServiceContext, input: z.output<typeof ticketReviewList.input>) {
  const stats = await findReviewStats(ctx.db, input.id);
  const reviews =
    stats.count > 0
      ? await findShownReviews(ctx.db, input.id, ctx.lang, {
          limit: REVIEW_PAGE_SIZE,
          offset: (input.page - 1) * REVIEW_PAGE_SIZE,
        })
      : [];
  return {
    average: averageOf(stats),
    count: stats.count,
    reviews: reviews.map(toPublicReview),
    page: input.page,
    pages: pageCount(stats.count, REVIEW_PAGE_SIZE),
    total: stats.count,
  };
}

/** What the event page's structured data says of its reviews: nothing without reviews. */
export async function findReviewSummary(ctx: Pick<ServiceContext, 'db' | 'lang'>, ticketId: number) {
  const stats = await findReviewStats(ctx.db, ticketId);
  if (stats.count === 0) return null;
  const latest = await findShownReviews(ctx.db, ticketId, ctx.lang, { limit: 5, offset: 0 });
  return { average: averageOf(stats) ?? 0, count: stats.count, latest: latest.map(toPublicReview) };
}
