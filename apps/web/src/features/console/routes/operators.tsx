import { ArrowLeft, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { ConsoleNav } from '../components/console-nav.tsx';
import { OperatorDetailView, OwnersLine } from '../components/operator-detail.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { useOperators } from '../inbox-api.ts';
import { withParam } from '../inbox-logic.ts';

/**
 * `/console/operators`: the operators that sell on Sentiero, for its admins: their areas counted
 * and their owners (or the owner an approved application invited), one opened beside the list.
 */
export function Component() {
  return <SessionGate>{(me) => <OperatorsScreen me={me} />}</SessionGate>;
}

function OperatorsScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleInbox');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [q, setQ] = useState(searchParams.get('q') ?? '');
  const query = (searchParams.get('q') ?? '').trim();
  const list = useOperators({ q: query.length >= 2 ? query : undefined, page: pageParam(searchParams) });
  const open = Number(searchParams.get('operator'));
  const openId = Number.isInteger(open) && open > 0 ? open : null;
  const data = list.data;
  const tooShort = q.trim().length === 1;

  function search(event: FormEvent) {
    event.preventDefault();
    if (!tooShort) void navigate(withParam(searchParams, 'q', q.trim() || null));
  }

  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="font-bold text-2xl text-stone-900">{t('operators.title')}</h1>
          <search>
            <form onSubmit={search} className="flex flex-col gap-1 text-sm">
              <label htmlFor="operators-search" className="font-medium text-stone-700">
                {t('filters.search')}
              </label>
              <div className="flex gap-2">
                <input
                  id="operators-search"
                  type="search"
                  className={`${inputClass} py-1.5`}
                  value={q}
                  onChange={(event) => setQ(event.target.value)}
                  aria-invalid={tooShort || undefined}
                />
                <Button
                  type="submit"
                  variant="secondary"
                  className="px-3 py-1.5"
                  aria-label={t('filters.searchButton')}
                >
                  <Search aria-hidden className="size-4" />
                </Button>
              </div>
            </form>
          </search>
        </div>
        <div className="gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <div className={openId ? 'hidden lg:block' : ''}>
            <QueryState isPending={list.isPending} isError={list.isError} onRetry={() => list.refetch()} />
            {data && (
              <p className="mb-2 text-sm text-stone-600" aria-live="polite">
                {t('operators.count', { count: data.total })}
              </p>
            )}
            {data && data.operators.length > 0 && (
              <ul
                aria-label={t('operators.listLabel')}
                className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
              >
                {data.operators.map((operator) => {
                  const current = operator.id === openId;
                  return (
                    <li key={operator.id}>
                      <Link
                        to={withParam(searchParams, 'operator', operator.id)}
                        aria-current={current ? 'true' : undefined}
                        className={`block space-y-1 px-4 py-3 hover:bg-stone-50 ${current ? 'bg-brand-50 ring-2 ring-brand-600 ring-inset' : ''}`}
                      >
                        <span className="flex items-start justify-between gap-2">
                          <span className="min-w-0 font-semibold text-stone-900">{operator.name}</span>
                          <span className="shrink-0 text-sm text-stone-600">
                            {t('operators.areas', { count: operator.areas })}
                          </span>
                        </span>
                        <span className="block text-sm text-stone-700">
                          {t(`operatorKinds.${operator.kind}`)}
                          {operator.vat_number ? ` · ${operator.vat_number}` : ''}
                        </span>
                        <OwnersLine operator={operator} />
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
            {data && <Pager page={data.page} pages={data.pages} />}
          </div>
          {openId ? (
            <div className="space-y-3">
              <Link
                to={withParam(searchParams, 'operator', null)}
                className="inline-flex items-center gap-1 font-medium text-brand-800 text-sm underline lg:hidden"
              >
                <ArrowLeft aria-hidden className="size-4" />
                {t('operators.backToList')}
              </Link>
              <OperatorDetailView key={openId} id={openId} />
            </div>
          ) : (
            <p className="hidden rounded-xl border border-stone-300 border-dashed p-8 text-center text-stone-600 lg:block">
              {t('operators.pickOne')}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
