import { PAGES } from '@sentiero/contract/pages';
import {
  createColumnHelper,
  functionalUpdate,
  type PaginationState,
  rowPaginationFeature,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../../lib/format.ts';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';
import type { OrderSearchPage } from '../api.ts';
import { StateBadge } from './state-badge.tsx';
import { TablePager } from './table-pager.tsx';

type OrderRow = OrderSearchPage['orders'][number];

// The page is the server's: the table only shows it and moves between pages (ADR 033).
const features = tableFeatures({ rowPaginationFeature });
const helper = createColumnHelper<typeof features, OrderRow>();

/** The search's page of orders as a table whose pages the server makes, 25 at a time. */
export function OrdersTable({
  result,
  pageSize,
  onPage,
}: {
  result: OrderSearchPage;
  pageSize: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('consoleOrders');
  const language = useCurrentLanguage();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('code', {
          header: t('columns.code'),
          cell: ({ row }) => (
            <div className="min-w-0">
              <Link
                to={PAGES.consoleOrder.path({ code: row.original.code })}
                className="whitespace-nowrap font-mono font-semibold text-[13px] text-brand-800 underline-offset-2 hover:underline"
              >
                {row.original.code}
              </Link>
              <p className="text-stone-600 text-xs">
                {new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
                  new Date(row.original.created_at),
                )}
              </p>
            </div>
          ),
        }),
        helper.accessor('buyer', {
          header: t('columns.buyer'),
          cell: ({ row }) => (
            <div className="min-w-0">
              <p className="truncate text-stone-900">{row.original.buyer.name}</p>
              <p className="truncate text-stone-600 text-xs">{row.original.buyer.email}</p>
            </div>
          ),
        }),
        helper.accessor('total_cents', {
          header: t('columns.total'),
          cell: ({ row }) => (
            <div className="flex flex-col">
              <span className="tabular-nums">{formatMoney(row.original.total_cents, language)}</span>
              <span className="text-stone-600 text-xs">
                {t('search.guests', { count: row.original.guests })} ·{' '}
                {t(`payment.${row.original.payment_method}`, { defaultValue: row.original.payment_method })}
              </span>
            </div>
          ),
        }),
        helper.accessor('state', {
          header: t('columns.state'),
          cell: ({ row }) => <StateBadge order={row.original} />,
        }),
      ]),
    [t, language],
  );
  const pagination: PaginationState = { pageIndex: result.page - 1, pageSize };
  const table = useTable({
    features,
    columns,
    data: result.orders,
    rowCount: result.total,
    manualPagination: true,
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) =>
      onPage(functionalUpdate(updater, pagination).pageIndex + 1),
  });

  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-left text-sm" aria-label={t('search.table')}>
        <colgroup>
          <col className="w-[28%]" />
          <col />
          <col className="w-[20%]" />
          <col className="w-[21%]" />
        </colgroup>
        <thead className="border-stone-200 border-b bg-stone-50 text-stone-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 font-medium">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-stone-200">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="align-top hover:bg-stone-50">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2.5">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <TablePager
        page={result.page}
        pages={result.pages}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        onPrevious={() => table.previousPage()}
        onNext={() => table.nextPage()}
      />
    </div>
  );
}
