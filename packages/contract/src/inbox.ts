import { z } from 'zod';

/**
 * The console's inbox (issue 23): contact messages and "area not available" requests, each a
 * thread that staff assign, answer by mail and close. No endpoint declares these yet; the
 * service validates its input with the same schemas the endpoints will.
 */
export const INBOX_KINDS = ['contact', 'area_activation'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_STATES = ['new', 'answered', 'closed'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

export const INBOX_PAGE_SIZE = 20;
/** Three letters or more: a trigram index cannot narrow a search of one or two. */
export const INBOX_SEARCH_MIN_LENGTH = 3;

export const ZInboxListQuery = z.object({
  kind: z.enum(INBOX_KINDS).optional(),
  state: z.enum(INBOX_STATES).optional(),
  /** A staff account's id, or `none` for threads nobody has taken. */
  assignee: z.union([z.number().int().positive(), z.literal('none')]).optional(),
  q: z.string().trim().min(INBOX_SEARCH_MIN_LENGTH).max(100).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type InboxListQuery = z.input<typeof ZInboxListQuery>;

export const ZInboxReply = z.object({ body: z.string().trim().min(1).max(10_000) });
export type InboxReplyInput = z.input<typeof ZInboxReply>;
