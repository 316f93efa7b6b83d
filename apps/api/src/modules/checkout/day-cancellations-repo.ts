import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  areas,
  areaWeatherDays,
  type DayCancellationOrderState,
  dayCancellationOrders,
  dayCancellations,
  issuedTickets,
  orderLines,
  orders,
  refunds,
  ticketDayOverrides,
  tickets,
  users,
} from '@sentiero/db/schema';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';

export type DayCancellationRow = typeof dayCancellations.$inferSelect;
export type DayCancellationOrderRow = typeof dayCancellationOrders.$inferSelect;

/** A ticket with its area and operator, as the console's cancellation reads it. */
export async function findTicketSubject(db: Db, language: Language, ticketId: number) {
  const [row] = await db
    .select({
      areaId: areas.id,
      areaName: localized(areas.name, language),
      operatorId: areas.operatorId,
      timeZone: areas.timeZone,
    })
    .from(tickets)
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(eq(tickets.id, ticketId));
  return row && { ...row, ticketIds: [ticketId] };
}

/** An area with every ticket it has (whatever their state: a ticket taken off sale may have buyers). */
export async function findAreaSubject(db: Db, language: Language, areaId: number) {
  const [row] = await db
    .select({
      areaId: areas.id,
      areaName: localized(areas.name, language),
      operatorId: areas.operatorId,
      timeZone: areas.timeZone,
      ticketIds: sql<number[]>`coalesce((select array_agg(${tickets.id} order by ${tickets.id})
        from ${tickets} where ${tickets.areaId} = ${areas.id}), '{}')`,
    })
    .from(areas)
    .where(eq(areas.id, areaId));
  return row;
}

/** The stored weather of an area's day (the forecast, or what was measured once it passed). */
export async function findAreaDayWeather(db: Db, areaId: number, day: string) {
  const [row] = await db
    .select()
    .from(areaWeatherDays)
    .where(and(eq(areaWeatherDays.areaId, areaId), eq(areaWeatherDays.day, day)));
  return row;
}

/**
 * The guests of issued orders whose ticket is one of `ticketIds` and valid on `day`, with a live
 * ticket: a pass of a week or more is not cancelled for one of its days (ADR 049).
 */
function guestsOfDay(ticketIds: number[], day: string) {
  return and(
    inArray(orderLines.ticketId, ticketIds),
    sql`${orderLines.startDate} <= ${day}::date and ${orderLines.endDate} >= ${day}::date`,
    sql`${orderLines.endDate} - ${orderLines.startDate} < 7`,
    eq(issuedTickets.status, 'active'),
    eq(orders.status, 'issued'),
  );
}

/** How many orders and guests a cancellation of the day would touch, and what they paid in all. */
export async function summarizeDay(db: Db, ticketIds: number[], day: string) {
  if (ticketIds.length === 0) return { orders: 0, guests: 0, paidCents: 0 };
  const [row] = await db
    .select({
      orders: sql<number>`count(distinct ${orders.id})::int`,
      guests: sql<number>`count(*)::int`,
      paidCents: sql<number>`coalesce(sum(${orderLines.unitPriceCents}) filter (where ${orders.paymentMethod} not in ('cash', 'free')), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(issuedTickets, eq(issuedTickets.orderLineId, orderLines.id))
    .where(guestsOfDay(ticketIds, day));
  return row ?? { orders: 0, guests: 0, paidCents: 0 };
}

/** A cancellation of the day already made for one of these tickets. */
export async function findDayCancellationOf(db: Db | Transaction, ticketIds: number[], day: string) {
  if (ticketIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(dayCancellations)
    .where(
      and(
        eq(dayCancellations.day, day),
        sql`${dayCancellations.ticketIds} && ${sql`array[${sql.join(
          ticketIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::integer[]`}`,
      ),
    )
    .orderBy(asc(dayCancellations.id))
    .limit(1);
  return row;
}

export async function findDayCancellation(db: Db | Transaction, id: number) {
  const [row] = await db.select().from(dayCancellations).where(eq(dayCancellations.id, id));
  return row;
}

export async function insertDayCancellation(tx: Transaction, row: typeof dayCancellations.$inferInsert) {
  const [written] = await tx.insert(dayCancellations).values(row).returning();
  if (!written) throw new Error('the day cancellation was not written');
  return written;
}

/** Closes the day of each ticket for sale, keeping a day's own capacity if it had one. */
export async function closeTicketDays(
  tx: Transaction,
  ticketIds: number[],
  day: string,
  change: { reason: string; staffId: number | null; now: Date },
) {
  if (ticketIds.length === 0) return;
  await tx
    .insert(ticketDayOverrides)
    .values(
      ticketIds.map((ticketId) => ({
        ticketId,
        day,
        closed: true,
        reason: change.reason,
        updatedByStaffId: change.staffId,
        updatedAt: change.now,
      })),
    )
    .onConflictDoUpdate({
      target: [ticketDayOverrides.ticketId, ticketDayOverrides.day],
      set: {
        closed: true,
        reason: change.reason,
        updatedByStaffId: change.staffId,
        updatedAt: change.now,
      },
    });
}

/**
 * Writes one row per order of the day with its guests of that day; an order already written (a
 * run started again) is left as it is.
 */
export async function collectDayOrders(db: Db, cancellation: DayCancellationRow): Promise<void> {
  await db.execute(sql`insert into ${dayCancellationOrders} (cancellation_id, order_id, line_ids)
    select ${cancellation.id}::integer, ${orderLines.orderId}, array_agg(${orderLines.id} order by ${orderLines.id})
    from ${orderLines}
    join ${orders} on ${orders.id} = ${orderLines.orderId}
    join ${issuedTickets} on ${issuedTickets.orderLineId} = ${orderLines.id}
    where ${guestsOfDay(cancellation.ticketIds, cancellation.day)}
    group by ${orderLines.orderId}
    on conflict (cancellation_id, order_id) do nothing`);
}

export async function moveDayCancellation(
  db: Db | Transaction,
  id: number,
  change: Partial<Pick<DayCancellationRow, 'state' | 'lastError'>>,
) {
  await db.update(dayCancellations).set(change).where(eq(dayCancellations.id, id));
}

/** Orders of the cancellation in `states`, a batch at a time, with what their mail needs. */
export async function findDayOrders(
  db: Db,
  cancellationId: number,
  states: DayCancellationOrderState[],
  limit: number,
  /** Only orders after this one (a run going on past orders it left as they were). */
  afterOrderId = 0,
) {
  return db
    .select({
      orderId: dayCancellationOrders.orderId,
      lineIds: dayCancellationOrders.lineIds,
      state: dayCancellationOrders.state,
      code: orders.code,
      language: orders.language,
      paymentMethod: orders.paymentMethod,
      email: users.email,
      firstName: users.firstName,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      title: sql<string>`(select ${localized(tickets.title, orders.language)} from ${tickets}
        where ${tickets.id} = (select l.ticket_id from order_lines l where l.id = ${dayCancellationOrders.lineIds}[1]))`,
    })
    .from(dayCancellationOrders)
    .innerJoin(orders, eq(orders.id, dayCancellationOrders.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(dayCancellationOrders.cancellationId, cancellationId),
        inArray(dayCancellationOrders.state, states),
        gt(dayCancellationOrders.orderId, afterOrderId),
      ),
    )
    .orderBy(asc(dayCancellationOrders.orderId))
    .limit(limit);
}

/**
 * Moves an order of the cancellation from one of `from` to `to`; false when it was not in one of
 * them (another click, the lapse or a run got there first).
 */
export async function moveDayOrder(
  db: Db | Transaction,
  key: { cancellationId: number; orderId: number },
  from: DayCancellationOrderState[],
  to: Partial<Omit<DayCancellationOrderRow, 'cancellationId' | 'orderId'>> & {
    state: DayCancellationOrderState;
  },
): Promise<boolean> {
  const moved = await db
    .update(dayCancellationOrders)
    .set(to)
    .where(
      and(
        eq(dayCancellationOrders.cancellationId, key.cancellationId),
        eq(dayCancellationOrders.orderId, key.orderId),
        inArray(dayCancellationOrders.state, from),
      ),
    )
    .returning({ orderId: dayCancellationOrders.orderId });
  return moved.length === 1;
}

/** Claims every order not decided yet for the 48-hour lapse's refund, in one statement. */
export async function claimUndecidedOrders(db: Db, cancellationId: number, now: Date) {
  await db
    .update(dayCancellationOrders)
    .set({ state: 'refunding', decidedAt: now })
    .where(
      and(
        eq(dayCancellationOrders.cancellationId, cancellationId),
        inArray(dayCancellationOrders.state, ['waiting', 'told']),
      ),
    );
}

export async function findDayOrder(db: Db, cancellationId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(dayCancellationOrders)
    .where(
      and(
        eq(dayCancellationOrders.cancellationId, cancellationId),
        eq(dayCancellationOrders.orderId, orderId),
      ),
    );
  return row;
}

/** Counts by state and the money the cancellation's refunds gave back. */
export async function countDayOrders(db: Db, cancellationId: number) {
  const rows = await db
    .select({
      state: dayCancellationOrders.state,
      count: sql<number>`count(*)::int`,
      told: sql<number>`count(${dayCancellationOrders.toldAt})::int`,
      refundedCents: sql<number>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.state} = 'succeeded'), 0)::int`,
    })
    .from(dayCancellationOrders)
    .leftJoin(refunds, eq(refunds.id, dayCancellationOrders.refundId))
    .where(eq(dayCancellationOrders.cancellationId, cancellationId))
    .groupBy(dayCancellationOrders.state);
  return rows;
}

/** Held until the transaction ends: cancellations of one area's days are made one at a time. */
export async function lockAreaDayCancellations(tx: Transaction, areaId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('day_cancellation'), ${areaId}::integer)`);
}

/** Cancellations whose 48 hours are over and whose lapse has not finished. */
export async function findDueDayCancellations(db: Db, now: Date) {
  return db
    .select({ id: dayCancellations.id })
    .from(dayCancellations)
    .where(and(sql`${dayCancellations.lapseAt} <= ${now}`, sql`${dayCancellations.state} <> 'done'`))
    .orderBy(asc(dayCancellations.id));
}
