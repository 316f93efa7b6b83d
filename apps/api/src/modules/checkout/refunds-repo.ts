import type { Db, Transaction } from '@sentiero/db/client';
import {
  issuedTickets,
  orderLines,
  orders,
  type RefundState,
  refundLines,
  refunds,
  users,
} from '@sentiero/db/schema';
import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'state'>;

export async function findRefundByIdempotencyKey(db: Db, key: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return row;
}

export async function findRefundByProviderReference(
  db: Db,
  reference: string,
): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.providerReference, reference));
  return row;
}

/** The order lines a refund is for, with each one's share. */
export async function findRefundLines(db: Db | Transaction, refundId: number) {
  return db
    .select({ orderLineId: refundLines.orderLineId, amountCents: refundLines.amountCents })
    .from(refundLines)
    .where(eq(refundLines.refundId, refundId))
    .orderBy(refundLines.orderLineId);
}

/** Order lines that a refund, pending or done, already claims: they cannot be refunded again. */
export async function findClaimedOrderLines(db: Db | Transaction, orderId: number): Promise<Set<number>> {
  const rows = await db
    .select({ orderLineId: refundLines.orderLineId })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(and(eq(refunds.orderId, orderId), eq(refundLines.voided, false)));
  return new Set(rows.map((row) => row.orderLineId));
}

/** What the order's refunds that were not refused give back or will: a refund echoed by the provider is one of these. */
export async function sumRefundsNotFailed(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.state, 'failed')));
  return row?.total ?? 0;
}

/** A refund still waiting for the provider's first answer: a webhook about it may come before it. */
export async function hasUnansweredRefund(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'pending'), isNull(refunds.providerReference)))
    .limit(1);
  return row !== undefined;
}

/**
 * Writes a pending refund and its lines in one transaction. Fails with a unique violation when
 * one of its guests is claimed by another refund, or its idempotency key was used.
 */
export async function insertPendingRefund(
  db: Db,
  refund: NewRefund,
  lines: { orderLineId: number; amountCents: number }[],
  onRequested?: (tx: Transaction, refund: RefundRow, guests: number[]) => Promise<void>,
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(refunds)
      .values({ ...refund, state: 'pending' })
      .returning();
    if (!row) throw new Error('the refund was not written');
    await tx.insert(refundLines).values(lines.map((line) => ({ ...line, refundId: row.id })));
    if (onRequested)
      await onRequested(
        tx,
        row,
        lines.map((line) => line.orderLineId),
      );
    return row;
  });
}

/** The provider took the request and will settle it later: its refund id is what the webhook names. */
export async function recordProviderReference(db: Db, refundId: number, reference: string) {
  await db
    .update(refunds)
    .set({ providerReference: reference })
    .where(and(eq(refunds.id, refundId), isNull(refunds.providerReference)));
}

/**
 * Moves a pending refund to its final state; undefined when it was settled already (a replayed
 * webhook, the provider's answer and its webhook both arriving), so nothing happens twice.
 */
export async function settleRefundRow(
  tx: Transaction,
  refundId: number,
  changes: {
    state: Exclude<RefundState, 'pending'>;
    at: Date;
    reference: string | null;
    reason: string | null;
  },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({
      state: changes.state,
      settledAt: changes.at,
      providerReference: sql`coalesce(${refunds.providerReference}, ${changes.reference})`,
      failureReason: changes.reason,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.state, 'pending')))
    .returning();
  if (row && changes.state === 'failed') {
    // The guests are free again: another refund may be asked for them.
    await tx.update(refundLines).set({ voided: true }).where(eq(refundLines.refundId, refundId));
  }
  return row;
}

/** The refunded guests' tickets stop being valid: redeem and every check read `status`. */
export async function cancelLineTickets(tx: Transaction, orderLineIds: number[]) {
  if (orderLineIds.length === 0) return;
  await tx
    .update(issuedTickets)
    .set({ status: 'cancelled' })
    .where(inArray(issuedTickets.orderLineId, orderLineIds));
}

export async function findLinesById(tx: Transaction, orderLineIds: number[]) {
  if (orderLineIds.length === 0) return [];
  return tx.select().from(orderLines).where(inArray(orderLines.id, orderLineIds));
}

/** Adds a refund to the order's total refunded, in the same transaction as the refund's state. */
export async function addRefundedCents(tx: Transaction, orderId: number, amountCents: number) {
  await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${amountCents}`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** Lines of the order no succeeded refund covers: when none is left, the whole order is refunded. */
export async function countLinesNotRefunded(tx: Transaction, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        sql`not exists (select 1 from ${refundLines} join ${refunds} on ${refunds.id} = ${refundLines.refundId}
          where ${refundLines.orderLineId} = ${orderLines.id} and ${refunds.state} = 'succeeded')`,
      ),
    );
  return row?.count ?? 0;
}

/** Who gets the refund's mail, in the order's language. */
export async function findRefundMailing(db: Db, orderId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      language: orders.language,
      orderCode: orders.code,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), isNull(users.deletedAt)));
  return row;
}

/**
 * Refunds still pending that were asked before `before`: the provider never answered (no
 * reference) or its webhook never came. Oldest first, a page at a time.
 */
export async function findStalePendingRefunds(db: Db, before: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.state, 'pending'), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.id))
    .limit(limit);
}
