import type { ListScope } from '@sentiero/contract/access';
import { MAX_SEARCH_WORDS, searchWords } from '@sentiero/contract/rules/search-words';
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
import { and, asc, count, desc, eq, exists, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';

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

/** `area_ids` holds one of `ids` (kept by the database from the order's guests, ADR 037). */
function inAreas(
  ids: number[],
  column: typeof orders.areaIds | typeof orderSearchKeys.areaIds = orders.areaIds,
): SQL {
  return sql`${column} && ${`{${ids.join(',')}}`}::int[]`;
}

/** A guest of the order is valid on `day` (a yearly permit too), through `order_lines_days_idx`. */
function validOn(day: string): SQL {
  return sql`daterange(${orderLines.startDate}, ${orderLines.endDate}, '[]') @> ${day}::date`;
}

/**
 * The orders one of whose search keys (ADR 046) meets `key`, among the scope's areas' when the
 * scope is narrower than everywhere: the keys' index entries carry the order's areas, so the
 * scope narrows the keys read, not the orders afterwards.
 */
function foundBy(db: Db, key: SQL | undefined, scopeAreas: number[] | undefined): SQL {
  return inArray(
    orders.id,
    db
      .select({ id: orderSearchKeys.orderId })
      .from(orderSearchKeys)
      .where(and(key, scopeAreas ? inAreas(scopeAreas, orderSearchKeys.areaIds) : undefined)),
  );
}

/** A key that starts with `prefix`: words are letters and digits, all sorted before "{". */
function keyStarts(prefix: string): SQL {
  return and(gte(orderSearchKeys.key, prefix), lt(orderSearchKeys.key, `${prefix}{`)) as SQL;
}

/** Past this many keys a word is common enough: counting further would cost more than it tells. */
const WORD_COUNT_BOUND = 5000;

/**
 * Of a name's words, the one that starts the fewest keys, each counted up to a bound; of words
 * past the bound, the longest (a surname is rarer than a first name more often than not).
 */
async function rarestWord(db: Db, kind: 'b' | 'g', words: string[]): Promise<string> {
  const counts = sql.join(
    words.map(
      (word) =>
        sql`(select count(*)::int from (select 1 from ${orderSearchKeys} where ${keyStarts(`${kind}:${word}`)} limit ${WORD_COUNT_BOUND}) w)`,
    ),
    sql`, `,
  );
  const [row] = await executeRows<{ counts: number[] }>(db, sql`select array[${counts}] as counts`);
  const found = row?.counts ?? [];
  let rarest = 0;
  for (let index = 1; index < words.length; index++) {
    const [count, least] = [found[index] ?? 0, found[rarest] ?? 0];
    const longer = (words[index]?.length ?? 0) > (words[rarest]?.length ?? 0);
    if (count < least || (count === least && longer)) rarest = index;
  }
  return words[rarest] ?? '';
}

/**
 * A person's name: each word typed starts a word of the name, in any order, accents and case
 * aside (`ross` finds Rossi, `mario rossi` and `Rossi, Mario` find Mario Rossi). The word that
 * starts fewest keys is read as a range of keys; the others are checked on the same index
 * entries' whole names.
 */
async function nameKey(db: Db, kind: 'b' | 'g', text: string): Promise<SQL> {
  const words = [...new Set(searchWords(text))].slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return sql`false`;
  const driver = words.length === 1 ? (words[0] ?? '') : await rarestWord(db, kind, words);
  return and(
    keyStarts(`${kind}:${driver}`),
    ...words
      .filter((word) => word !== driver)
      .map((word) => sql`${orderSearchKeys.name} like ${`% ${word}%`}`),
  ) as SQL;
}

/** The orders the scope lets the staff member see, as a condition on `orders.area_ids`. */
export async function orderScopeCondition(db: Db, scope: ListScope): Promise<SQL | undefined> {
  const scopeAreas = await areasInScope(db, scope);
  return scopeAreas ? inAreas(scopeAreas) : undefined;
}

/**
 * The orders of the scope's areas valid on `day`, from the areas' keys, which carry the orders'
 * days (`order_search_keys_days_idx`, read up to the day, from the index alone): a staff
 * member's day among years of everyone's orders.
 */
function dayInAreas(day: string, scopeAreas: number[]): SQL {
  return and(
    // One list, not an `or`: the index is then read alone, without the table.
    inArray(
      orderSearchKeys.key,
      scopeAreas.map((area) => `a:${area}`),
    ),
    sql`${orderSearchKeys.firstDay} <= ${day}::date`,
    sql`${orderSearchKeys.lastDay} >= ${day}::date`,
  ) as SQL;
}

/**
 * The search's keys (ADR 046), the one that usually finds fewest orders first. A day is one
 * only for a staff member with areas (everyone's newest orders hold plenty of any day's).
 */
async function searchKeys(db: Db, search: OrderSearch, scopeAreas?: number[]): Promise<SQL[]> {
  return [
    search.guestName ? await nameKey(db, 'g', search.guestName) : undefined,
    search.buyerName ? await nameKey(db, 'b', search.buyerName) : undefined,
    search.ticketId ? eq(orderSearchKeys.key, `t:${search.ticketId}`) : undefined,
    search.areaId ? eq(orderSearchKeys.key, `a:${search.areaId}`) : undefined,
    search.day && scopeAreas && scopeAreas.length > 0 ? dayInAreas(search.day, scopeAreas) : undefined,
  ].filter((key) => key !== undefined);
}

/**
 * The search's conditions on `orders` (joined to the buyer). `scopeAreas`, the scope's areas when
 * it is not everywhere, narrows the search keys read; the scope itself is the caller's condition.
 * `keys`, when given, are the search keys still to check (the caller read the orders of another).
 */
export async function searchConditions(
  db: Db,
  search: OrderSearch,
  scopeAreas?: number[],
  keys?: SQL[],
): Promise<(SQL | undefined)[]> {
  return [
    // The keys the caller did not read the orders from, as conditions on the order.
    ...(keys ?? (await searchKeys(db, search, scopeAreas))).map((key) => foundBy(db, key, scopeAreas)),
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

export function normalizeCardNumber(text: string): string {
  return text.toUpperCase().replaceAll(' ', '');
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
  const [driver, ...otherKeys] = await searchKeys(db, search, scopeAreas);
  const others = (await searchConditions(db, search, scopeAreas, otherKeys)).filter((condition) => condition);
  const where = and(scopeAreas ? inAreas(scopeAreas) : undefined, ...others);
  const countLimit = page.offset + ORDER_COUNT_AHEAD;
  // The buyer is joined for the count only when the search is about the buyer.
  const byBuyer = Boolean(search.buyerEmail);
  const summary = {
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
  if (driver) {
    // Found by a key (ADR 046): the key's orders newest first straight from its index entries,
    // each joined to its order only until the page is full.
    const found = db
      .selectDistinctOn([orderSearchKeys.createdAt, orderSearchKeys.orderId], {
        orderId: orderSearchKeys.orderId,
        createdAt: orderSearchKeys.createdAt,
      })
      .from(orderSearchKeys)
      .where(and(driver, scopeAreas ? inAreas(scopeAreas, orderSearchKeys.areaIds) : undefined))
      .orderBy(desc(orderSearchKeys.createdAt), desc(orderSearchKeys.orderId))
      .as('found');
    const foundOrders = db.select({ one: sql`1` }).from(found);
    const [rows, [counted]] = await Promise.all([
      db
        .select(summary)
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
      .select(summary)
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
