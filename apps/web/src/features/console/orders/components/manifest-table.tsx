import { PAGES } from '@sentiero/contract/pages';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ManifestPage } from '../api.ts';
import { pagedColumnHelper, ServerPagedTable } from './server-paged-table.tsx';

type Guest = ManifestPage['guests'][number];

const helper = pagedColumnHelper<Guest>();

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
  return (
    <ServerPagedTable
      label={t('manifest.table', { day: manifest.day })}
      columns={columns}
      columnWidths={['w-[25%]', 'w-[29%]', 'w-[19%]', '']}
      rows={manifest.guests}
      page={manifest.page}
      pages={manifest.pages}
      total={manifest.total}
      pageSize={pageSize}
      onPage={onPage}
      printable
    />
  );
}
