import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  areas,
  issuedTickets,
  orders,
  reviewRequestOptOuts,
  ticketRedemptions,
  ticketReviewRequests,
  ticketReviews,
  tickets,
  users,
} from '@sentiero/db/schema';
import { and, asc, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';

/** How long after the activity a request may still go out: a job that was away for days catches up, no further. */
const CATCH_UP_DAYS = 7;
const catchUp = sql.raw(String(CATCH_UP_DAYS));

/**
 * Tickets whose buyer is due a review request: active tickets of paid orders whose activity was
 * yesterday or a few days before (the last valid day is over, or the first use was on an earlier
 * day), in the area's time zone; never asked about, never reviewed; the buyer still has an
 * account and did not turn the requests off. Read with the buyer's language for the mail.
 */
export async function findDueReviewRequests(db: Db, now: Date, limit: number) {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${areas.timeZone})::date`;
  const firstUse = db
    .select({ one: sql`1` })
    .from(ticketRedemptions)
    .where(
      and(
        eq(ticketRedemptions.issuedTicketId, issuedTickets.id),
        sql`(${ticketRedemptions.redeemedAt} at time zone ${areas.timeZone})::date
          between ${today} - ${catchUp} and ${today} - 1`,
      ),
    );
  return db
    .select({
      issuedTicketId: issuedTickets.id,
      code: issuedTickets.code,
      orderId: issuedTickets.orderId,
      userId: orders.userId,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      title: localized(tickets.title, users.language),
      area: localized(areas.name, users.language),
    })
    .from(issuedTickets)
    .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(
      and(
        inArray(orders.status, ['paid', 'issued']),
        eq(issuedTickets.status, 'active'),
        isNull(users.deletedAt),
        isNotNull(users.email),
        sql`(${issuedTickets.validUntil} between ${today} - ${catchUp} and ${today} - 1
          or (${issuedTickets.uses} > 0 and exists (${firstUse})))`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(ticketReviewRequests)
            .where(eq(ticketReviewRequests.issuedTicketId, issuedTickets.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(ticketReviews)
            .where(eq(ticketReviews.issuedTicketId, issuedTickets.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(reviewRequestOptOuts)
            .where(eq(reviewRequestOptOuts.userId, orders.userId)),
        ),
      ),
    )
    .orderBy(asc(issuedTickets.orderId), asc(issuedTickets.id))
    .limit(limit);
}

/**
 * Claims the tickets for a request, before its mail is queued: the primary key lets one claim of
 * a ticket through, whichever process or run comes first; the claimed ones are returned.
 */
export async function claimReviewRequests(
  db: Db,
  rows: { issuedTicketId: number; userId: number; token: string }[],
  now: Date,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const claimed = await db
    .insert(ticketReviewRequests)
    .values(rows.map((row) => ({ ...row, sentAt: now })))
    .onConflictDoNothing()
    .returning({ issuedTicketId: ticketReviewRequests.issuedTicketId });
  return claimed.map((row) => row.issuedTicketId);
}

/** Turns the requests off for the member a request's link was sent to; false for a link of nobody. */
export async function optOutByToken(db: Db, token: string, now: Date): Promise<boolean> {
  const [request] = await db
    .select({ userId: ticketReviewRequests.userId })
    .from(ticketReviewRequests)
    .where(eq(ticketReviewRequests.token, token));
  if (!request) return false;
  await db
    .insert(reviewRequestOptOuts)
    .values({ userId: request.userId, optedOutAt: now })
    .onConflictDoNothing();
  return true;
}
