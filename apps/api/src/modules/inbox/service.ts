import {
  INBOX_PAGE_SIZE,
  type InboxListQuery,
  type InboxState,
  ZInboxListQuery,
} from '@sentiero/contract/inbox';
import type { Transaction } from '@sentiero/db/client';
import { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  findReceivedMails,
  findReplies,
  findThread,
  findThreadPage,
  findUnseenSince,
  lockThread,
  type ThreadStatus,
  updateThread,
} from './inbox-repo.ts';

/** Who acts on the inbox: a staff account (its tables come with ADR 027's staff work). */
export type InboxActor = { staffId: number };

/**
 * What one write changed, for the console to write its audit log in the same transaction: each
 * write calls `onChange(tx, change)` inside its own transaction, and a throw there undoes it all
 * (ADR 031). A write that changes nothing (closing a closed thread) calls nobody.
 */
export type InboxChange = {
  action: 'inbox.assign' | 'inbox.reply' | 'inbox.close' | 'inbox.reopen' | 'inbox.seen';
  threadId: number;
  by: InboxActor;
  before: ThreadStatus;
  after: ThreadStatus;
  /** The reply that was mailed, for `inbox.reply`. */
  reply?: { id: number; language: string; messageId: string };
};
export type OnInboxChange = (tx: Transaction, change: InboxChange) => Promise<void>;

const ZThreadId = z.number().int().positive().max(2_147_483_647);
const ZAssignee = z.object({ staffId: z.number().int().positive().max(2_147_483_647).nullable() });

/** A thread id that cannot exist is answered like one that does not: 404. */
export function requireThreadId(id: number): number {
  if (!ZThreadId.safeParse(id).success) throw notFound();
  return id;
}

/** Input checked by its zod schema; what is wrong is named field by field (400). */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'input';
    fields[field] ??=
      issue.code === 'too_small' ? 'tooShort' : issue.code === 'too_big' ? 'tooLong' : 'invalid';
  }
  throw new AppError('VALIDATION_FAILED', 400, fields);
}

/** Contact messages and area requests together, newest first, 20 a page, filtered and searched. */
export async function listInbox(ctx: ServiceContext, query: InboxListQuery) {
  const { page, ...filters } = parseInput(ZInboxListQuery, query);
  const rows = await findThreadPage(
    ctx.db,
    filters,
    { limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE },
    ctx.lang,
  );
  const total = rows[0]?.total ?? 0;
  return {
    threads: rows.map(({ total: _, ...thread }) => thread),
    page,
    pageSize: INBOX_PAGE_SIZE,
    total,
    pages: Math.ceil(total / INBOX_PAGE_SIZE),
  };
}

/**
 * One thread: the message (or the request with its area and region), the replies and what came
 * back by mail, each in order.
 */
export async function getThread(ctx: ServiceContext, id: number) {
  const thread = await findThread(ctx.db, requireThreadId(id), ctx.lang);
  if (!thread) throw notFound();
  const {
    areaNameForRequester: _forRequester,
    areaSlug,
    areaAvailable,
    regionId,
    regionName,
    country,
    ...rest
  } = thread;
  const area =
    thread.kind === 'area_activation' && thread.areaId !== null
      ? {
          id: thread.areaId,
          name: thread.areaName ?? '',
          slug: areaSlug ?? '',
          available: areaAvailable ?? false,
          region: { id: regionId ?? 0, name: regionName ?? '', country: country ?? '' },
        }
      : null;
  const replies = await findReplies(ctx.db, thread.id);
  const receivedMails = await findReceivedMails(ctx.db, thread.id);
  return { ...rest, area, replies, receivedMails };
}

/**
 * Locks the thread, lets `decide` say its new state (or nothing, for no change), writes it and
 * tells `onChange`, all in one transaction.
 */
async function changeThread(
  ctx: ServiceContext,
  id: number,
  by: InboxActor,
  action: InboxChange['action'],
  decide: (
    before: ThreadStatus,
    tx: Transaction,
  ) => Promise<{ state?: InboxState; assignedStaffId?: number | null } | null>,
  onChange?: OnInboxChange,
): Promise<InboxChange> {
  const threadId = requireThreadId(id);
  return ctx.db.transaction(async (tx) => {
    const before = await lockThread(tx, threadId);
    if (!before) throw notFound();
    const values = await decide(before, tx);
    if (!values) return { action, threadId, by, before, after: before };
    const after = await updateThread(tx, threadId, { ...values, updatedAt: ctx.clock.now() });
    const change: InboxChange = { action, threadId, by, before, after };
    await onChange?.(tx, change);
    return change;
  });
}

/** Gives the thread to a staff account, or to nobody (`staffId: null`). */
export async function assignThread(
  ctx: ServiceContext,
  id: number,
  assignee: { staffId: number | null },
  by: InboxActor,
  onChange?: OnInboxChange,
): Promise<InboxChange> {
  const { staffId } = parseInput(ZAssignee, assignee);
  return changeThread(
    ctx,
    id,
    by,
    'inbox.assign',
    async (before) => (before.assignedStaffId === staffId ? null : { assignedStaffId: staffId }),
    onChange,
  );
}

export async function closeThread(
  ctx: ServiceContext,
  id: number,
  by: InboxActor,
  onChange?: OnInboxChange,
): Promise<InboxChange> {
  return changeThread(
    ctx,
    id,
    by,
    'inbox.close',
    async (before) => (before.state === 'closed' ? null : { state: 'closed' }),
    onChange,
  );
}

/**
 * A reopened thread is `answered` again if staff's last reply came after the requester's last mail,
 * `new` if nobody has answered it yet or the requester wrote again since.
 */
export async function reopenThread(
  ctx: ServiceContext,
  id: number,
  by: InboxActor,
  onChange?: OnInboxChange,
): Promise<InboxChange> {
  return changeThread(
    ctx,
    id,
    by,
    'inbox.reopen',
    async (before, tx) => {
      if (before.state !== 'closed') return null;
      const lastReply = (await findReplies(tx, before.id)).at(-1);
      const lastMail = (await findReceivedMails(tx, before.id)).at(-1);
      const answered = lastReply !== undefined && (!lastMail || lastMail.receivedAt < lastReply.sentAt);
      return { state: answered ? 'answered' : 'new' };
    },
    onChange,
  );
}

const ZSeen = z.object({ seenId: z.number().int().min(0).max(2_147_483_647) });

/**
 * A staff member has the thread's answers by mail up to `seenId` (the newest one on their screen)
 * before them: those are no longer unread. One that came after it stays unread, so an answer
 * arriving while the thread is open is not lost. Nothing else of the thread changes, not even
 * `updated_at`: reading is not a change of the conversation.
 */
export async function markAnswersSeen(
  ctx: ServiceContext,
  id: number,
  seen: { seenId: number },
  by: InboxActor,
  onChange?: OnInboxChange,
): Promise<InboxChange> {
  const threadId = requireThreadId(id);
  const { seenId } = parseInput(ZSeen, seen);
  return ctx.db.transaction(async (tx) => {
    const before = await lockThread(tx, threadId);
    if (!before) throw notFound();
    const since = before.unreadAnswerSince && (await findUnseenSince(tx, threadId, seenId));
    const unchanged: InboxChange = { action: 'inbox.seen', threadId, by, before, after: before };
    if (!before.unreadAnswerSince || since?.getTime() === before.unreadAnswerSince.getTime())
      return unchanged;
    const after = await updateThread(tx, threadId, {
      unreadAnswerSince: since ?? null,
      updatedAt: before.updatedAt,
    });
    const change: InboxChange = { ...unchanged, after };
    await onChange?.(tx, change);
    return change;
  });
}
