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

/**
 * Orders read per query: 100,000 orders take 500 round trips. The driver turns a whole batch into
 * objects before the query returns, so a batch lives through the young generation's collections
 * while it arrives: at 500 orders (about 4 MB of rows) those survived and were moved to the old
 * generation, which V8 lets grow by hundreds of MB before collecting it (ADR 035). At 200 a batch
 * dies young, and the process stays within a few MB however large the export.
 */
export const EXPORT_BATCH_SIZE = 200;

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
 * The header row in `language`, without the byte-order mark: a queued export stores it as text,
 * and PGlite's text decoding drops a leading mark, so the mark is added as the file is sent.
 */
export function orderExportHeader(language: Language): string {
  const format = formatters(language);
  return csvRows([COLUMNS.map((column) => format.text(`export.columns.${column}`))]);
}

/** One batch of the file: the orders read, as CSV text, and where the next batch starts. */
export type OrderExportBatch = { text: string; orders: number; next: ExportCursor };

/**
 * The export's orders a batch at a time, from `after` on (newest first): each batch is read only
 * when the one before has been taken. The streamed download and the queued export (ADR 041)
 * both write their file with it; the queued one keeps `next` to start again from there.
 */
export async function* orderExportBatches(
  ctx: Pick<ServiceContext, 'db'>,
  scope: ListScope,
  search: OrderSearch,
  language: Language,
  { after = null, batchSize = EXPORT_BATCH_SIZE }: { after?: ExportCursor | null; batchSize?: number } = {},
): AsyncGenerator<OrderExportBatch> {
  const format = formatters(language);
  let from = after;
  for (;;) {
    const batch = await findOrderExportBatch(ctx.db, scope, search, language, from, batchSize);
    const last = batch[batch.length - 1];
    if (!last) return;
    from = { createdAt: last.cursorAt, id: last.id };
    yield { text: csvRows(batch.map((row) => exportRow(row, format))), orders: batch.length, next: from };
    if (batch.length < batchSize) return;
  }
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
  yield CSV_BOM + orderExportHeader(language);
  for await (const batch of orderExportBatches(ctx, scope, search, language, { batchSize })) yield batch.text;
}

/** The operators whose orders the export may hold: one audit line each, so each owner sees it. */
export function exportedOperators(staff: ReturnType<typeof requireStaffAccess>): (number | null)[] {
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
  const filters = exportFilters(input);
  for (const operatorId of exportedOperators(staff)) {
    await auditStaffChange(ctx.db, ctx, staff, {
      operatorId,
      action: 'orders.export',
      targetType: 'orders',
      targetId: 'csv',
      changes: { filters: [null, filters] },
    });
  }
  return {
    filename: exportFilename(ctx),
    // One piece waiting at most: the next batch is read when the connection has taken this one.
    body: Readable.from(orderExportPieces(ctx, scope, orderSearchOf(input), ctx.lang), {
      objectMode: false,
      highWaterMark: 1,
    }),
  };
}

/** The filters given, without those left out: what the audit log and a queued export keep. */
export function exportFilters(input: OrderSearchFields): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(orderSearchOf(input)).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number>;
}

/** `orders-2026-11-23.csv`, in the staff member's language, the day in the parks' time. */
export function exportFilename(ctx: Pick<ServiceContext, 'clock' | 'lang'>): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(ctx.clock.now());
  return `${translate(ctx.lang, 'consoleOrders', 'export.filename')}-${day}.csv`;
}
