import { addCalendarDays } from '@sentiero/contract/durations';
import type { Db, Transaction } from '@sentiero/db/client';
import { executeRows } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';

/** Every calendar day from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}

/**
 * Takes `count` places of a ticket on each of `days`, or none at all: false when a day has
 * fewer than `count` left. Must run inside the order's transaction, so a refusal on a later day
 * rolls back the places taken on the earlier ones.
 *
 * One conditional UPDATE per day: the row lock makes concurrent buyers of the same day wait for
 * each other, and under read committed PostgreSQL evaluates `taken + count <= capacity` again on
 * the row version it waited for, so the capacity holds however many buy at once.
 */
export async function takePlaces(
  tx: Db | Transaction,
  ticketId: number,
  days: string[],
  count: number,
  capacity: number,
): Promise<boolean> {
  for (const day of days) {
    await tx.execute(
      sql`insert into ticket_day_places (ticket_id, day, taken) values (${ticketId}, ${day}, 0)
          on conflict do nothing`,
    );
    const taken = await executeRows<{ taken: number }>(
      tx as Db,
      sql`update ticket_day_places set taken = taken + ${count}
          where ticket_id = ${ticketId} and day = ${day} and taken + ${count} <= ${capacity}
          returning taken`,
    );
    if (taken.length === 0) return false;
  }
  return true;
}

/** Gives back places of a failed, expired or refunded order. */
export async function releasePlaces(tx: Db | Transaction, ticketId: number, days: string[], count: number) {
  for (const day of days) {
    await tx.execute(
      sql`update ticket_day_places set taken = greatest(taken - ${count}, 0)
          where ticket_id = ${ticketId} and day = ${day}`,
    );
  }
}
