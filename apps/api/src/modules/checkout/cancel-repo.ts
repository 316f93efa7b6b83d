import type { Db } from '@sentiero/db/client';
import { areas, issuedTickets, orderLines, tickets } from '@sentiero/db/schema';
import { asc, eq } from 'drizzle-orm';

/**
 * An order's guests as a buyer's cancellation reads them (ADR 045): each one's first day, list
 * price, its ticket's uses and state, and the area's time zone the rule counts days in. The
 * ticket's current rule is only for an order written before orders kept theirs.
 */
export function findGuestsToCancel(db: Db, orderId: number) {
  return db
    .select({
      id: orderLines.id,
      name: orderLines.guestName,
      firstDay: orderLines.startDate,
      lastDay: orderLines.endDate,
      ticketId: orderLines.ticketId,
      unitPriceCents: orderLines.unitPriceCents,
      uses: issuedTickets.uses,
      ticketStatus: issuedTickets.status,
      timeZone: areas.timeZone,
      ticketRule: tickets.cancellationRule,
    })
    .from(orderLines)
    .innerJoin(tickets, eq(tickets.id, orderLines.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .leftJoin(issuedTickets, eq(issuedTickets.orderLineId, orderLines.id))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}
