import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  areas,
  issuedTickets,
  orderLines,
  orders,
  ticketRedemptions,
  tickets,
  users,
} from '@sentiero/db/schema';
import { and, asc, count, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { areaInScope } from '../../platform/scope-repo.ts';

export type ManifestFilter = { day: string; ticketId?: number | undefined; areaId?: number | undefined };

/**
 * A guest holds a place on the day when their dates cover it, their order was paid or is to be
 * paid on site (checkout issues pay-on-site orders at once), and their ticket was not cancelled by
 * a refund. The scope is the staff member's, in the query (ADR 033).
 */
function holdsPlace(scope: ListScope, filter: ManifestFilter): SQL | undefined {
  return and(
    areaInScope(scope),
    lte(orderLines.startDate, filter.day),
    gte(orderLines.endDate, filter.day),
    filter.ticketId ? eq(orderLines.ticketId, filter.ticketId) : undefined,
    filter.areaId ? eq(tickets.areaId, filter.areaId) : undefined,
    inArray(orders.status, ['paid', 'issued']),
    or(sql`${issuedTickets.id} is null`, eq(issuedTickets.status, 'active')),
  );
}

/** Checked in: the ticket was used on that day, by the area's own calendar. */
function checkedInOn(day: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${ticketRedemptions} where ${ticketRedemptions.issuedTicketId} = ${issuedTickets.id} and (${ticketRedemptions.redeemedAt} at time zone ${areas.timeZone})::date = ${day}::date)`;
}

const payOnSite = sql<boolean>`(${orders.paymentMethod} = 'cash' and ${orders.paidAt} is null)`;

/** One page of the day's guests, by name, and how many there are in each state. */
export async function findManifestPage(
  db: Db,
  scope: ListScope,
  filter: ManifestFilter,
  language: Language,
  page: { limit: number; offset: number },
) {
  const where = holdsPlace(scope, filter);
  const checkedIn = checkedInOn(filter.day);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        lineId: orderLines.id,
        guestName: orderLines.guestName,
        orderCode: orders.code,
        ticketCode: issuedTickets.code,
        ticketTitle: localized(tickets.title, language),
        areaName: localized(areas.name, language),
        checkedIn,
        payOnSite,
        buyerFirstName: users.firstName,
        buyerLastName: users.lastName,
        buyerEmail: users.email,
        buyerPhone: users.phone,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(tickets, eq(tickets.id, orderLines.ticketId))
      .innerJoin(areas, eq(areas.id, tickets.areaId))
      .leftJoin(issuedTickets, eq(issuedTickets.orderLineId, orderLines.id))
      .where(where)
      .orderBy(asc(sql`lower(${orderLines.guestName})`), asc(orderLines.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: count(),
        checkedIn: sql<number>`count(*) filter (where ${checkedIn})::int`,
        payOnSite: sql<number>`count(*) filter (where not ${checkedIn} and ${payOnSite})::int`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(tickets, eq(tickets.id, orderLines.ticketId))
      .innerJoin(areas, eq(areas.id, tickets.areaId))
      .leftJoin(issuedTickets, eq(issuedTickets.orderLineId, orderLines.id))
      .where(where),
  ]);
  return {
    rows,
    total: counted?.total ?? 0,
    checkedIn: counted?.checkedIn ?? 0,
    payOnSite: counted?.payOnSite ?? 0,
  };
}

/** The areas in the scope, by name, and their tickets: what staff choose a search or a manifest by. */
export async function findAreasWithTickets(db: Db, scope: ListScope, language: Language) {
  const rows = await db
    .select({
      areaId: areas.id,
      areaName: localized(areas.name, language),
      ticketId: tickets.id,
      ticketTitle: localized(tickets.title, language),
    })
    .from(areas)
    .leftJoin(tickets, eq(tickets.areaId, areas.id))
    .where(areaInScope(scope))
    .orderBy(asc(localized(areas.name, language)), asc(areas.id), asc(localized(tickets.title, language)))
    // Sentiero's whole catalogue is a few hundred tickets; an operator's a few dozen.
    .limit(2000);
  const byArea = new Map<number, { id: number; name: string; tickets: { id: number; title: string }[] }>();
  for (const row of rows) {
    const area = byArea.get(row.areaId) ?? { id: row.areaId, name: row.areaName, tickets: [] };
    byArea.set(row.areaId, area);
    if (row.ticketId !== null && row.ticketTitle !== null)
      area.tickets.push({ id: row.ticketId, title: row.ticketTitle });
  }
  return [...byArea.values()];
}
