import { addCalendarDays } from '@sentiero/contract/durations';
import type { Db, Transaction } from '@sentiero/db/client';
import { type PlacesNeeded, releaseTicketPlaces, takeTicketPlaces } from './places-repo.ts';

/** Every calendar day from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}

/** What a set of guests' date ranges takes: one place per guest on each day of their range, days ascending. */
export function placesNeeded(ranges: { startDate: string; endDate: string }[]): PlacesNeeded {
  const perDay = new Map<string, number>();
  for (const range of ranges) {
    for (const day of daysBetween(range.startDate, range.endDate))
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const days = [...perDay.keys()].sort();
  return { days, counts: days.map((day) => perDay.get(day) ?? 0) };
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
  return takeTicketPlaces(tx, ticketId, needed, capacity);
}

/** Gives back the places of a failed, expired or refunded order's lines, in one statement. */
export async function releasePlaces(
  tx: Db | Transaction,
  lines: { ticketId: number; startDate: string; endDate: string }[],
) {
  const byTicket = new Map<number, { startDate: string; endDate: string }[]>();
  for (const line of lines) byTicket.set(line.ticketId, [...(byTicket.get(line.ticketId) ?? []), line]);
  for (const [ticketId, ranges] of byTicket) await releaseTicketPlaces(tx, ticketId, placesNeeded(ranges));
}
