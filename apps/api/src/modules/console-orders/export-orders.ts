import { Readable } from 'node:stream';
import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { translate } from '../../platform/i18n.ts';
import { CSV_BOM, csvRows } from './csv.ts';
import { type ExportCursor, findOrderExportBatch, type OrderExportRow } from './export-repo.ts';
import type { OrderSearch } from './orders-repo.ts';
import { type OrderSearchFields, orderSearchOf } from './search-orders.ts';

/** Orders read per query: big enough that 100,000 orders take 200 round trips, small enough to hold. */
export const EXPORT_BATCH_SIZE = 500;

const COLUMNS = [
  'code',
  'state',
  'createdAt',
  'paidAt',
  'paymentMethod',
  'buyerName',
  'buyerEmail',
  'buyerPhone',
  'tickets',
  'firstDay',
  'guests',
  'guestNames',
  'total',
  'refunded',
] as const;

// Every area we sell lies in Central European time: the staff read times as the park does.
const TIME_ZONE = 'Europe/Rome';

/** How a value reads in the staff member's spreadsheet: local times, amounts with their decimal mark. */
function formatters(language: Language) {
  // Swedish writes dates as ISO does (2026-11-23 09:05): spreadsheets read it as a date and time.
  const time = new Intl.DateTimeFormat('sv-SE', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const money = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  const text = (key: string) => translate(language, 'consoleOrders', key);
  return {
    text,
    time: (at: Date | null) => (at ? time.format(at) : ''),
    euros: (cents: number) => money.format(cents / 100),
  };
}

function exportRow(row: OrderExportRow, format: ReturnType<typeof formatters>): (string | number)[] {
  return [
    row.code,
    format.text(`states.${row.status}`),
    format.time(row.createdAt),
    format.time(row.paidAt),
    format.text(`payment.${row.paymentMethod}`),
    `${row.buyerFirstName} ${row.buyerLastName}`.trim(),
    row.buyerEmail ?? '',
    row.buyerPhone ?? '',
    row.ticketTitles ?? '',
    row.firstDay ?? '',
    row.guests,
    row.guestNames ?? '',
    format.euros(row.totalCents),
    format.euros(row.refundedCents),
  ];
}

/**
 * The export's text, a piece at a time: the byte-order mark and the header, then one piece per
 * batch of orders. Each batch is read only when the one before has been taken, so a reader that
 * stops (a slow connection) stops the queries too, and memory holds one batch whatever the size.
 */
export async function* orderExportPieces(
  ctx: Pick<ServiceContext, 'db'>,
  scope: ListScope,
  search: OrderSearch,
  language: Language,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  const format = formatters(language);
  yield CSV_BOM + csvRows([COLUMNS.map((column) => format.text(`export.columns.${column}`))]);
  let after: ExportCursor | null = null;
  for (;;) {
    const batch = await findOrderExportBatch(ctx.db, scope, search, language, after, batchSize);
    if (batch.length === 0) return;
    yield csvRows(batch.map((row) => exportRow(row, format)));
    const last = batch[batch.length - 1];
    if (batch.length < batchSize || !last) return;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}

/** The operators whose orders the export may hold: one audit line each, so each owner sees it. */
function exportedOperators(staff: ReturnType<typeof requireStaffAccess>): (number | null)[] {
  if (staff.grants.some((grant) => grant.scope === 'everywhere')) return [null];
  const ids = staff.grants.flatMap((grant) =>
    typeof grant.scope === 'object' ? [grant.scope.operatorId] : [],
  );
  return [...new Set(ids)];
}

/**
 * Every order of a search as CSV (`orders.export`'s scope, in the query). Who exported what is
 * written to the audit log before the first byte goes out: an export cut short still happened.
 */
export async function exportOrders(ctx: ServiceContext, input: OrderSearchFields) {
  const staff = requireStaffAccess(ctx, 'orders.export');
  const scope = staffListScope(ctx, 'orders.export');
  const filters = Object.fromEntries(
    Object.entries(orderSearchOf(input)).filter(([, value]) => value !== undefined),
  );
  for (const operatorId of exportedOperators(staff)) {
    await auditStaffChange(ctx.db, ctx, staff, {
      operatorId,
      action: 'orders.export',
      targetType: 'orders',
      targetId: 'csv',
      changes: { filters: [null, filters] },
    });
  }
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(ctx.clock.now());
  return {
    filename: `${translate(ctx.lang, 'consoleOrders', 'export.filename')}-${day}.csv`,
    // One piece waiting at most: the next batch is read when the connection has taken this one.
    body: Readable.from(orderExportPieces(ctx, scope, orderSearchOf(input), ctx.lang), {
      objectMode: false,
      highWaterMark: 1,
    }),
  };
}
