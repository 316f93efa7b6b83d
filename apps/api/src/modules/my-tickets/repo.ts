import type { Language } from '@sentiero/contract/languages';
import type { CancellationRule } from '@sentiero/contract/rules/cancellation';
import type { Db } from '@sentiero/db/client';
import { localized, localizedOrNull } from '@sentiero/db/localized';
import { preparedOnce } from '@sentiero/db/prepared';
import {
  areas,
  categories,
  issuedTickets,
  orderLines,
  orders,
  regions,
  ticketMoves,
  ticketRedemptions,
  tickets,
  users,
} from '@sentiero/db/schema';
import { type AnyColumn, and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';

/** Orders whose tickets a member keeps: paid or issued, and refunded ones (shown as cancelled). */
const KEPT = inArray(orders.status, ['paid', 'issued', 'refunded']);

function ticketColumns(language: Language | AnyColumn) {
  return {
    id: issuedTickets.id,
    code: issuedTickets.code,
    orderCode: orders.code,
    orderCreatedAt: orders.createdAt,
    paymentMethod: orders.paymentMethod,
    userId: orders.userId,
    title: localized(tickets.title, language),
    areaId: tickets.areaId,
    operatorId: areas.operatorId,
    areaName: localized(areas.name, language),
    regionName: localized(regions.name, language),
    timeZone: areas.timeZone,
    categoryId: tickets.categoryId,
    categoryName: localized(categories.name, language),
    holder: issuedTickets.holderName,
    validFrom: issuedTickets.validFrom,
    validUntil: issuedTickets.validUntil,
    maxUsage: issuedTickets.maxUsage,
    uses: issuedTickets.uses,
    status: issuedTickets.status,
    signedCode: issuedTickets.signedCode,
    qrCode: issuedTickets.qrCode,
    issuedAt: issuedTickets.issuedAt,
    unitPriceCents: orderLines.unitPriceCents,
    orderSubtotalCents: orders.subtotalCents,
    couponCode: orders.couponCode,
    couponDiscountCents: orders.couponDiscountCents,
    // The guests of the order and this one's place among them: its share of the coupon discount.
    orderLineCount: sql<number>`(select count(*)::int from ${orderLines} as order_line
      where order_line.order_id = ${orders.id})`,
    orderLinePosition: sql<number>`(select count(*)::int from ${orderLines} as order_line
      where order_line.order_id = ${orders.id} and order_line.id < ${orderLines.id})`,
    rules: localized(tickets.rules, language),
    meetingPoint: localizedOrNull(tickets.meetingPoint, language),
    // The rule the order was bought under (ADR 045).
    cancellationRule: sql<CancellationRule>`coalesce(${orders.cancellationRule}, ${tickets.cancellationRule})`,
  };
}

function selectTickets(db: Db, language: Language, where: SQL | undefined) {
  return db
    .select(ticketColumns(language))
    .from(issuedTickets)
    .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
    .innerJoin(orderLines, eq(orderLines.id, issuedTickets.orderLineId))
    .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .innerJoin(categories, eq(categories.id, tickets.categoryId))
    .where(where);
}

export type IssuedTicketRow = NonNullable<Awaited<ReturnType<typeof findTicketByCode>>>;

export async function findMemberTickets(
  db: Db,
  language: Language,
  filter: { userId: number; categoryId?: number | undefined },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(orders.userId, filter.userId),
    KEPT,
    filter.categoryId === undefined ? undefined : eq(tickets.categoryId, filter.categoryId),
  );
  const rows = await selectTickets(db, language, where)
    .orderBy(desc(orders.createdAt), desc(orders.id), issuedTickets.id)
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(issuedTickets)
    .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
    .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findTicketByCode(db: Db, language: Language, code: string) {
  const [row] = await selectTickets(db, language, eq(issuedTickets.code, code));
  return row;
}

export async function findTicketByShareToken(db: Db, language: Language, token: string) {
  const [row] = await selectTickets(db, language, eq(issuedTickets.shareToken, token));
  return row;
}

export async function findOrderTickets(db: Db, language: Language, orderCode: string) {
  return selectTickets(db, language, and(eq(orders.code, orderCode), KEPT)).orderBy(issuedTickets.id);
}

/**
 * All the mail that delivers a paid order's tickets needs, in one statement: the order's active
 * tickets in the order's own language, each with the buyer's address. No rows when there is
 * nothing to send: no active ticket, or the buyer's account is gone.
 */
export async function findTicketsToMail(db: Db, orderId: number) {
  const find = preparedOnce(db, 'tickets_to_mail', (name) =>
    db
      .select({
        ...ticketColumns(orders.language),
        orderLanguage: orders.language,
        buyerEmail: users.email,
        buyerFirstName: users.firstName,
      })
      .from(issuedTickets)
      .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(orderLines, eq(orderLines.id, issuedTickets.orderLineId))
      .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
      .innerJoin(areas, eq(areas.id, tickets.areaId))
      .innerJoin(regions, eq(regions.id, areas.regionId))
      .innerJoin(categories, eq(categories.id, tickets.categoryId))
      .where(
        and(
          eq(orders.id, sql.placeholder('orderId')),
          KEPT,
          eq(issuedTickets.status, 'active'),
          isNull(users.deletedAt),
        ),
      )
      .orderBy(issuedTickets.id)
      .prepare(name),
  );
  return find.execute({ orderId });
}

export async function findShareToken(db: Db, ticketId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ token: issuedTickets.shareToken })
    .from(issuedTickets)
    .where(eq(issuedTickets.id, ticketId));
  return row?.token;
}

/**
 * Gives a ticket a new share token: every link made from the old one stops working at once, and
 * the next share hands out the new one.
 */
export async function replaceShareToken(db: Db, ticketId: number, token: string): Promise<void> {
  await db.update(issuedTickets).set({ shareToken: token }).where(eq(issuedTickets.id, ticketId));
}

/**
 * Records one use if the ticket still has one: the conditional update is the check, so two
 * scanners at the same gate cannot both spend the last use.
 */
export async function useTicket(
  db: Db,
  ticketId: number,
  now: Date,
  by: { deviceId: number; staffId: number },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(issuedTickets)
      .set({ uses: sql`${issuedTickets.uses} + 1` })
      .where(
        and(
          eq(issuedTickets.id, ticketId),
          eq(issuedTickets.status, 'active'),
          sql`(${issuedTickets.maxUsage} is null or ${issuedTickets.uses} < ${issuedTickets.maxUsage})`,
        ),
      )
      .returning({ uses: issuedTickets.uses });
    if (!row) return null;
    await tx
      .insert(ticketRedemptions)
      .values({ issuedTicketId: ticketId, redeemedAt: now, receivedAt: now, ...by });
    return row.uses;
  });
}

/** Whether a code was a ticket's before its guest moved to another day (ADR 049): it is void. */
export async function isMovedTicketCode(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketMoves.id })
    .from(ticketMoves)
    .where(eq(ticketMoves.oldCode, code));
  return row !== undefined;
}
