import type { Transaction } from '@sentiero/db/client';
import { ticketDayOverrides } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';

/*
 * The operator's per-day overrides of a ticket (issue 23). The storefront's calendar and checkout
 * read them through the tickets module's one rule and `take_ticket_places`; only the console
 * writes them.
 */

export type OverrideRow = typeof ticketDayOverrides.$inferSelect;

export async function findOverrideForUpdate(tx: Transaction, ticketId: number, day: string) {
  const [row] = await tx
    .select()
    .from(ticketDayOverrides)
    .where(and(eq(ticketDayOverrides.ticketId, ticketId), eq(ticketDayOverrides.day, day)))
    .for('update');
  return row;
}

export async function saveOverride(
  tx: Transaction,
  row: Omit<OverrideRow, 'updatedAt'> & { updatedAt: Date },
): Promise<void> {
  const { ticketId, day, ...change } = row;
  await tx
    .insert(ticketDayOverrides)
    .values(row)
    .onConflictDoUpdate({ target: [ticketDayOverrides.ticketId, ticketDayOverrides.day], set: change });
}

export async function deleteOverride(tx: Transaction, ticketId: number, day: string): Promise<void> {
  await tx
    .delete(ticketDayOverrides)
    .where(and(eq(ticketDayOverrides.ticketId, ticketId), eq(ticketDayOverrides.day, day)));
}
