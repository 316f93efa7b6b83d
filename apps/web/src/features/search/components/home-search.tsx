import { PAGES } from '@sentiero/contract/pages';
import { SEARCH_ANY } from '@sentiero/contract/search-choices';
import { MapPin, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRegions } from '../../../queries/reference-data.ts';
import { getSearchPath } from '../search-link.ts';

const fieldClass =
  'h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white pr-3 text-stone-900 placeholder:text-stone-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-700';

function Field({
  id,
  label,
  icon,
  children,
}: {
  id: string;
  label: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-semibold text-stone-800 text-xs uppercase tracking-wide">
        {label}
      </label>
      <div className="relative">
        {icon && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-stone-500"
          >
            {icon}
          </span>
        )}
        {children}
      </div>
    </div>
  );
}

/**
 * The home page's search box: what to do, and if the visitor likes where and when, sent to the
 * search page. A white card of its own, so it reads on the hero's picture as on a plain page.
 */
export function HomeSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const countries = useRegions().data?.country_list ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    navigate(getSearchPath({ q: text('q'), country: text('country'), start_date: text('start_date') }));
  }

  return (
    <search className="block">
      {/* Before the page's script runs (or without it) the browser sends the form to /search itself. */}
      <form
        action={PAGES.search.path()}
        method="get"
        aria-label={t('homeSearch.label')}
        onSubmit={submit}
        className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 text-left shadow-xl ring-1 ring-stone-900/5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
      >
        <div className="col-span-2 lg:col-span-1">
          <Field id={`${id}-q`} label={t('homeSearch.what')} icon={<Search className="size-4" />}>
            <input
              id={`${id}-q`}
              name="q"
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={100}
              placeholder={t('homeSearch.whatPlaceholder')}
              className={`${fieldClass} pl-9`}
            />
          </Field>
        </div>
        <Field id={`${id}-country`} label={t('homeSearch.where')} icon={<MapPin className="size-4" />}>
          <select
            id={`${id}-country`}
            name="country"
            defaultValue={SEARCH_ANY}
            className={`${fieldClass} pl-9`}
          >
            <option value={SEARCH_ANY}>{t('homeSearch.anyPlace')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </Field>
        {/* The browser draws its own calendar icon in a date field. */}
        <Field id={`${id}-when`} label={t('homeSearch.when')}>
          <input id={`${id}-when`} name="start_date" type="date" className={`${fieldClass} pl-3`} />
        </Field>
        <button
          type="submit"
          className="col-span-2 flex h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700 focus-visible:outline-offset-2 lg:col-span-1"
        >
          <Search aria-hidden className="size-4" />
          {t('homeSearch.submit')}
        </button>
      </form>
    </search>
  );
}
