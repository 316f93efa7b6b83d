import type { ListScope } from '@sentiero/contract/access';
import type { Db } from '@sentiero/db/client';
import { areas, issuedTickets, orderLines, orders, tickets, users } from '@sentiero/db/schema';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';

/*
 * The console's order queries. Every one takes the staff member's list scope and applies it in
 * the query itself (ADR 033): an order is an operator's when one of its guests is on a ticket of
 * the operator's areas; a forgotten scope fails the tests, it cannot widen an answer.
 */

export type OrderSearch = {
  orderCode?: string;
  ticketCode?: string;
  buyerEmail?: string;
  buyerName?: string;
  guestName?: string;
  fiscalCode?: string;
  fishingCard?: string;
  areaId?: number;
  ticketId?: number;
  day?: string;
  state?: string;
};

/** Guests (order lines) of the outer order, joined to their ticket's area. */
function linesOfOrder(db: Db, where: SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(orderLines)
    .innerJoin(tickets, eq(tickets.id, orderLines.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(and(eq(orderLines.orderId, orders.id), where));
}

/** Where the scope lets the staff member see an area's things: everything, their operators, their areas. */
export function areaInScope(scope: ListScope): SQL | undefined {
  if (scope.everywhere) return undefined;
  const allowed = [
    scope.operatorIds.length > 0 ? inArray(areas.operatorId, [...scope.operatorIds]) : undefined,
    scope.areaIds.length > 0 ? inArray(areas.id, [...scope.areaIds]) : undefined,
  ].filter((condition) => condition !== undefined);
  // No grant for the permission: the empty filter, which matches nothing.
  return allowed.length > 0 ? or(...allowed) : sql`false`;
}

export function orderInScope(db: Db, scope: ListScope): SQL | undefined {
  return scope.everywhere ? undefined : exists(linesOfOrder(db, areaInScope(scope)));
}

export function searchConditions(db: Db, search: OrderSearch): (SQL | undefined)[] {
  const line = (where: SQL | undefined) => exists(linesOfOrder(db, where));
  return [
    search.orderCode ? eq(orders.code, search.orderCode.toUpperCase()) : undefined,
    search.ticketCode
      ? exists(
          db
            .select({ one: sql`1` })
            .from(issuedTickets)
            .where(
              and(
                eq(issuedTickets.orderId, orders.id),
                eq(issuedTickets.code, search.ticketCode.toUpperCase().replaceAll('-', '')),
              ),
            ),
        )
      : undefined,
    search.buyerEmail ? eq(users.email, search.buyerEmail.toLowerCase()) : undefined,
    search.buyerName
      ? sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${likePattern(search.buyerName)}`
      : undefined,
    search.guestName ? line(ilike(orderLines.guestName, likePattern(search.guestName))) : undefined,
    search.fiscalCode ? line(eq(orderLines.fiscalCode, search.fiscalCode.toUpperCase())) : undefined,
    // Cards are typed as printed: spaces and case differ, the number does not.
    search.fishingCard
      ? line(
          sql`upper(replace(${orderLines.fishingCardNumber}, ' ', '')) = ${normalizeCardNumber(search.fishingCard)}`,
        )
      : undefined,
    search.areaId ? line(eq(tickets.areaId, search.areaId)) : undefined,
    search.ticketId ? line(eq(orderLines.ticketId, search.ticketId)) : undefined,
    search.day
      ? line(and(lte(orderLines.startDate, search.day), gte(orderLines.endDate, search.day)))
      : undefined,
    search.state ? eq(orders.status, search.state as (typeof orders.$inferSelect)['status']) : undefined,
  ];
}

export function normalizeCardNumber(text: string): string {
  return text.toUpperCase().replaceAll(' ', '');
}

/** A name's words anywhere in the text; `%` and `_` typed by staff are taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export type OrderSummaryRow = Awaited<ReturnType<typeof findOrderPage>>['rows'][number];

/** One page of the orders the scope shows that match the search, newest first, and how many match. */
export async function findOrderPage(
  db: Db,
  scope: ListScope,
  search: OrderSearch,
  page: { limit: number; offset: number },
) {
  const where = and(orderInScope(db, scope), ...searchConditions(db, search));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        code: orders.code,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        buyerFirstName: users.firstName,
        buyerLastName: users.lastName,
        buyerEmail: users.email,
        guests: sql<number>`(select count(*)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The order, if the scope shows it, with the operator and area of its first guest the scope
 * covers: what the service asks the access rule about, and whose name the audit line carries.
 */
export async function findOrderInScope(db: Db, scope: ListScope, code: string) {
  const [row] = await db
    .select({
      order: orders,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
      buyerEmail: users.email,
      operatorId: areas.operatorId,
      areaId: areas.id,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(tickets, eq(tickets.id, orderLines.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(and(eq(orders.code, code.toUpperCase()), areaInScope(scope)))
    .orderBy(asc(orderLines.id))
    .limit(1);
  return row;
}
