import type { Transaction } from '@sentiero/db/client';
import {
  areas,
  type ChainBreakKind,
  issuedTickets,
  rangerChainBreaks,
  ticketRedemptions,
  tickets,
  ticketUseConflicts,
} from '@sentiero/db/schema';
import { and, desc, eq, ne, sql } from 'drizzle-orm';

export async function findTicketForUse(tx: Transaction, code: string) {
  const [row] = await tx
    .select({ id: issuedTickets.id, areaId: tickets.areaId, operatorId: areas.operatorId })
    .from(issuedTickets)
    .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(eq(issuedTickets.code, code.toUpperCase()));
  return row;
}

/** The use, once: null when the device already sent this client id (a retry). */
export async function insertFieldUse(
  tx: Transaction,
  values: Omit<typeof ticketRedemptions.$inferInsert, 'id'>,
): Promise<number | null> {
  const [row] = await tx
    .insert(ticketRedemptions)
    .values(values)
    .onConflictDoNothing({
      target: [ticketRedemptions.deviceId, ticketRedemptions.clientId],
      where: sql`client_id is not null`,
    })
    .returning({ id: ticketRedemptions.id });
  return row?.id ?? null;
}

/**
 * Counts a use that happened, whatever the maximum (two rangers offline both took the last one):
 * the row's lock orders two devices' syncs, so exactly one of them sees the count past it.
 */
export async function countUse(tx: Transaction, ticketId: number) {
  const [row] = await tx
    .update(issuedTickets)
    .set({ uses: sql`${issuedTickets.uses} + 1` })
    .where(eq(issuedTickets.id, ticketId))
    .returning({ uses: issuedTickets.uses, maxUsage: issuedTickets.maxUsage });
  if (!row) throw new Error('the ticket of a use disappeared');
  return row;
}

/** The use just before this one of the same ticket: the one it collided with. */
export async function findPreviousUse(tx: Transaction, ticketId: number, redemptionId: number) {
  const [row] = await tx
    .select({ id: ticketRedemptions.id, deviceId: ticketRedemptions.deviceId })
    .from(ticketRedemptions)
    .where(and(eq(ticketRedemptions.issuedTicketId, ticketId), ne(ticketRedemptions.id, redemptionId)))
    .orderBy(desc(ticketRedemptions.redeemedAt), desc(ticketRedemptions.id))
    .limit(1);
  return row;
}

export async function insertConflict(
  tx: Transaction,
  values: Omit<typeof ticketUseConflicts.$inferInsert, 'id'>,
) {
  await tx.insert(ticketUseConflicts).values(values).onConflictDoNothing();
}

export async function insertChainBreak(
  tx: Transaction,
  values: { deviceId: number; seq: number; kind: ChainBreakKind; clientId: string; detectedAt: Date },
) {
  await tx.insert(rangerChainBreaks).values(values);
}
