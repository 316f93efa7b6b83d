import type { Language } from '@sentiero/contract/languages';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tickets } from './catalogue.ts';
import { issuedTickets } from './orders.ts';
import { staffAccounts } from './staff.ts';

/**
 * A buyer's review of one issued ticket (issue 25, ADR 051): a rating from 1 to 5 and a text in
 * the language it was written in. One per issued ticket, written only by the buyer of its order
 * once the ticket was used or its last valid day is over. The operator may answer it in public or
 * hide it with a reason; a hidden review is neither shown nor counted.
 */
export const ticketReviews = pgTable(
  'ticket_reviews',
  {
    id: serial('id').primaryKey(),
    issuedTicketId: integer('issued_ticket_id')
      .notNull()
      .references(() => issuedTickets.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    language: text('language').$type<Language>().notNull(),
    /** The name shown with it, "Tina K.", as the buyer was called when they wrote it. */
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => staffAccounts.id),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: integer('hidden_by').references(() => staffAccounts.id),
  },
  (table) => [
    // Once per issued ticket: a second review of the same ticket is refused by the database too.
    uniqueIndex('ticket_reviews_issued_ticket_idx').on(table.issuedTicketId),
    // The event page's shown reviews in the reader's language, newest first, and then the
    // others, newest first: two index ranges, each read no further than the page (ADR 051).
    index('ticket_reviews_shown_idx')
      .on(table.ticketId, table.language, table.createdAt, table.id)
      .where(sql`hidden_at is null`),
    index('ticket_reviews_shown_newest_idx')
      .on(table.ticketId, table.createdAt, table.id)
      .where(sql`hidden_at is null`),
    // The console's reviews, newest first.
    index('ticket_reviews_created_at_idx').on(table.createdAt, table.id),
    index('ticket_reviews_user_idx').on(table.userId),
    check('ticket_reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check('ticket_reviews_body_check', sql`char_length(${table.body}) <= 2000`),
    check('ticket_reviews_answer_check', sql`char_length(${table.answer}) <= 2000`),
  ],
);

/**
 * Each ticket's shown reviews, counted and summed: written in the transaction that writes, hides
 * or shows a review again, so the event page reads its average from one row (ADR 051).
 */
export const ticketReviewStats = pgTable(
  'ticket_review_stats',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  (table) => [
    check('ticket_review_stats_count_check', sql`${table.reviewCount} >= 0 and ${table.ratingSum} >= 0`),
  ],
);

/**
 * The mail that asked for a review of an issued ticket: written before the mail is sent, so a
 * ticket is asked about once. Its token is the mail's one-click link that stops the requests.
 */
export const ticketReviewRequests = pgTable(
  'ticket_review_requests',
  {
    issuedTicketId: integer('issued_ticket_id')
      .primaryKey()
      .references(() => issuedTickets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    token: text('token').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('ticket_review_requests_token_idx').on(table.token)],
);

/** Members who asked for no more review requests, from a request mail's link. */
export const reviewRequestOptOuts = pgTable('review_request_opt_outs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
});
