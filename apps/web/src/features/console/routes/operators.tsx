import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { pageParam } from '../../../ui/pager.tsx';
import type { ConsoleMe } from '../api.ts';
import { ListDetailFrame } from '../components/list-detail-frame.tsx';
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
  const data = list.data;
  const tooShort = q.trim().length === 1;

  function search(event: FormEvent) {
    event.preventDefault();
    if (!tooShort) void navigate(withParam(searchParams, 'q', q.trim() || null));
  }

  return (
    <ListDetailFrame
      me={me}
      title={t('operators.title')}
      tools={
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
      }
      param="operator"
      query={{ isPending: list.isPending, isError: list.isError, onRetry: () => list.refetch() }}
      aboveList={
        data && (
          <p className="mb-2 text-sm text-stone-600" aria-live="polite">
            {t('operators.count', { count: data.total })}
          </p>
        )
      }
      items={data?.operators}
      listLabel={t('operators.listLabel')}
      renderItem={(operator) => (
        <>
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
        </>
      )}
      paging={data}
      backLabel={t('operators.backToList')}
      pickOne={t('operators.pickOne')}
      detail={(id) => <OperatorDetailView key={id} id={id} />}
    />
  );
}
