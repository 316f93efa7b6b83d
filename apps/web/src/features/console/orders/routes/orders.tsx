import { ORDER_SEARCH_PAGE_SIZE } from '@sentiero/contract/console-orders';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../../ui/query-state.tsx';
import type { ConsoleMe } from '../../api.ts';
import { ConsoleNav } from '../../components/console-nav.tsx';
import { SessionGate } from '../../components/session-gate.tsx';
import { useOrderChoices, useOrderSearch } from '../api.ts';
import { ExportButton, OrderExportsList } from '../components/order-exports.tsx';
import { OrderFilters } from '../components/order-filters.tsx';
import { OrdersTable } from '../components/orders-table.tsx';
import { paramsOfSearch, searchFromParams } from '../orders-logic.ts';

/**
 * `/console/orders`: the orders the staff member may see, found by code, buyer, guest, fiscal
 * code, fishing card, area, ticket, day or state; the search lives in the address, so it can be
 * shared and goes back with the browser. Whoever may export takes every match as CSV: at once
 * when small, else prepared by the queue and listed with its progress (ADR 041).
 */
export function Component() {
  return <SessionGate>{(me) => <OrdersScreen me={me} />}</SessionGate>;
}

function OrdersScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleOrders');
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const result = useOrderSearch(search);
  const choices = useOrderChoices();
  const canExport = me.permissions.includes('orders.export');
  const data = result.data;

  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="font-bold text-2xl text-stone-900">{t('search.title')}</h1>
          {canExport && <ExportButton search={search} />}
        </div>
        {canExport && <OrderExportsList />}
        <OrderFilters
          // A new address (back, a link) starts the form from what it asks for.
          key={params.toString()}
          search={search}
          choices={choices.data}
          onSearch={(next) => setParams(paramsOfSearch(next))}
        />
        <QueryState isPending={result.isPending} isError={result.isError} onRetry={() => result.refetch()} />
        {data && (
          <>
            <p className="text-stone-700" aria-live="polite">
              {t('search.results', { count: data.total })}
            </p>
            {data.orders.length === 0 ? (
              <p className="rounded-xl border border-stone-200 bg-white p-6 text-stone-600">
                {t('search.empty')}
              </p>
            ) : (
              <OrdersTable
                result={data}
                pageSize={ORDER_SEARCH_PAGE_SIZE}
                onPage={(page) => setParams(paramsOfSearch({ ...search, page }))}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
