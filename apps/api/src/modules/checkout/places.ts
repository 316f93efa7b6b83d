import { addCalendarDays } from '@sentiero/contract/durations';
import { type Db, executeRows, type Transaction } from '@sentiero/db/client';
import { type SQL, sql } from 'drizzle-orm';

/** Every calendar day from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}

/** Places wanted per day, days ascending: every buyer locks the days in the same order, so two cannot deadlock. */
export type PlacesNeeded = { days: string[]; counts: number[] };

/** What a set of guests' date ranges takes: one place per guest on each day of their range. */
export function placesNeeded(ranges: { startDate: string; endDate: string }[]): PlacesNeeded {
  const perDay = new Map<string, number>();
  for (const range of ranges) {
    for (const day of daysBetween(range.startDate, range.endDate))
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const days = [...perDay.keys()].sort();
  return { days, counts: days.map((day) => perDay.get(day) ?? 0) };
}

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

/**
 * Takes `count` places of a ticket on each of `days`, or none at all: false when a day has
 * fewer than `count` left.
 */
export async function takePlaces(
  tx: Db | Transaction,
  ticketId: number,
  days: string[],
  count: number,
  capacity: number,
): Promise<boolean> {
  const needed = placesNeeded(days.map((day) => ({ startDate: day, endDate: day })));
  needed.counts = needed.counts.map((times) => times * count);
  const [row] = await executeRows<{ taken: boolean }>(
    tx as Db,
    sql`select ${takePlacesCall(ticketId, needed, capacity)} as taken`,
  );
  return row?.taken === true;
}

/** Gives back the places of a failed, expired or refunded order's lines, in one statement. */
export async function releasePlaces(
  tx: Db | Transaction,
  lines: { ticketId: number; startDate: string; endDate: string }[],
) {
  const byTicket = new Map<number, { startDate: string; endDate: string }[]>();
  for (const line of lines) byTicket.set(line.ticketId, [...(byTicket.get(line.ticketId) ?? []), line]);
  for (const [ticketId, ranges] of byTicket) {
    const needed = placesNeeded(ranges);
    await tx.execute(
      sql`update ticket_day_places as places set taken = greatest(places.taken - given.count, 0)
          from unnest(${dateArray(needed.days)}::date[], ${intArray(needed.counts)}::int[]) as given(day, count)
          where places.ticket_id = ${ticketId} and places.day = given.day`,
    );
  }
}
