import type { ListScope } from '@sentiero/contract/access';
import { type Db, executeRows } from '@sentiero/db/client';
import {
  areas,
  issuedTickets,
  orderLines,
  orderSearchKeys,
  orders,
  tickets,
  users,
} from '@sentiero/db/schema';
import { and, asc, count, desc, eq, exists, lt, or, type SQL, sql } from 'drizzle-orm';
import { areaInScope } from '../../platform/scope-repo.ts';
import { areaKeyConditions, areaKeyOrders, areaKeyRanges } from './area-keys-repo.ts';
import { inAreas, intArray, type ScopeAreas, scopeAreasOf } from './order-scope-repo.ts';
import { foundBy, searchKeys } from './search-keys-repo.ts';

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

/** A guest of the order is valid on `day` (a yearly permit too), through `order_lines_days_idx`. */
function validOn(day: string): SQL {
  return sql`daterange(${orderLines.startDate}, ${orderLines.endDate}, '[]') @> ${day}::date`;
}

/** The orders the scope lets the staff member see, as a condition on `orders.area_ids`. */
export async function orderScopeCondition(db: Db, scope: ListScope): Promise<SQL | undefined> {
  const scopeAreas = await scopeAreasOf(db, scope);
  return scopeAreas ? inAreas(scopeAreas.areaIds) : undefined;
}

/**
 * The search's conditions on `orders` (joined to the buyer). `scopeAreas`, the scope's areas when
 * it is not everywhere, narrows the search keys read; the scope itself is the caller's condition.
 * `keys`, when given, are the search keys still to check (the caller read the orders of another).
 */
export async function searchConditions(
  db: Db,
  search: OrderSearch,
  scopeAreas?: readonly number[],
  keys?: SQL[],
): Promise<(SQL | undefined)[]> {
  return [
    // The keys the caller did not read the orders from, as conditions on the order.
    ...(keys ?? (await searchKeys(db, search))).map((key) => foundBy(db, key, scopeAreas)),
    ...exactConditions(db, search),
    // The order's areas, on its index entry (ADR 037).
    search.areaId ? sql`${orders.areaIds} @> ${intArray([search.areaId])}` : undefined,
    ...(search.day
      ? [
          // Checkout sells no day before the one it sells on: an order with a guest valid on the
          // day was made by the end of that day in its area's time zone, at most two UTC days on.
          // Said to the planner, the newest orders it walks start there instead of today.
          lt(orders.createdAt, sql`${search.day}::date + 2`),
          // The days its guests' tickets cover, on the order's index entry (ADR 046); the guests
          // are read only for an order whose guests' days leave a gap.
          sql`${orders.firstDay} <= ${search.day}::date`,
          sql`${orders.lastDay} >= ${search.day}::date`,
          or(eq(orders.daysContinuous, true), lineOfOrder(db, validOn(search.day))),
        ]
      : []),
    search.state ? eq(orders.status, search.state as (typeof orders.$inferSelect)['status']) : undefined,
  ];
}

/** The fields that name an order, a guest or a buyer: a few orders at most, found by their own indexes. */
function exactConditions(db: Db, search: OrderSearch): (SQL | undefined)[] {
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
  ];
}

export function normalizeCardNumber(text: string): string {
  return text.toUpperCase().replaceAll(' ', '');
}

/**
 * A search counts at most this many orders past the page's first (as listings do, ADR 013): the
 * total of a broad search over years of orders would cost more than the page itself (ADR 037).
 */
export const ORDER_COUNT_AHEAD = 1000;

type Page = { limit: number; offset: number };

/** What a page shows of each order (and an export, with more beside it). */
export const ORDER_SUMMARY = {
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
};

export type OrderSummaryRow = Awaited<ReturnType<typeof findOrderPage>>['rows'][number];

/**
 * One page of the orders the scope shows that match the search, newest first, and how many match:
 * counted up to `ORDER_COUNT_AHEAD` past the page's first order, `exact` false when more match.
 * The orders are read from the search's keys (a name, a ticket: ADR 046), else from the scope's
 * or the area's keys when nothing names an order (ADR 046), else from the orders newest first.
 */
export async function findOrderPage(db: Db, scope: ListScope, search: OrderSearch, page: Page) {
  const scopeAreas = await scopeAreasOf(db, scope);
  const keys = await searchKeys(db, search);
  const names = exactConditions(db, search).some((condition) => condition !== undefined);
  const ranges = keys.length === 0 && !names ? areaKeyRanges(scopeAreas, search.areaId) : undefined;
  if (ranges) return pageOfAreaKeys(db, ranges, search, page);
  return pageOfOrders(db, scopeAreas, search, keys, page);
}

/**
 * A page read from the area keys: the scope, the area, the state and the day are all on their
 * index entries, so the page's orders and the count come from the index alone; the orders are
 * read for the page's rows only.
 */
async function pageOfAreaKeys(db: Db, ranges: SQL[], search: OrderSearch, page: Page) {
  if (ranges.length === 0) return { rows: [], total: 0, exact: true };
  const conditions = areaKeyConditions(search);
  const countLimit = page.offset + ORDER_COUNT_AHEAD;
  const [rows, [counted]] = await Promise.all([
    db
      .select(ORDER_SUMMARY)
      .from(sql`(${areaKeyOrders(ranges, conditions, page)}) as found`)
      .innerJoin(orders, sql`${orders.id} = found.order_id`)
      .innerJoin(users, eq(users.id, orders.userId))
      .orderBy(sql`found.created_at desc`, sql`found.order_id desc`),
    executeRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (${areaKeyOrders(ranges, conditions, { limit: countLimit, offset: 0 })}) as matches`,
    ),
  ]);
  const total = counted?.total ?? 0;
  return { rows, total, exact: total < countLimit };
}

/** A page of the orders themselves, read from the search's first key if it has one. */
async function pageOfOrders(
  db: Db,
  scopeAreas: ScopeAreas | undefined,
  search: OrderSearch,
  [driver, ...otherKeys]: SQL[],
  page: Page,
) {
  const areaIds = scopeAreas?.areaIds;
  const others = (await searchConditions(db, search, areaIds, otherKeys)).filter((condition) => condition);
  const where = and(areaIds ? inAreas(areaIds) : undefined, ...others);
  const countLimit = page.offset + ORDER_COUNT_AHEAD;
  // The buyer is joined for the count only when the search is about the buyer.
  const byBuyer = Boolean(search.buyerEmail);
  if (driver) {
    // Found by a key (ADR 046): the key's orders newest first straight from its index entries,
    // each joined to its order only until the page is full.
    const found = db
      .selectDistinctOn([orderSearchKeys.createdAt, orderSearchKeys.orderId], {
        orderId: orderSearchKeys.orderId,
        createdAt: orderSearchKeys.createdAt,
      })
      .from(orderSearchKeys)
      .where(and(driver, areaIds ? inAreas(areaIds, orderSearchKeys.areaIds) : undefined))
      .orderBy(desc(orderSearchKeys.createdAt), desc(orderSearchKeys.orderId))
      .as('found');
    const foundOrders = db.select({ one: sql`1` }).from(found);
    const [rows, [counted]] = await Promise.all([
      db
        .select(ORDER_SUMMARY)
        .from(found)
        .innerJoin(orders, eq(orders.id, found.orderId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(desc(found.createdAt), desc(found.orderId))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ total: count() }).from(
        // The key alone: its index entries are the count; anything else is read on the orders.
        (others.length === 0
          ? foundOrders
          : byBuyer
            ? foundOrders
                .innerJoin(orders, eq(orders.id, found.orderId))
                .innerJoin(users, eq(users.id, orders.userId))
                .where(where)
            : foundOrders.innerJoin(orders, eq(orders.id, found.orderId)).where(where)
        )
          .limit(countLimit)
          .as('matches'),
      ),
    ]);
    const total = counted?.total ?? 0;
    return { rows, total, exact: total < countLimit };
  }
  const matches = db.select({ one: sql`1` }).from(orders);
  const [rows, [counted]] = await Promise.all([
    db
      .select(ORDER_SUMMARY)
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
