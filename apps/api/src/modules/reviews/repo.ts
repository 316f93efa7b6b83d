import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import {
  areas,
  issuedTickets,
  orders,
  ticketReviewStats,
  ticketReviews,
  tickets,
  users,
} from '@sentiero/db/schema';
import { and, desc, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';

/*
 * The reviews' public and buyers' queries (ADR 051). The event page's average is read from
 * `ticket_review_stats`, which every write of a review changes in its own transaction.
 */

export type ReviewRow = typeof ticketReviews.$inferSelect;

/** An issued ticket as a review of it needs it: whose, in what state, how far its days are. */
export async function findTicketToReview(db: Db, code: string) {
  const [row] = await db
    .select({
      issuedTicketId: issuedTickets.id,
      code: issuedTickets.code,
      ticketId: issuedTickets.ticketId,
      status: issuedTickets.status,
      uses: issuedTickets.uses,
      validUntil: issuedTickets.validUntil,
      orderStatus: orders.status,
      buyerId: orders.userId,
      timeZone: areas.timeZone,
    })
    .from(issuedTickets)
    .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
    .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(eq(issuedTickets.code, code));
  return row;
}

export async function findAuthorName(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const initial = row.lastName.trim().charAt(0);
  return `${row.firstName.trim()}${initial ? ` ${initial.toUpperCase()}.` : ''}`.trim();
}

/** Adds a shown review's rating to its ticket's aggregate (or takes it off, `sign` -1). */
export async function countReview(tx: Db | Transaction, ticketId: number, rating: number, sign: 1 | -1) {
  await tx
    .insert(ticketReviewStats)
    .values({ ticketId, reviewCount: Math.max(sign, 0), ratingSum: Math.max(sign * rating, 0) })
    .onConflictDoUpdate({
      target: ticketReviewStats.ticketId,
      set: {
        reviewCount: sql`${ticketReviewStats.reviewCount} + ${sign}`,
        ratingSum: sql`${ticketReviewStats.ratingSum} + ${sign * rating}`,
      },
    });
}

/**
 * Writes the review and counts it, together: the unique index on the issued ticket refuses a
 * second review, whichever of two requests at once comes second.
 */
export async function insertReview(db: Db, values: typeof ticketReviews.$inferInsert): Promise<ReviewRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(ticketReviews).values(values).returning();
    if (!row) throw new Error('the review was not written');
    await countReview(tx, row.ticketId, row.rating, 1);
    return row;
  });
}

export async function findReviewStats(db: Db, ticketId: number) {
  const [row] = await db
    .select({ count: ticketReviewStats.reviewCount, sum: ticketReviewStats.ratingSum })
    .from(ticketReviewStats)
    .where(eq(ticketReviewStats.ticketId, ticketId));
  return row ?? { count: 0, sum: 0 };
}

/**
 * A page of a ticket's shown reviews: those in the reader's language first, then the others,
 * each newest first. Each run is read newest first from an index range, no further than the
 * page's end (ADR 051): a ticket with 50,000 reviews is read as fast as one with 50.
 */
export async function findShownReviews(
  db: Db,
  ticketId: number,
  language: Language,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  const upTo = page.offset + page.limit;
  const run = (inLanguage: boolean) =>
    db
      .select()
      .from(ticketReviews)
      .where(
        and(
          eq(ticketReviews.ticketId, ticketId),
          isNull(ticketReviews.hiddenAt),
          inLanguage ? eq(ticketReviews.language, language) : ne(ticketReviews.language, language),
        ),
      )
      .orderBy(desc(ticketReviews.createdAt), desc(ticketReviews.id))
      .limit(upTo);
  const first = await run(true);
  const rest = first.length >= upTo ? [] : await run(false);
  return [...first, ...rest].slice(page.offset, upTo);
}

export async function findMemberReviews(db: Db, userId: number) {
  return db
    .select({ review: ticketReviews, code: issuedTickets.code })
    .from(ticketReviews)
    .innerJoin(issuedTickets, eq(issuedTickets.id, ticketReviews.issuedTicketId))
    .where(eq(ticketReviews.userId, userId))
    .orderBy(desc(ticketReviews.createdAt));
}

/**
 * The codes of the member's tickets they may review now: active tickets of their paid orders,
 * used or past their last day in their area's time zone, not reviewed yet.
 */
export async function findReviewableCodes(db: Db, userId: number, now: Date): Promise<string[]> {
  const rows = await db
    .select({ code: issuedTickets.code })
    .from(issuedTickets)
    .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
    .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, ['paid', 'issued']),
        eq(issuedTickets.status, 'active'),
        sql`(${issuedTickets.uses} > 0
          or ${issuedTickets.validUntil} < (${now.toISOString()}::timestamptz at time zone ${areas.timeZone})::date)`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(ticketReviews)
            .where(eq(ticketReviews.issuedTicketId, issuedTickets.id)),
        ),
      ),
    )
    .orderBy(desc(issuedTickets.issuedAt))
    .limit(200);
  return rows.map((row) => row.code);
}
