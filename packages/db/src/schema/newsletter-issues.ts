import type { Language } from '@sentiero/contract/languages';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { newsletterSubscriptions } from './accounts.ts';

export type NewsletterIssueState = 'draft' | 'scheduled' | 'sending' | 'sent' | 'canceled';
/** `skipped`: the subscriber left between the start of the sending and their turn. */
export type NewsletterDeliveryState = 'pending' | 'sent' | 'failed' | 'skipped';
/** An issue's text in the languages it was written in so far: a missing one is flagged, not required. */
export type IssueText = Partial<Record<Language, string>>;

/**
 * A newsletter issue written by staff (issue 23, ADR 032): subject and body per language, sent
 * through the job queue to the subscribers confirmed when its sending starts. The staff ids name
 * staff accounts without a foreign key: the staff tables are another change's (ADR 027).
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: serial('id').primaryKey(),
    subject: jsonb('subject').$type<IssueText>().notNull().default({}),
    body: jsonb('body').$type<IssueText>().notNull().default({}),
    state: text('state').$type<NewsletterIssueState>().notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdByStaffId: integer('created_by_staff_id').notNull(),
    sentByStaffId: integer('sent_by_staff_id'),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'newsletter_issues_state_check',
      sql`${table.state} in ('draft', 'scheduled', 'sending', 'sent', 'canceled')`,
    ),
    index('newsletter_issues_state_idx').on(table.state),
  ],
);

/**
 * One subscriber's copy of one issue. The rows are written once, when the sending starts, and a
 * row is claimed (`claimed_at`) before its mail leaves: a worker stopped half way and started
 * again sends only what is still pending, so nobody gets an issue twice.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
    state: text('state').$type<NewsletterDeliveryState>().notNull().default('pending'),
    error: text('error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('newsletter_deliveries_issue_subscription_idx').on(table.issueId, table.subscriptionId),
    index('newsletter_deliveries_issue_state_idx').on(table.issueId, table.state),
    check(
      'newsletter_deliveries_state_check',
      sql`${table.state} in ('pending', 'sent', 'failed', 'skipped')`,
    ),
  ],
);
