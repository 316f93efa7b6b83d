import {
  consoleReviewAnswer,
  consoleReviewHide,
  consoleReviews,
  ticketReviewCreate,
  ticketReviewList,
  ticketReviewMine,
  ticketReviewRequestsOff,
} from '@sentiero/contract/ticket-reviews';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { operationAccess } from '../../platform/openapi.ts';
import { answerReview, hideReview, listConsoleReviews } from './console-reviews.ts';
import { listTicketReviews } from './list-reviews.ts';
import { turnReviewRequestsOff } from './review-requests.ts';
import { createReview, listMyReviews } from './write-review.ts';

/** Reviews a member writes: a handful a day is plenty, a flood is refused. */
const REVIEW_LIMIT = { max: 10, timeWindow: '1 hour' };
const LINK_LIMIT = { max: 10, timeWindow: '10 minutes' };

/** Buyers' reviews, the event page's list and the console's moderation (issue 25, ADR 051). */
export function registerReviewRoutes(app: FastifyInstance) {
  registerEndpoint(app, ticketReviewList, (ctx, input) => listTicketReviews(ctx, input));
  registerEndpoint(app, ticketReviewMine, (ctx) => listMyReviews(ctx));
  registerEndpoint(app, ticketReviewCreate, (ctx, input) => createReview(ctx, input), {
    rateLimit: REVIEW_LIMIT,
  });
  registerEndpoint(app, ticketReviewRequestsOff, (ctx, input) => turnReviewRequestsOff(ctx, input.token), {
    rateLimit: LINK_LIMIT,
  });
  // RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click` to the URL of the
  // List-Unsubscribe header, with the token in the query string and no Origin.
  app.post<{ Querystring: Record<string, unknown> }>(
    '/api/app/ticket/review/requests/off/one-click',
    {
      config: { rateLimit: LINK_LIMIT },
      schema: {
        tags: [ticketReviewRequestsOff.tag],
        summary: "Stops the review request mails from a mail client's one-click unsubscribe (RFC 8058).",
        ...operationAccess('public'),
        response: { 200: ticketReviewRequestsOff.output },
      },
    },
    async (request) => {
      const token = request.query.token;
      return turnReviewRequestsOff(request.ctx, typeof token === 'string' ? token.slice(0, 128) : '');
    },
  );
  registerEndpoint(app, consoleReviews, (ctx, input) => listConsoleReviews(ctx, input));
  registerEndpoint(app, consoleReviewAnswer, (ctx, input) => answerReview(ctx, input));
  registerEndpoint(app, consoleReviewHide, (ctx, input) => hideReview(ctx, input));
}
