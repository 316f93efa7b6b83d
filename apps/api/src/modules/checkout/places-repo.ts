import { type Db, executeRows, type Transaction } from '@sentiero/db/client';
import { tickets } from '@sentiero/db/schema';
import { eq, type SQL, sql } from 'drizzle-orm';

/** Places wanted per day, days ascending: every buyer locks the days in the same order, so two cannot deadlock. */
export type PlacesNeeded = { days: string[]; counts: number[] };

/** Days and counts travel as array literals: plain dates and integers, nothing to escape. */
const dateArray = (days: string[]) => `{${days.join(',')}}`;
const intArray = (counts: number[]) => `{${counts.join(',')}}`;

/**
 * The call that takes the places (migration 0007, `take_ticket_places`): true when all are
 * taken, false (and none taken) when a day has too few left.
 */
export function takePlacesCall(ticketId: number, needed: PlacesNeeded, capacity: number): SQL<boolean> {
  return sql<boolean>`take_ticket_places(${ticketId}, ${dateArray(needed.days)}::date[], ${intArray(needed.counts)}::int[], ${capacity})`;
}

/** Takes the places of one ticket on its own: true when all were taken, false (none taken) otherwise. */
export async function takeTicketPlaces(
  db: Db | Transaction,
  ticketId: number,
  needed: PlacesNeeded,
  capacity: number,
): Promise<boolean> {
  const [row] = await executeRows<{ taken: boolean }>(
    db as Db,
    sql`select ${takePlacesCall(ticketId, needed, capacity)} as taken`,
  );
  return row?.taken === true;
}

/** Gives places of one ticket back, never below none taken. */
export async function releaseTicketPlaces(db: Db | Transaction, ticketId: number, given: PlacesNeeded) {
  await db.execute(
    sql`update ticket_day_places as places set taken = greatest(places.taken - given.count, 0)
        from unnest(${dateArray(given.days)}::date[], ${intArray(given.counts)}::int[]) as given(day, count)
        where places.ticket_id = ${ticketId} and places.day = given.day`,
  );
}

/** A ticket's places per day, or null when it sells without a limit. */
export async function findTicketCapacity(db: Db | Transaction, ticketId: number): Promise<number | null> {
  const [row] = await db
    .select({ capacity: tickets.dailyCapacity })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row?.capacity ?? null;
}
