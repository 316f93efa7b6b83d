import type { Transaction } from '@sentiero/db/client';
import { issuedTickets, orderLines, ticketDayPlaces, ticketMoves } from '@sentiero/db/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';

/**
 * The guests' tickets, locked until the move commits: a ranger's redeem of one of them waits,
 * and a use recorded before is seen (ADR 049).
 */
export async function lockGuestTickets(tx: Transaction, orderLineIds: number[]) {
  return tx
    .select({
      id: issuedTickets.id,
      orderLineId: issuedTickets.orderLineId,
      code: issuedTickets.code,
      uses: issuedTickets.uses,
      status: issuedTickets.status,
      validFrom: issuedTickets.validFrom,
      validUntil: issuedTickets.validUntil,
    })
    .from(issuedTickets)
    .where(inArray(issuedTickets.orderLineId, orderLineIds))
    .orderBy(asc(issuedTickets.id))
    .for('update');
}

/**
 * Locks a ticket's day rows in ascending order before places are given back and taken: two moves
 * in opposite directions (Saturday to Sunday and Sunday to Saturday) then wait for each other
 * instead of deadlocking.
 */
export async function lockDayPlaces(tx: Transaction, ticketId: number, days: string[]) {
  if (days.length === 0) return;
  await tx
    .select({ day: ticketDayPlaces.day })
    .from(ticketDayPlaces)
    .where(and(eq(ticketDayPlaces.ticketId, ticketId), inArray(ticketDayPlaces.day, days)))
    .orderBy(asc(ticketDayPlaces.day))
    .for('update');
}

export async function moveOrderLine(tx: Transaction, id: number, startDate: string, endDate: string) {
  await tx.update(orderLines).set({ startDate, endDate }).where(eq(orderLines.id, id));
}

/** The guest's ticket gets its new code, QR and dates in place: one ticket per guest stays one row. */
export async function reissueTicket(
  tx: Transaction,
  id: number,
  ticket: {
    code: string;
    signedCode: string;
    qrCode: string;
    validFrom: string;
    validUntil: string;
    issuedAt: Date;
  },
) {
  await tx.update(issuedTickets).set(ticket).where(eq(issuedTickets.id, id));
}

export async function recordTicketMoves(tx: Transaction, moves: (typeof ticketMoves.$inferInsert)[]) {
  if (moves.length > 0) await tx.insert(ticketMoves).values(moves);
}
