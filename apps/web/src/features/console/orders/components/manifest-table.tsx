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
import type { ManifestPage } from '../api.ts';
import { TablePager } from './table-pager.tsx';

type Guest = ManifestPage['guests'][number];

const features = tableFeatures({ rowPaginationFeature });
const helper = createColumnHelper<typeof features, Guest>();

const STATE_TONES: Record<Guest['state'], string> = {
  paid: 'bg-green-100 text-green-900',
  pay_on_site: 'bg-amber-100 text-amber-900',
  checked_in: 'bg-sky-100 text-sky-900',
};

/**
 * The day's guests by name, one row each, as the desk reads them on a tablet and prints them
 * for the meeting point: a box to tick by hand on paper, the state, and whom to call.
 */
export function ManifestTable({
  manifest,
  pageSize,
  showTicket,
  onPage,
}: {
  manifest: ManifestPage;
  pageSize: number;
  showTicket: boolean;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('consoleOrders');
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('guest_name', {
          header: t('manifest.columns.guest'),
          cell: ({ row }) => (
            <span className="flex items-start gap-2">
              <span
                aria-hidden
                className="mt-0.5 hidden size-4 shrink-0 border border-stone-500 print:inline-block"
              />
              <span className="font-semibold text-stone-900">{row.original.guest_name}</span>
            </span>
          ),
        }),
        helper.accessor('order_code', {
          header: t('manifest.columns.order'),
          cell: ({ row }) => (
            <span className="flex flex-col">
              <Link
                to={PAGES.consoleOrder.path({ code: row.original.order_code })}
                className="whitespace-nowrap font-mono text-[13px] text-brand-800 hover:underline print:text-stone-900"
              >
                {row.original.order_code}
              </Link>
              {row.original.ticket_code && (
                <span className="font-mono text-stone-600 text-xs">{row.original.ticket_code}</span>
              )}
              {showTicket && <span className="text-stone-700 text-xs">{row.original.ticket_title}</span>}
            </span>
          ),
        }),
        helper.accessor('state', {
          header: t('manifest.columns.state'),
          cell: ({ row }) => (
            <span
              className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs print:border print:border-stone-400 print:bg-transparent ${STATE_TONES[row.original.state]}`}
            >
              {t(`manifest.states.${row.original.state}`)}
            </span>
          ),
        }),
        helper.accessor('buyer', {
          header: t('manifest.columns.buyer'),
          cell: ({ row }) => (
            <span className="flex min-w-0 flex-col text-sm">
              <span className="truncate">{row.original.buyer.name}</span>
              {row.original.buyer.phone && <span className="text-stone-700">{row.original.buyer.phone}</span>}
              {row.original.buyer.email && (
                <span className="truncate text-stone-600 text-xs">{row.original.buyer.email}</span>
              )}
            </span>
          ),
        }),
      ]),
    [t, showTicket],
  );
  const pagination: PaginationState = { pageIndex: manifest.page - 1, pageSize };
  const table = useTable({
    features,
    columns,
    data: manifest.guests,
    rowCount: manifest.total,
    manualPagination: true,
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) =>
      onPage(functionalUpdate(updater, pagination).pageIndex + 1),
  });

  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm print:overflow-visible print:rounded-none print:border-0 print:shadow-none">
      <table
        className="w-full table-fixed text-left text-sm"
        aria-label={t('manifest.table', { day: manifest.day })}
      >
        <colgroup>
          <col className="w-[25%]" />
          <col className="w-[29%]" />
          <col className="w-[19%]" />
          <col />
        </colgroup>
        <thead className="border-stone-200 border-b bg-stone-50 text-stone-600 print:bg-transparent print:text-stone-900">
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
        <tbody className="divide-y divide-stone-200 print:divide-stone-400">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="break-inside-avoid align-top">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2.5 print:py-1.5">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <TablePager
        page={manifest.page}
        pages={manifest.pages}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        onPrevious={() => table.previousPage()}
        onNext={() => table.nextPage()}
      />
    </div>
  );
}
