import type { Db, Transaction } from '@sentiero/db/client';
import { preparedSql } from '@sentiero/db/prepared';
import { tickets } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';

/** Places wanted per day, days ascending: every buyer locks the days in the same order, so two cannot deadlock. */
export type PlacesNeeded = { days: string[]; counts: number[] };

/** Days and counts travel as array literals: plain dates and integers, nothing to escape. */
const dateArray = (days: string[]) => `{${days.join(',')}}`;
const intArray = (counts: number[]) => `{${counts.join(',')}}`;

/**
 * The call that takes the places (migration 0007, `take_ticket_places`): true when all are
 * taken, false (and none taken) when a day has too few left. Its values, by name, come from
 * `takePlacesValues`, so a statement holding it can be prepared.
 */
export const takePlacesCall = sql<boolean>`take_ticket_places(${sql.placeholder('ticketId')}::integer,
  ${sql.placeholder('days')}::date[], ${sql.placeholder('counts')}::integer[], ${sql.placeholder('capacity')}::integer)`;

export function takePlacesValues(ticketId: number, needed: PlacesNeeded, capacity: number) {
  return { ticketId, days: dateArray(needed.days), counts: intArray(needed.counts), capacity };
}

/** Takes the places of one ticket on its own: true when all were taken, false (none taken) otherwise. */
export async function takeTicketPlaces(
  db: Db | Transaction,
  ticketId: number,
  needed: PlacesNeeded,
  capacity: number,
): Promise<boolean> {
  const take = preparedSql<{ taken: boolean }>(
    db,
    'places_take',
    () => sql`select ${takePlacesCall} as taken`,
  );
  const [row] = await take.execute(takePlacesValues(ticketId, needed, capacity));
  return row?.taken === true;
}

/** Gives places of one ticket back, never below none taken. */
export async function releaseTicketPlaces(db: Db | Transaction, ticketId: number, given: PlacesNeeded) {
  const release = preparedSql(
    db,
    'places_release',
    () => sql`update ticket_day_places as places set taken = greatest(places.taken - given.count, 0)
        from unnest(${sql.placeholder('days')}::date[], ${sql.placeholder('counts')}::integer[]) as given(day, count)
        where places.ticket_id = ${sql.placeholder('ticketId')}::integer and places.day = given.day`,
  );
  await release.execute({ ticketId, days: dateArray(given.days), counts: intArray(given.counts) });
}

/** A ticket's places per day, or null when it sells without a limit. */
export async function findTicketCapacity(db: Db | Transaction, ticketId: number): Promise<number | null> {
  const [row] = await db
    .select({ capacity: tickets.dailyCapacity })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row?.capacity ?? null;
}
