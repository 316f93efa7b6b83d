import type { InboxKind, InboxState } from '@sentiero/contract/inbox';
import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localizedOrNull } from '@sentiero/db/localized';
import {
  areaActivationRequests,
  areas,
  contactMessages,
  inboxReceivedMails,
  inboxReplies,
  inboxThreads,
  regions,
} from '@sentiero/db/schema';
import { and, asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';

export type ThreadFilters = {
  kind?: InboxKind;
  state?: InboxState;
  assignee?: number | 'none';
  q?: string;
};

/** What a thread's row and its message say, read the same way by the list and the detail. */
function threadColumns(language: Language) {
  return {
    id: inboxThreads.id,
    kind: inboxThreads.kind,
    state: inboxThreads.state,
    assignedStaffId: inboxThreads.assignedStaffId,
    createdAt: inboxThreads.createdAt,
    updatedAt: inboxThreads.updatedAt,
    unreadAnswerSince: inboxThreads.unreadAnswerSince,
    fullName: contactMessages.fullName,
    email: sql<string>`coalesce(${contactMessages.email}, ${areaActivationRequests.email})`,
    message: contactMessages.message,
    language: sql<Language>`coalesce(${contactMessages.language}, ${areaActivationRequests.language})`,
    areaId: areaActivationRequests.areaId,
    areaName: localizedOrNull(areas.name, language),
  };
}

/** `%` and `_` typed into the search box are letters, not wildcards. */
const likeContaining = (words: string) => `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of threads, newest first, and how many match in all (a window count, one query).
 * The search is a `like` on the threads' lower-cased text (the first message and every reply and
 * answer after it), which the trigram index answers.
 */
export async function findThreadPage(
  db: Db,
  filters: ThreadFilters,
  page: { limit: number; offset: number },
  language: Language,
) {
  const conditions: SQL[] = [];
  if (filters.kind) conditions.push(eq(inboxThreads.kind, filters.kind));
  if (filters.state) conditions.push(eq(inboxThreads.state, filters.state));
  if (filters.assignee === 'none') conditions.push(isNull(inboxThreads.assignedStaffId));
  else if (filters.assignee !== undefined)
    conditions.push(eq(inboxThreads.assignedStaffId, filters.assignee));
  if (filters.q) conditions.push(sql`${inboxThreads.searchText} like ${likeContaining(filters.q)}`);
  return db
    .select({ ...threadColumns(language), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(inboxThreads)
    .leftJoin(contactMessages, eq(contactMessages.id, inboxThreads.contactMessageId))
    .leftJoin(areaActivationRequests, eq(areaActivationRequests.id, inboxThreads.activationRequestId))
    .leftJoin(areas, eq(areas.id, areaActivationRequests.areaId))
    .where(and(...conditions))
    .orderBy(desc(inboxThreads.createdAt), desc(inboxThreads.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findThread(db: Db | Transaction, id: number, language: Language) {
  const [row] = await db
    .select({
      ...threadColumns(language),
      areaSlug: areas.slug,
      areaAvailable: areas.available,
      regionId: regions.id,
      regionName: localizedOrNull(regions.name, language),
      country: regions.countryCode,
      /** The area's name in the requester's language, for the mail they get. */
      areaNameForRequester: localizedOrNull(areas.name, areaActivationRequests.language),
    })
    .from(inboxThreads)
    .leftJoin(contactMessages, eq(contactMessages.id, inboxThreads.contactMessageId))
    .leftJoin(areaActivationRequests, eq(areaActivationRequests.id, inboxThreads.activationRequestId))
    .leftJoin(areas, eq(areas.id, areaActivationRequests.areaId))
    .leftJoin(regions, eq(regions.id, areas.regionId))
    .where(eq(inboxThreads.id, id));
  return row;
}

/** What a change of a thread reads and writes: the same fields before and after. */
const threadStatus = {
  id: inboxThreads.id,
  state: inboxThreads.state,
  assignedStaffId: inboxThreads.assignedStaffId,
  updatedAt: inboxThreads.updatedAt,
  unreadAnswerSince: inboxThreads.unreadAnswerSince,
};

/** The thread's row, locked until the transaction ends, so two staff cannot change it at once. */
export async function lockThread(tx: Transaction, id: number) {
  const [row] = await tx.select(threadStatus).from(inboxThreads).where(eq(inboxThreads.id, id)).for('update');
  return row;
}

export type ThreadStatus = NonNullable<Awaited<ReturnType<typeof lockThread>>>;

export async function updateThread(
  tx: Transaction,
  id: number,
  values: {
    state?: InboxState;
    assignedStaffId?: number | null;
    unreadAnswerSince?: Date | null;
    updatedAt: Date;
  },
): Promise<ThreadStatus> {
  const [row] = await tx
    .update(inboxThreads)
    .set(values)
    .where(eq(inboxThreads.id, id))
    .returning(threadStatus);
  if (!row) throw new Error(`inbox thread ${id} vanished while locked`);
  return row;
}

export async function findReplies(db: Db | Transaction, threadId: number) {
  return db
    .select()
    .from(inboxReplies)
    .where(eq(inboxReplies.threadId, threadId))
    .orderBy(asc(inboxReplies.id));
}

export type ReplyRow = typeof inboxReplies.$inferSelect;

export async function insertReply(
  tx: Transaction,
  values: typeof inboxReplies.$inferInsert,
): Promise<ReplyRow> {
  const [row] = await tx.insert(inboxReplies).values(values).returning();
  if (!row) throw new Error('the reply was not written');
  return row;
}

/** Whether a thread is there (a genuine reply address of an erased member's thread names none). */
export async function threadExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: inboxThreads.id }).from(inboxThreads).where(eq(inboxThreads.id, id));
  return row !== undefined;
}

/** What came back by mail to the thread, oldest first. */
export async function findReceivedMails(db: Db | Transaction, threadId: number) {
  return db
    .select()
    .from(inboxReceivedMails)
    .where(eq(inboxReceivedMails.threadId, threadId))
    .orderBy(asc(inboxReceivedMails.receivedAt), asc(inboxReceivedMails.id));
}

export type ReceivedMailRow = typeof inboxReceivedMails.$inferSelect;

/**
 * When the first answer after the one with id `seenId` came (ids grow as answers arrive), or null
 * when there is none: when the answers a staff member has not seen yet began.
 */
export async function findUnseenSince(
  tx: Transaction,
  threadId: number,
  seenId: number,
): Promise<Date | null> {
  const [row] = await tx
    .select({ receivedAt: inboxReceivedMails.receivedAt })
    .from(inboxReceivedMails)
    .where(and(eq(inboxReceivedMails.threadId, threadId), gt(inboxReceivedMails.id, seenId)))
    .orderBy(asc(inboxReceivedMails.receivedAt), asc(inboxReceivedMails.id))
    .limit(1);
  return row?.receivedAt ?? null;
}

/** Keeps a mail once: the same Message-ID delivered to the thread again writes nothing (undefined). */
export async function insertReceivedMail(
  tx: Transaction,
  values: typeof inboxReceivedMails.$inferInsert,
): Promise<ReceivedMailRow | undefined> {
  const [row] = await tx
    .insert(inboxReceivedMails)
    .values(values)
    .onConflictDoNothing({ target: [inboxReceivedMails.threadId, inboxReceivedMails.messageId] })
    .returning();
  return row;
}
