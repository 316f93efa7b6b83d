import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { areas, ticketReviews, tickets } from '@sentiero/db/schema';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';

/*
 * The console's review queries (ADR 051). Every read takes the staff member's scope and applies
 * it in the query, on the reviewed ticket's area and its operator: another operator's review is
 * not found.
 */

function reviewInScope(scope: ListScope): SQL | undefined {
  if (scope.everywhere) return undefined;
  const allowed: SQL[] = [];
  if (scope.operatorIds.length > 0) allowed.push(inArray(areas.operatorId, [...scope.operatorIds]));
  if (scope.areaIds.length > 0) allowed.push(inArray(tickets.areaId, [...scope.areaIds]));
  return allowed.length > 0 ? or(...allowed) : sql`false`;
}

export type ConsoleReviewFilter = { state?: 'shown' | 'hidden' | 'unanswered'; ticketId?: number };

function filterOf(filter: ConsoleReviewFilter): SQL | undefined {
  return and(
    filter.ticketId === undefined ? undefined : eq(ticketReviews.ticketId, filter.ticketId),
    filter.state === 'shown' ? isNull(ticketReviews.hiddenAt) : undefined,
    filter.state === 'hidden' ? isNotNull(ticketReviews.hiddenAt) : undefined,
    filter.state === 'unanswered'
      ? and(isNull(ticketReviews.hiddenAt), isNull(ticketReviews.answer))
      : undefined,
  );
}

function selectReviews(db: Db | Transaction, language: Language) {
  return db
    .select({
      review: ticketReviews,
      ticketTitle: localized(tickets.title, language),
      areaId: areas.id,
      areaName: localized(areas.name, language),
      operatorId: areas.operatorId,
    })
    .from(ticketReviews)
    .innerJoin(tickets, eq(tickets.id, ticketReviews.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId));
}

export type ConsoleReviewRow = Awaited<ReturnType<typeof findConsoleReview>> & {};

export async function findConsoleReviewPage(
  db: Db,
  scope: ListScope,
  language: Language,
  filter: ConsoleReviewFilter,
  page: { limit: number; offset: number },
) {
  const where = and(reviewInScope(scope), filterOf(filter));
  const rows = await selectReviews(db, language)
    .where(where)
    .orderBy(desc(ticketReviews.createdAt), desc(ticketReviews.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(ticketReviews)
    .innerJoin(tickets, eq(tickets.id, ticketReviews.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** One review within the scope, locked for the change that follows when read in a transaction. */
export async function findConsoleReview(
  db: Db | Transaction,
  scope: ListScope,
  language: Language,
  id: number,
) {
  const [row] = await selectReviews(db, language)
    .where(and(eq(ticketReviews.id, id), reviewInScope(scope)))
    .for('update', { of: ticketReviews });
  return row;
}

export async function writeAnswer(
  tx: Transaction,
  id: number,
  answer: { text: string | null; at: Date | null; staffId: number | null },
) {
  await tx
    .update(ticketReviews)
    .set({ answer: answer.text, answeredAt: answer.at, answeredBy: answer.staffId })
    .where(eq(ticketReviews.id, id));
}

export async function writeHidden(
  tx: Transaction,
  id: number,
  hidden: { at: Date | null; reason: string | null; staffId: number | null },
) {
  await tx
    .update(ticketReviews)
    .set({ hiddenAt: hidden.at, hiddenReason: hidden.reason, hiddenBy: hidden.staffId })
    .where(eq(ticketReviews.id, id));
}
