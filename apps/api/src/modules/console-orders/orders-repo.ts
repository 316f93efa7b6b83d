import type { ListScope } from '@sentiero/contract/access';
import type { Db } from '@sentiero/db/client';
import { areas, issuedTickets, orderLines, orders, tickets, users } from '@sentiero/db/schema';
import { and, asc, count, desc, eq, exists, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';

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

/** Guests (order lines) of the outer order that match `where`. */
function lineOfOrder(db: Db, where: SQL) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orders.id), where)),
  );
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

/**
 * The areas the scope covers, or undefined for everywhere. Read before the search, so the search
 * sends them as values: the planner then estimates from the orders' statistics how many orders
 * they hold, and walks the newest orders or starts from the areas' accordingly (ADR 037).
 */
async function areasInScope(db: Db, scope: ListScope): Promise<number[] | undefined> {
  if (scope.everywhere) return undefined;
  const rows = await db.select({ id: areas.id }).from(areas).where(areaInScope(scope));
  return rows.map((row) => row.id);
}

/** `orders.area_ids` holds one of `ids` (kept by the database from the order's guests, ADR 037). */
function inAreas(ids: number[]): SQL {
  return sql`${orders.areaIds} && ${`{${ids.join(',')}}`}::int[]`;
}

/** A guest of the order is valid on `day` (a yearly permit too), through `order_lines_days_idx`. */
function validOn(day: string): SQL {
  return sql`daterange(${orderLines.startDate}, ${orderLines.endDate}, '[]') @> ${day}::date`;
}

/** The orders the scope lets the staff member see, as a condition on `orders.area_ids`. */
export async function orderScopeCondition(db: Db, scope: ListScope): Promise<SQL | undefined> {
  const scopeAreas = await areasInScope(db, scope);
  return scopeAreas ? inAreas(scopeAreas) : undefined;
}

export function searchConditions(db: Db, search: OrderSearch): (SQL | undefined)[] {
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
    search.buyerName ? buyerNameLike(search.buyerName) : undefined,
    search.guestName
      ? lineOfOrder(db, ilike(orderLines.guestName, likePattern(search.guestName)))
      : undefined,
    search.fiscalCode
      ? lineOfOrder(db, eq(orderLines.fiscalCode, search.fiscalCode.toUpperCase()))
      : undefined,
    // Cards are typed as printed: spaces and case differ, the number does not.
    search.fishingCard
      ? lineOfOrder(
          db,
          sql`upper(replace(${orderLines.fishingCardNumber}, ' ', '')) = ${normalizeCardNumber(search.fishingCard)}`,
        )
      : undefined,
    search.areaId ? inAreas([search.areaId]) : undefined,
    ...(search.ticketId
      ? [
          // The ticket's area, checked on the order's index entry first: the guests are read only
          // for the orders of that area (ADR 037).
          sql`${orders.areaIds} @> array[(select ${tickets.areaId} from ${tickets} where ${tickets.id} = ${search.ticketId})]`,
          lineOfOrder(db, eq(orderLines.ticketId, search.ticketId)),
        ]
      : []),
    ...(search.day
      ? [
          // Checkout sells no day before the one it sells on: an order with a guest valid on the
          // day was made by the end of that day in its area's time zone, at most two UTC days on.
          // Said to the planner, the newest orders it walks start there instead of today.
          lt(orders.createdAt, sql`${search.day}::date + 2`),
          lineOfOrder(db, validOn(search.day)),
        ]
      : []),
    search.state ? eq(orders.status, search.state as (typeof orders.$inferSelect)['status']) : undefined,
  ];
}

function buyerNameLike(name: string): SQL {
  return sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${likePattern(name)}`;
}

export function normalizeCardNumber(text: string): string {
  return text.toUpperCase().replaceAll(' ', '');
}

/** A name's words anywhere in the text; `%` and `_` typed by staff are taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A search counts at most this many orders past the page's first (as listings do, ADR 013): the
 * total of a broad search over years of orders would cost more than the page itself (ADR 037).
 */
export const ORDER_COUNT_AHEAD = 1000;

export type OrderSummaryRow = Awaited<ReturnType<typeof findOrderPage>>['rows'][number];

/**
 * One page of the orders the scope shows that match the search, newest first, and how many match:
 * counted up to `ORDER_COUNT_AHEAD` past the page's first order, `exact` false when more match.
 */
export async function findOrderPage(
  db: Db,
  scope: ListScope,
  search: OrderSearch,
  page: { limit: number; offset: number },
) {
  const scopeAreas = await areasInScope(db, scope);
  const where = and(scopeAreas ? inAreas(scopeAreas) : undefined, ...searchConditions(db, search));
  const countLimit = page.offset + ORDER_COUNT_AHEAD;
  // The buyer is joined for the count only when the search is about the buyer.
  const byBuyer = Boolean(search.buyerEmail || search.buyerName);
  const matches = db.select({ one: sql`1` }).from(orders);
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
    db.select({ total: count() }).from(
      (byBuyer ? matches.innerJoin(users, eq(users.id, orders.userId)) : matches)
        .where(where)
        // Any `countLimit` matches will do, found the cheapest way; but a day's are found from
        // that day back, as the page finds them, not from the oldest orders on (ADR 037).
        .orderBy(...(search.day ? [desc(orders.createdAt), desc(orders.id)] : []))
        .limit(countLimit)
        .as('matches'),
    ),
  ]);
  const total = counted?.total ?? 0;
  return { rows, total, exact: total < countLimit };
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
