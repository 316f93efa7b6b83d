import { z } from 'zod';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { INBOX_KINDS, INBOX_SEARCH_MIN_LENGTH, INBOX_STATES, ZInboxReply } from './inbox.ts';
import { LANGUAGES } from './languages.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';

/*
 * The console's inbox (issue 23, item 4; ADR 031): contact messages and "area not available"
 * requests as threads Sentiero's admins and support staff assign, answer by mail in the
 * requester's language and close. Every change is written to the audit log.
 */

/** A staff member who may be given a thread: one who holds `inbox.handle`. */
const ZInboxStaff = z.object({ id: z.number().int(), name: z.string() });

const ZThreadSummary = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_KINDS),
  state: z.enum(INBOX_STATES),
  assignee: ZInboxStaff.nullable(),
  /** Null for an area request, which names no one. */
  full_name: z.string().nullable(),
  email: z.string(),
  /** The requester's language: replies are mailed in it. */
  language: z.enum(LANGUAGES),
  /** The contact message's text; null for an area request. */
  message: z.string().nullable(),
  /** The requested area's name in the reader's language; null for a contact message. */
  area_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * When the first answer by mail no staff member has opened yet came in (the thread is then
   * `new` again); null when every answer has been seen.
   */
  unread_answer_since: z.string().nullable(),
});

export const consoleInbox = defineEndpoint({
  path: '/console/inbox',
  kind: 'read',
  access: 'inbox.handle',
  tag: 'console',
  summary:
    'Contact messages and "area not available" requests, newest first, 20 a page: filtered by kind, state and assignee (`none` for nobody, `me`), searched by name, address or words of any message of the thread, replies and answers by mail included (three letters or more). Each says since when it has an answer nobody opened. With the staff members a thread may be given to.',
  input: z.object({
    lng: ZLanguageParam,
    page: ZPageParam,
    kind: z.enum(INBOX_KINDS).optional(),
    state: z.enum(INBOX_STATES).optional(),
    assignee: z.union([z.enum(['none', 'me']), ZId]).optional(),
    q: z.string().trim().min(INBOX_SEARCH_MIN_LENGTH).max(100).optional(),
  }),
  output: z.object({
    threads: z.array(ZThreadSummary),
    ...ZPaging,
    assignees: z.array(ZInboxStaff),
  }),
});

const ZThread = ZThreadSummary.extend({
  /** The area a request is about, with whether it has since been opened for sale. */
  area: z
    .object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      available: z.boolean(),
      region: z.string(),
      country: z.string(),
    })
    .nullable(),
  /** What staff answered, oldest first: each was mailed to the requester in their language. */
  replies: z.array(
    z.object({
      id: z.number().int(),
      body: z.string(),
      staff: ZInboxStaff.nullable(),
      language: z.enum(LANGUAGES),
      sent_at: z.string(),
    }),
  ),
  /**
   * What came back by mail to the thread's reply address, oldest first, the quote of earlier
   * mails taken off. `from_requester` is false for a mail from another address than the thread's.
   */
  received_mails: z.array(
    z.object({
      id: z.number().int(),
      from_address: z.string(),
      from_name: z.string().nullable(),
      from_requester: z.boolean(),
      subject: z.string(),
      body: z.string(),
      /** Attachments are not kept: how many there were. */
      attachments: z.number().int(),
      received_at: z.string(),
    }),
  ),
  assignees: z.array(ZInboxStaff),
});

export const consoleInboxThread = defineEndpoint({
  path: '/console/inbox/thread',
  kind: 'read',
  access: 'inbox.handle',
  tag: 'console',
  summary:
    "One thread: the message (or the area request), staff's replies and the requester's answers by mail in order, with its state and assignee.",
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: ZThread,
});

export const consoleInboxReply = defineEndpoint({
  path: '/console/inbox/reply',
  kind: 'write',
  access: 'inbox.handle',
  tag: 'console',
  summary:
    'Mails an answer to the requester in the language they wrote in, then keeps it in the thread and marks the thread answered. A mail that cannot be sent saves nothing (503 `MAIL_NOT_SENT`); a closed thread is refused (409 `THREAD_CLOSED`).',
  input: ZInboxReply.extend({ lng: ZLanguageParam, id: ZId }),
  output: ZThread,
});

export const consoleInboxAssign = defineEndpoint({
  path: '/console/inbox/assign',
  kind: 'write',
  access: 'inbox.handle',
  tag: 'console',
  summary:
    'Gives the thread to a staff member who handles the inbox, or to nobody when `staff_id` is left out.',
  input: z.object({ lng: ZLanguageParam, id: ZId, staff_id: ZId.nullable().default(null) }),
  output: ZThread,
});

export const consoleInboxState = defineEndpoint({
  path: '/console/inbox/state',
  kind: 'write',
  access: 'inbox.handle',
  tag: 'console',
  summary:
    'Closes the thread, or opens it again (`open`): answered again if staff replied after the requester last wrote, new otherwise.',
  input: z.object({ lng: ZLanguageParam, id: ZId, state: z.enum(['closed', 'open']) }),
  output: ZThread,
});

export const consoleInboxSeen = defineEndpoint({
  path: '/console/inbox/seen',
  kind: 'write',
  access: 'inbox.handle',
  tag: 'console',
  summary:
    "Marks the thread's answers by mail up to `up_to` (the newest one shown) as seen, so the list no longer shows them as unread; one that came after it stays unread.",
  input: z.object({ lng: ZLanguageParam, id: ZId, up_to: ZId }),
  output: ZThread,
});
