import type { Db, Transaction } from '@sentiero/db/client';
import { orderExportParts, orderExports } from '@sentiero/db/schema';
import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { ExportCursor } from './export-repo.ts';

/*
 * The queued exports' rows (ADR 041): an export, its progress and its file as numbered parts.
 * Every write that moves an export on names the part count it read: of two runs of one export,
 * only one writes each part, and the other learns it lost.
 */

export type OrderExportRow = typeof orderExports.$inferSelect;
type NewOrderExport = typeof orderExports.$inferInsert;

export async function insertOrderExport(
  db: Db | Transaction,
  values: NewOrderExport,
): Promise<OrderExportRow> {
  const [row] = await db.insert(orderExports).values(values).returning();
  if (!row) throw new Error('the export was not written');
  return row;
}

export async function findOrderExport(db: Db, id: number): Promise<OrderExportRow | undefined> {
  const [row] = await db.select().from(orderExports).where(eq(orderExports.id, id));
  return row;
}

/** A staff member's exports not expired at `now`, newest first. */
export async function findStaffExports(
  db: Db,
  staffId: number,
  now: Date,
  page: { limit: number; offset: number },
) {
  const where = and(eq(orderExports.staffId, staffId), gt(orderExports.expiresAt, now));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orderExports)
      .where(where)
      .orderBy(desc(orderExports.createdAt), desc(orderExports.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orderExports).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The first run's start: the header as part 0, the orders found and where the first batch
 * starts. Only an export still `queued` starts; a second run finds it started and goes on from
 * its cursor.
 */
export async function startOrderExport(
  db: Db,
  id: number,
  { header, total, from, now }: { header: string; total: number; from: ExportCursor | null; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const started = await tx
      .update(orderExports)
      .set({
        state: 'running',
        total,
        parts: 1,
        cursorAt: from?.createdAt ?? null,
        cursorId: from?.id ?? null,
        updatedAt: now,
      })
      .where(and(eq(orderExports.id, id), eq(orderExports.state, 'queued'), eq(orderExports.parts, 0)))
      .returning({ id: orderExports.id });
    if (started.length === 0) return false;
    await tx.insert(orderExportParts).values({ exportId: id, seq: 0, body: header });
    return true;
  });
}

/**
 * One batch written: its text as the part after the `parts` the run read, the orders counted
 * and the cursor moved, in one transaction. False when another run wrote that part first.
 */
export async function writeOrderExportPart(
  db: Db,
  id: number,
  {
    seq,
    body,
    orders,
    next,
    now,
  }: { seq: number; body: string; orders: number; next: ExportCursor; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(orderExports)
      .set({
        parts: seq + 1,
        done: sql`${orderExports.done} + ${orders}`,
        cursorAt: next.createdAt,
        cursorId: next.id,
        error: null,
        updatedAt: now,
      })
      .where(and(eq(orderExports.id, id), eq(orderExports.state, 'running'), eq(orderExports.parts, seq)))
      .returning({ id: orderExports.id });
    if (moved.length === 0) return false;
    await tx.insert(orderExportParts).values({ exportId: id, seq, body });
    return true;
  });
}

/** The last batch written: the file is ready, and kept until `expiresAt`. */
export async function finishOrderExport(
  db: Db,
  id: number,
  { parts, now, expiresAt }: { parts: number; now: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(orderExports)
    .set({ state: 'ready', error: null, finishedAt: now, updatedAt: now, expiresAt })
    .where(and(eq(orderExports.id, id), eq(orderExports.state, 'running'), eq(orderExports.parts, parts)))
    .returning({ id: orderExports.id });
  return rows.length > 0;
}

/** What went wrong, shown while the queue tries the export again. */
export async function noteOrderExportError(db: Db, id: number, error: string, now: Date): Promise<void> {
  await db
    .update(orderExports)
    .set({ error, updatedAt: now })
    .where(and(eq(orderExports.id, id), inArray(orderExports.state, ['queued', 'running'])));
}

/** The file's parts after `afterSeq`, a few at a time, in order. */
export function findOrderExportParts(db: Db, id: number, afterSeq: number, limit: number) {
  return db
    .select({ seq: orderExportParts.seq, body: orderExportParts.body })
    .from(orderExportParts)
    .where(and(eq(orderExportParts.exportId, id), gt(orderExportParts.seq, afterSeq)))
    .orderBy(asc(orderExportParts.seq))
    .limit(limit);
}

/** Exports past their time, with their files (the parts go with them). */
export async function deleteExpiredExports(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(orderExports)
    .where(lt(orderExports.expiresAt, now))
    .returning({ id: orderExports.id });
  return rows.length;
}

/**
 * Exports no run has moved since `before`: their jobs ran out of retries. They fail with the last
 * error, and their parts go (what was written is no file anyone can take).
 */
export async function failStalledExports(db: Db, before: Date, reason: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(orderExports)
      .set({ state: 'failed', error: sql`coalesce(${orderExports.error}, ${reason})`, updatedAt: now })
      .where(and(inArray(orderExports.state, ['queued', 'running']), lt(orderExports.updatedAt, before)))
      .returning({ id: orderExports.id });
    const ids = failed.map((row) => row.id);
    if (ids.length > 0) await tx.delete(orderExportParts).where(inArray(orderExportParts.exportId, ids));
    return ids.length;
  });
}
