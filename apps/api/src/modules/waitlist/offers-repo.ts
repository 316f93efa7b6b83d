import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { type WaitlistEntryState, waitlistEntries, waitlistOffers } from '@sentiero/db/schema';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { insertJobsSql } from '../../platform/job-rows.ts';

/** The places a waiting list's offers take and give back, the offers themselves and their jobs (ADR 050). */

type Executor = Db | Transaction;

/** Rows of a raw query on the database or in a transaction (both answer `rows`). */
async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export const WAITLIST_OFFER_QUEUE = 'waitlist-offer';
export const WAITLIST_TELL_QUEUE = 'waitlist-tell';
export const WAITLIST_LAPSE_QUEUE = 'waitlist-lapse';

/** Places of a ticket's day: its capacity that day (the operator's override first), taken, closed. */
export type DayPlaces = {
  capacity: number | null;
  taken: number;
  closed: boolean;
  published: boolean;
  /** When the activity's day begins in its area's time zone. */
  dayStartsAt: Date;
};

export async function findDayPlaces(
  db: Executor,
  ticketId: number,
  day: string,
): Promise<DayPlaces | undefined> {
  const [row] = await rowsOf<{
    capacity: number | null;
    taken: number;
    closed: boolean;
    published: boolean;
    day_starts_at: string | Date;
  }>(
    db,
    sql`select coalesce(o.capacity, t.daily_capacity) as capacity,
          coalesce(p.taken, 0)::int as taken,
          coalesce(o.closed, false) as closed,
          t.status = 'published' as published,
          (${day}::date::timestamp at time zone a.time_zone) as day_starts_at
        from tickets t
        join areas a on a.id = t.area_id
        left join ticket_day_overrides o on o.ticket_id = t.id and o.day = ${day}::date
        left join ticket_day_places p on p.ticket_id = t.id and p.day = ${day}::date
        where t.id = ${ticketId}`,
  );
  if (!row) return undefined;
  return {
    capacity: row.capacity,
    taken: row.taken,
    closed: row.closed,
    published: row.published,
    dayStartsAt: new Date(row.day_starts_at),
  };
}

/** One offer run per ticket at a time, across processes: the second waits and finds the places taken. */
export async function lockTicketWaitlist(tx: Transaction, ticketId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(7302115, ${ticketId})`);
}

export type WaitingEntry = { id: number; userId: number; partySize: number; cancelledOwnPlaces: boolean };

/**
 * The day's queue of those still waiting, first joined first, and whether each member cancelled
 * places of this ticket on this day themselves (those are never offered to them, ADR 050).
 */
export async function findWaitingEntries(
  tx: Transaction,
  ticketId: number,
  day: string,
): Promise<WaitingEntry[]> {
  const rows = await rowsOf<{ id: number; user_id: number; party_size: number; cancelled_own: boolean }>(
    tx,
    sql`select e.id, e.user_id, e.party_size,
          exists (select 1 from issued_tickets it join orders o on o.id = it.order_id
            where o.user_id = e.user_id and it.ticket_id = e.ticket_id and it.status = 'cancelled'
              and e.day between it.valid_from and it.valid_until) as cancelled_own
        from waitlist_entries e
        where e.ticket_id = ${ticketId} and e.day = ${day}::date and e.state = 'waiting'
        order by e.created_at, e.id
        for update of e`,
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    partySize: row.party_size,
    cancelledOwnPlaces: row.cancelled_own,
  }));
}

/** Takes `count` places of one day for an offer: false (none taken) when they are no longer free. */
export async function takeDayPlaces(
  tx: Transaction,
  ticketId: number,
  day: string,
  count: number,
  capacity: number,
): Promise<boolean> {
  const [row] = await rowsOf<{ taken: boolean }>(
    tx,
    sql`select take_ticket_places(${ticketId}::integer, ${`{${day}}`}::date[], ${`{${count}}`}::integer[], ${capacity}::integer) as taken`,
  );
  return row?.taken === true;
}

/**
 * Gives an offer's places back to the day. The `ticket_day_places_freed` trigger (migration 0041)
 * then queues the day's next offer run in the same transaction.
 */
export async function releaseDayPlaces(tx: Transaction, ticketId: number, day: string, count: number) {
  await tx.execute(
    sql`update ticket_day_places set taken = greatest(taken - ${count}, 0)
        where ticket_id = ${ticketId} and day = ${day}::date`,
  );
}

/**
 * Writes an offer, marks its entry offered and queues, in the same transaction, the mail and push
 * that tell the member and the run that ends the hold when it lapses.
 */
export async function insertOffer(
  tx: Transaction,
  offer: {
    entryId: number;
    ticketId: number;
    day: string;
    userId: number;
    places: number;
    token: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(waitlistOffers)
    .values({
      entryId: offer.entryId,
      ticketId: offer.ticketId,
      day: offer.day,
      userId: offer.userId,
      places: offer.places,
      token: offer.token,
      expiresAt: offer.expiresAt,
      createdAt: offer.now,
    })
    .returning({ id: waitlistOffers.id });
  if (!row) throw new Error('the offer was not written');
  await tx
    .update(waitlistEntries)
    .set({ state: 'offered', updatedAt: offer.now })
    .where(eq(waitlistEntries.id, offer.entryId));
  const data = sql`select jsonb_build_object('offerId', ${row.id}::int)`;
  await tx.execute(insertJobsSql(WAITLIST_TELL_QUEUE, data));
  await tx.execute(insertJobsSql(WAITLIST_LAPSE_QUEUE, data, { startAfter: offer.expiresAt }));
  return row.id;
}

export type OfferRow = typeof waitlistOffers.$inferSelect;

/** An offer, locked until the transaction ends: deciding it twice at once decides it once. */
export async function lockOffer(
  tx: Transaction,
  where: { id: number } | { token: string; userId: number },
): Promise<OfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(waitlistOffers)
    .where(
      'id' in where
        ? eq(waitlistOffers.id, where.id)
        : and(eq(waitlistOffers.token, where.token), eq(waitlistOffers.userId, where.userId)),
    )
    .for('update');
  return row;
}

/** The member's open offer for an entry, locked (leaving the list gives its places back). */
export async function lockOpenOfferOfEntry(tx: Transaction, entryId: number): Promise<OfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.state, 'open')))
    .for('update');
  return row;
}

/** Closes an open offer and its entry (`declined`, `lapsed`, or `accepted` into an order). */
export async function closeOffer(
  tx: Transaction,
  offer: OfferRow,
  outcome: { offer: 'declined' | 'lapsed' | 'accepted'; entry: WaitlistEntryState; orderId?: number },
  now: Date,
) {
  await tx
    .update(waitlistOffers)
    .set({ state: outcome.offer, decidedAt: now, orderId: outcome.orderId ?? null })
    .where(eq(waitlistOffers.id, offer.id));
  await tx
    .update(waitlistEntries)
    .set({ state: outcome.entry, updatedAt: now })
    .where(eq(waitlistEntries.id, offer.entryId));
}

/** Every open offer of a member, locked (an account being erased gives them all back). */
export async function lockOpenOffersOfMember(tx: Transaction, userId: number): Promise<OfferRow[]> {
  return tx
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.userId, userId), eq(waitlistOffers.state, 'open')))
    .for('update');
}

/** What the tell job needs, claimed once: false-y when the offer was told already or is no longer open. */
export async function claimOfferToTell(db: Db, offerId: number, now: Date) {
  const [row] = await rowsOf<{
    id: number;
    user_id: number;
    ticket_id: number;
    day: string | Date;
    places: number;
    token: string;
    expires_at: string | Date;
    email: string | null;
    first_name: string;
    language: Language;
    time_zone: string;
    title: Record<string, string>;
  }>(
    db,
    sql`update waitlist_offers w set told_at = ${now.toISOString()}::timestamptz
        from users u, tickets t, areas a
        where w.id = ${offerId} and w.told_at is null and w.state = 'open'
          and u.id = w.user_id and t.id = w.ticket_id and a.id = t.area_id
        returning w.id, w.user_id, w.ticket_id, to_char(w.day, 'YYYY-MM-DD') as day, w.places, w.token,
          w.expires_at, u.email, u.first_name, u.language, a.time_zone, t.title`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    ticketId: row.ticket_id,
    day: String(row.day),
    places: row.places,
    token: row.token,
    expiresAt: new Date(row.expires_at),
    email: row.email,
    firstName: row.first_name,
    language: row.language,
    timeZone: row.time_zone,
    title: row.title,
  };
}

/** A send failed: the offer is told again by the retried job. */
export async function unclaimOfferToTell(db: Db, offerId: number) {
  await db.update(waitlistOffers).set({ toldAt: null }).where(eq(waitlistOffers.id, offerId));
}
