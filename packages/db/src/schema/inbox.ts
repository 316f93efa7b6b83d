import type { InboxKind, InboxState } from '@sentiero/contract/inbox';
import type { Language } from '@sentiero/contract/languages';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contactMessages } from './accounts.ts';
import { areaActivationRequests } from './catalogue.ts';

/**
 * One thread per contact message or "area not available" request, so the console lists both
 * kinds with one query on one table (ADR 031). The rows are written by triggers on the two
 * message tables (the migration's custom part): a message cannot arrive without its thread.
 */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<InboxKind>().notNull(),
    contactMessageId: integer('contact_message_id')
      .unique()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    activationRequestId: integer('activation_request_id')
      .unique()
      .references(() => areaActivationRequests.id, { onDelete: 'cascade' }),
    state: text('state').$type<InboxState>().notNull().default('new'),
    /** A staff account; no foreign key until the staff tables exist (ADR 027). */
    assignedStaffId: integer('assigned_staff_id'),
    /**
     * Name, address and message in lower case, then the words of each staff reply and each answer
     * by mail (with its sender) as they are added (triggers of migrations 0023 and 0046): what the
     * search matches. Nothing of a thread is ever edited, so the copy cannot drift, and it goes
     * with the messages (cascade) when a member is erased.
     */
    searchText: text('search_text').notNull(),
    /** When the message arrived. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the first answer by mail that no staff member has opened yet came in (ADR 031); null
     * once staff have seen every answer (opening the thread, or replying after the last one).
     */
    unreadAnswerSince: timestamp('unread_answer_since', { withTimezone: true }),
  },
  (table) => [
    index('inbox_threads_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('inbox_threads_state_created_idx').on(table.state, table.createdAt.desc(), table.id.desc()),
    index('inbox_threads_assignee_idx').on(table.assignedStaffId),
    index('inbox_threads_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check(
      'inbox_threads_message_check',
      sql`(${table.kind} = 'contact' and ${table.contactMessageId} is not null and ${table.activationRequestId} is null) or (${table.kind} = 'area_activation' and ${table.activationRequestId} is not null and ${table.contactMessageId} is null)`,
    ),
    check('inbox_threads_state_check', sql`${table.state} in ('new', 'answered', 'closed')`),
  ],
);

/** What staff answered, by mail in the requester's language, kept in the thread. */
export const inboxReplies = pgTable(
  'inbox_replies',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').notNull(),
    body: text('body').notNull(),
    language: text('language').$type<Language>().notNull(),
    /** The mail's Message-ID header, which the requester's answer refers to. */
    messageId: text('message_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('inbox_replies_thread_idx').on(table.threadId, table.id)],
);

/**
 * What came back by mail to a thread's reply address (ADR 031): the requester's answers to staff's
 * replies, quoted text taken off. Stored once per Message-ID and thread, so a mail server that
 * delivers twice leaves one. `from_address` is the mail's From, which may differ from the
 * thread's requester: the console shows whose it is.
 */
export const inboxReceivedMails = pgTable(
  'inbox_received_mails',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    /** The mail's Message-ID, or one made from its content when it has none. */
    messageId: text('message_id').notNull(),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Attachments are not kept; staff are told how many there were. */
    attachmentCount: integer('attachment_count').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('inbox_received_mails_message_idx').on(table.threadId, table.messageId),
    index('inbox_received_mails_thread_idx').on(table.threadId, table.receivedAt),
  ],
);
