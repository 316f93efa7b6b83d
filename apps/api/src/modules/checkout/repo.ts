import { randomBytes } from 'node:crypto';
import type { Db, Transaction } from '@sentiero/db/client';
import { type OrderStatus, orderLines, orders } from '@sentiero/db/schema';
import { and, eq, lt, sql } from 'drizzle-orm';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;
export type OrderLineRow = typeof orderLines.$inferSelect;

export async function findOrderByIdempotencyKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

export async function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function findOrderByCode(db: Db, code: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.code, code));
  return row;
}

export async function findOrderLines(db: Db | Transaction, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
}

export async function insertOrder(
  tx: Transaction,
  order: NewOrder,
  lines: NewOrderLine[],
): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(order).returning();
  if (!row) throw new Error('the order was not written');
  await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: row.id })));
  return row;
}

/**
 * Moves an order from one state to another, only if it is still in the state expected: two
 * processes finishing the same order (a webhook and the buyer's return) cannot both win.
 */
export async function moveOrder(
  db: Db | Transaction,
  id: number,
  from: OrderStatus,
  changes: Partial<NewOrder> & { status: OrderStatus },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return row;
}

/** Pending orders whose hold ran out, locked so that two workers never release one twice. */
export async function lockExpiredHolds(tx: Transaction, now: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.holdExpiresAt, now)))
    .orderBy(orders.holdExpiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Codes people read out at a ticket desk: no 0/O or 1/I to confuse. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newPublicCode(prefix: string): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
  return `${prefix}-${chars.slice(0, 5)}-${chars.slice(5)}`;
}
