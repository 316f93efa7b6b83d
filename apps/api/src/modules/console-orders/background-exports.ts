import { Readable } from 'node:stream';
import type { ListScope } from '@sentiero/contract/access';
import { ORDER_EXPORT_STREAM_MAX, ORDER_EXPORTS_PAGE_SIZE } from '@sentiero/contract/console-orders';
import { pageCount } from '@sentiero/contract/paging';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { CSV_BOM } from './csv.ts';
import { EXPORT_KEPT_MS, type OrderExportDeps } from './export-jobs.ts';
import {
  findOrderExport,
  findOrderExportParts,
  findStaffExports,
  insertOrderExport,
  type OrderExportRow,
} from './export-jobs-repo.ts';
import { exportedOperators, exportFilename, exportFilters } from './export-orders.ts';
import { countOrderExport } from './export-repo.ts';
import { type OrderSearchFields, orderSearchOf } from './search-orders.ts';

/*
 * Exports prepared by the job queue (ADR 041): asked for here, written by `export-jobs.ts`,
 * taken by the staff member who asked while their scope still covers them.
 */

/** The filters' names as the search's fields are named (`areaId` → `area_id`). */
const fieldName = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export function orderExportView(row: OrderExportRow) {
  return {
    id: row.id,
    state: row.state,
    total: row.total,
    done: row.done,
    error: row.error,
    filename: row.filename,
    filters: Object.fromEntries(Object.entries(row.filters).map(([key, value]) => [fieldName(key), value])),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * An export of a search: streamed (`queued: false`, the web then takes `export.csv`) when it
 * holds at most ORDER_EXPORT_STREAM_MAX orders and the staff member did not ask for it in the
 * background; else queued, audited now as the streamed export is, with the scope the staff member
 * holds now (the job runs without a session).
 */
export async function requestOrderExport(
  ctx: ServiceContext,
  deps: Pick<OrderExportDeps, 'queueOrderExport'>,
  input: OrderSearchFields & { background?: boolean },
) {
  const staff = requireStaffAccess(ctx, 'orders.export');
  const scope = staffListScope(ctx, 'orders.export');
  const search = orderSearchOf(input);
  if (!input.background) {
    const found = await countOrderExport(ctx.db, scope, search, null, ORDER_EXPORT_STREAM_MAX + 1);
    if (found <= ORDER_EXPORT_STREAM_MAX) return { queued: false, export: null };
  }
  const filters = exportFilters(input);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertOrderExport(tx, {
      staffId: staff.staffId,
      language: ctx.lang,
      filters,
      scope: scope.everywhere
        ? { everywhere: true }
        : { everywhere: false, operatorIds: [...scope.operatorIds], areaIds: [...scope.areaIds] },
      filename: exportFilename(ctx),
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_KEPT_MS),
    });
    for (const operatorId of exportedOperators(staff)) {
      await auditStaffChange(tx, ctx, staff, {
        operatorId,
        action: 'orders.export',
        targetType: 'order_export',
        targetId: String(created.id),
        changes: { filters: [null, filters] },
      });
    }
    return created;
  });
  await deps.queueOrderExport(row.id);
  return { queued: true, export: orderExportView(row) };
}

/** The staff member's own exports not expired yet, newest first. */
export async function listOrderExports(ctx: ServiceContext, page: number) {
  const staff = requireStaffAccess(ctx, 'orders.export');
  const { rows, total } = await findStaffExports(ctx.db, staff.staffId, ctx.clock.now(), {
    limit: ORDER_EXPORTS_PAGE_SIZE,
    offset: (page - 1) * ORDER_EXPORTS_PAGE_SIZE,
  });
  return {
    exports: rows.map(orderExportView),
    page,
    pages: pageCount(total, ORDER_EXPORTS_PAGE_SIZE),
    total,
  };
}

/**
 * Whether `now` covers everything `then` did: an export made with a wider scope than the staff
 * member holds today may hold orders they may no longer see. (An area kept by a grant of its whole
 * operator is not looked up: such a narrowing then widening refuses, which errs the safe way.)
 */
export function scopeCovers(now: ListScope, then: ListScope): boolean {
  if (now.everywhere) return true;
  if (then.everywhere) return false;
  return (
    then.operatorIds.every((id) => now.operatorIds.includes(id)) &&
    then.areaIds.every((id) => now.areaIds.includes(id))
  );
}

/** Parts read from the database at a time while a file is sent. */
const PARTS_PER_READ = 4;

/**
 * A ready export's file, for the staff member who asked, if their scope still covers the one the
 * export was made with. Anything else — another's export, one expired, not ready, or out of
 * scope now — is 404, as an export that does not exist. The taking is audited.
 */
export async function downloadOrderExport(ctx: ServiceContext, id: number) {
  const staff = requireStaffAccess(ctx, 'orders.export');
  const row = await findOrderExport(ctx.db, id);
  if (
    !row ||
    row.staffId !== staff.staffId ||
    row.state !== 'ready' ||
    row.expiresAt <= ctx.clock.now() ||
    !scopeCovers(staffListScope(ctx, 'orders.export'), row.scope as ListScope)
  ) {
    throw notFound();
  }
  for (const operatorId of exportedOperators(staff)) {
    await auditStaffChange(ctx.db, ctx, staff, {
      operatorId,
      action: 'orders.export.download',
      targetType: 'order_export',
      targetId: String(row.id),
      changes: {},
    });
  }
  const db = ctx.db;
  async function* parts() {
    yield CSV_BOM;
    let after = -1;
    for (;;) {
      const read = await findOrderExportParts(db, id, after, PARTS_PER_READ);
      for (const part of read) yield part.body;
      const last = read[read.length - 1];
      if (!last || read.length < PARTS_PER_READ) return;
      after = last.seq;
    }
  }
  return {
    filename: row.filename,
    body: Readable.from(parts(), { objectMode: false, highWaterMark: 1 }),
  };
}
