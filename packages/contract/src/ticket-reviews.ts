import { z } from 'zod';
import { field } from './account-fields.ts';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';

/*
 * Buyers review what they did (issue 25, item 5; ADR 051): one review per issued ticket, by the
 * buyer of its order, once the ticket was used or its last valid day is over; a rating from 1 to
 * 5 and a text in any of the five languages. The event page shows the shown reviews' average and
 * count, the reader's language first, then newest first; the operator answers in public or hides
 * one with a reason.
 */

export const REVIEW_PAGE_SIZE = 10;
export const CONSOLE_REVIEW_PAGE_SIZE = 25;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_ANSWER_MAX = 2000;
export const REVIEW_HIDE_REASON_MAX = 500;

const ZTicketCode = z.string().trim().min(4).max(64);

/** A rating as forms send it: a whole number of stars from 1 to 5. */
export const ZReviewRating = z.coerce
  .number(field('reviewRating'))
  .int(field('reviewRating'))
  .min(1, field('reviewRating'))
  .max(5, field('reviewRating'));

/** The review's words: what a reader can use, not a one-word verdict, and not an essay. */
export const ZReviewText = z
  .string(field('reviewTooShort'))
  .trim()
  .min(REVIEW_TEXT_MIN, field('reviewTooShort'))
  .max(REVIEW_TEXT_MAX, field('reviewTooLong'));

export const ZReviewLanguage = z.enum(LANGUAGES, field('invalid'));

export const ZPublicReview = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    text: z.string(),
    /** The language it was written in. */
    language: z.enum(LANGUAGES),
    /** First name and the last name's initial: "Tina K." */
    author: z.string(),
    created_at: z.string(),
    /** The operator's public answer. */
    answer: z.object({ text: z.string(), answered_at: z.string() }).nullable(),
  })
  .meta({ id: 'PublicReview' });
export type PublicReview = z.infer<typeof ZPublicReview>;

export const ticketReviewList = defineEndpoint({
  path: '/app/ticket/review/list',
  kind: 'read',
  access: 'public',
  tag: 'reviews',
  summary:
    "A ticket's shown reviews with their average and count: the reader's language first, then newest first, paged.",
  input: z.object({ lng: ZLanguageParam, id: ZId, page: ZPageParam }),
  output: z.object({
    /** Rounded to one decimal; null without reviews. */
    average: z.number().nullable(),
    count: z.number().int(),
    reviews: z.array(ZPublicReview),
    ...ZPaging,
  }),
});

export const ZMyReview = z
  .object({
    ticket_code: z.string(),
    rating: z.number().int(),
    text: z.string(),
    language: z.enum(LANGUAGES),
    created_at: z.string(),
    answer: z.object({ text: z.string(), answered_at: z.string() }).nullable(),
    /** Hidden by the operator: the buyer still sees it, with the operator's reason. */
    hidden_reason: z.string().nullable(),
  })
  .meta({ id: 'MyReview' });
export type MyReview = z.infer<typeof ZMyReview>;

export const ticketReviewMine = defineEndpoint({
  path: '/app/ticket/review/mine',
  kind: 'read',
  access: 'member',
  cache: 'private',
  tag: 'reviews',
  summary:
    "The member's reviews, and the codes of their tickets they can review now (used, or past their last day, and not reviewed).",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ reviews: z.array(ZMyReview), reviewable: z.array(z.string()) }),
});

export const ticketReviewCreate = defineEndpoint({
  path: '/app/ticket/review/create',
  kind: 'write',
  access: 'member',
  tag: 'reviews',
  summary:
    'Reviews one of the buyer’s tickets once it was used or its last valid day is over: once per ticket, never for a cancelled or refunded one.',
  input: z.object({
    lng: ZLanguageParam,
    code: ZTicketCode,
    rating: ZReviewRating,
    text: ZReviewText,
    /** The language the text is written in; the request's language when absent. */
    language: ZReviewLanguage.optional(),
  }),
  output: z.object({ review: ZMyReview }),
});

export const ticketReviewRequestsOff = defineEndpoint({
  path: '/app/ticket/review/requests/off',
  kind: 'write',
  access: 'public',
  tag: 'reviews',
  summary:
    'Stops the mails that ask for reviews, from the link in one of them, without logging in (also one-click, RFC 8058).',
  input: z.object({ lng: ZLanguageParam, token: z.string().trim().min(16).max(128) }),
  output: z.object({ review_requests: z.literal('off') }),
});

export const ZConsoleReview = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    text: z.string(),
    language: z.enum(LANGUAGES),
    author: z.string(),
    created_at: z.string(),
    ticket: z.object({ id: z.number().int(), title: z.string() }),
    area: z.object({ id: z.number().int(), name: z.string() }),
    answer: z.object({ text: z.string(), answered_at: z.string() }).nullable(),
    hidden: z.object({ reason: z.string(), hidden_at: z.string() }).nullable(),
  })
  .meta({ id: 'ConsoleReview' });
export type ConsoleReview = z.infer<typeof ZConsoleReview>;

export const REVIEW_STATES = ['shown', 'hidden', 'unanswered'] as const;

export const consoleReviews = defineEndpoint({
  path: '/console/reviews',
  kind: 'read',
  access: 'reviews.moderate',
  cache: 'private',
  tag: 'console',
  summary: "The reviews of the staff member's tickets (their operator's, or their areas'), newest first.",
  input: z.object({
    lng: ZLanguageParam,
    state: z.enum(REVIEW_STATES).optional(),
    ticket_id: ZId.optional(),
    page: ZPageParam,
  }),
  output: z.object({ reviews: z.array(ZConsoleReview), ...ZPaging }),
});

export const consoleReviewAnswer = defineEndpoint({
  path: '/console/review/answer',
  kind: 'write',
  access: 'reviews.moderate',
  tag: 'console',
  summary: 'Answers a review in public (an empty answer takes it back); written to the audit log.',
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    answer: z.string().trim().max(REVIEW_ANSWER_MAX, field('reviewTooLong')).default(''),
  }),
  output: z.object({ review: ZConsoleReview }),
});

export const consoleReviewHide = defineEndpoint({
  path: '/console/review/hide',
  kind: 'write',
  access: 'reviews.moderate',
  tag: 'console',
  summary:
    'Hides a review from the event page and its average, with a reason the buyer sees, or shows it again; written to the audit log.',
  input: z
    .object({
      lng: ZLanguageParam,
      id: ZId,
      hidden: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]),
      reason: z.string().trim().max(REVIEW_HIDE_REASON_MAX, field('reviewTooLong')).default(''),
    })
    .refine((input) => !input.hidden || input.reason.length >= 3, {
      path: ['reason'],
      error: 'field.hideReason',
    }),
  output: z.object({ review: ZConsoleReview }),
});
