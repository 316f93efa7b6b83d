import { PAGES } from '@sentiero/contract/pages';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../../lib/format.ts';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';
import type { OrderSearchPage } from '../api.ts';
import { pagedColumnHelper, ServerPagedTable } from './server-paged-table.tsx';
import { StateBadge } from './state-badge.tsx';

type OrderRow = OrderSearchPage['orders'][number];

// The page is the server's: the table only shows it and moves between pages (ADR 033).
const helper = pagedColumnHelper<OrderRow>();

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
  return (
    <ServerPagedTable
      label={t('search.table')}
      columns={columns}
      columnWidths={['w-[28%]', '', 'w-[20%]', 'w-[21%]']}
      rows={result.orders}
      page={result.page}
      pages={result.pages}
      total={result.total}
      pageSize={pageSize}
      onPage={onPage}
    />
  );
}
