import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  areas,
  auditLog,
  issuedTickets,
  orderLines,
  refundLines,
  refunds,
  staffAccounts,
  ticketRedemptions,
  tickets,
} from '@sentiero/db/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';

/** What an order's story is read from; the order itself was found in the caller's scope first. */

export async function findGuestsWithTickets(db: Db, orderId: number, language: Language) {
  return db
    .select({
      line: orderLines,
      areaId: tickets.areaId,
      ticketTitle: localized(tickets.title, language),
      areaName: localized(areas.name, language),
      issuedCode: issuedTickets.code,
      issuedStatus: issuedTickets.status,
      uses: issuedTickets.uses,
    })
    .from(orderLines)
    .innerJoin(tickets, eq(tickets.id, orderLines.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .leftJoin(issuedTickets, eq(issuedTickets.orderLineId, orderLines.id))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

export async function findRefundsWithGuests(db: Db, orderId: number) {
  const rows = await db
    .select({ refund: refunds, staffName: staffAccounts.name })
    .from(refunds)
    .leftJoin(staffAccounts, eq(staffAccounts.id, refunds.requestedByStaffId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({ refundId: refundLines.refundId, orderLineId: refundLines.orderLineId })
          .from(refundLines)
          .where(
            inArray(
              refundLines.refundId,
              rows.map((row) => row.refund.id),
            ),
          );
  return rows.map(({ refund, staffName }) => ({
    ...refund,
    staffName,
    guests: lines.filter((line) => line.refundId === refund.id).map((line) => line.orderLineId),
  }));
}

export async function findRedemptions(db: Db, orderId: number) {
  return db
    .select({ at: ticketRedemptions.redeemedAt, code: issuedTickets.code })
    .from(ticketRedemptions)
    .innerJoin(issuedTickets, eq(issuedTickets.id, ticketRedemptions.issuedTicketId))
    .where(eq(issuedTickets.orderId, orderId))
    .orderBy(asc(ticketRedemptions.redeemedAt));
}

/** The audit lines written about the order (target `order`, its code). */
export async function findOrderAuditLines(db: Db, orderCode: string) {
  return db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      staffId: auditLog.staffId,
      staffName: staffAccounts.name,
    })
    .from(auditLog)
    .leftJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
    .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderCode)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}
