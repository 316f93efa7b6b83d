import { INBOX_KINDS, INBOX_STATES } from '@sentiero/contract/inbox';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import type { InboxPage } from '../inbox-api.ts';
import { searchTooShort, withParam } from '../inbox-logic.ts';

const selectClass = `${inputClass} py-1.5`;

/** Kind, state and assignee pick at once; the search is sent with its button (or Enter). */
export function InboxFilterBar({ assignees }: { assignees: InboxPage['assignees'] }) {
  const { t } = useTranslation('consoleInbox');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [q, setQ] = useState(searchParams.get('q') ?? '');
  const tooShort = searchTooShort(q);
  const go = (key: string, value: string | null) => navigate(withParam(searchParams, key, value));

  function search(event: FormEvent) {
    event.preventDefault();
    if (!tooShort) void go('q', q.trim() || null);
  }

  return (
    <div className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-3 xl:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.6fr)]">
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('filters.kind')}</span>
        <select
          className={selectClass}
          value={searchParams.get('kind') ?? ''}
          onChange={(event) => go('kind', event.target.value)}
        >
          <option value="">{t('filters.allKinds')}</option>
          {INBOX_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('filters.state')}</span>
        <select
          className={selectClass}
          value={searchParams.get('state') ?? ''}
          onChange={(event) => go('state', event.target.value)}
        >
          <option value="">{t('filters.allStates')}</option>
          {INBOX_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`states.${state}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('filters.assignee')}</span>
        <select
          className={selectClass}
          value={searchParams.get('assignee') ?? ''}
          onChange={(event) => go('assignee', event.target.value)}
        >
          <option value="">{t('filters.anyone')}</option>
          <option value="me">{t('filters.me')}</option>
          <option value="none">{t('filters.nobody')}</option>
          {assignees.map((staff) => (
            <option key={staff.id} value={staff.id}>
              {staff.name}
            </option>
          ))}
        </select>
      </label>
      <search className="sm:col-span-3 xl:col-span-1">
        <form onSubmit={search} className="flex flex-col gap-1 text-sm">
          <label htmlFor="inbox-search" className="font-medium text-stone-700">
            {t('filters.search')}
          </label>
          <div className="flex gap-2">
            <input
              id="inbox-search"
              type="search"
              className={selectClass}
              value={q}
              onChange={(event) => setQ(event.target.value)}
              aria-invalid={tooShort || undefined}
              aria-describedby={tooShort ? 'inbox-search-hint' : undefined}
              placeholder={t('filters.searchPlaceholder')}
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
          {tooShort && (
            <p id="inbox-search-hint" className="text-red-700">
              {t('filters.searchTooShort')}
            </p>
          )}
        </form>
      </search>
    </div>
  );
}
