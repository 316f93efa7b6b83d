import { SEARCH_FIELDS } from '@sentiero/contract/pages';
import { isBlankSearchField, isEmptySearch, SEARCH_ANY } from '@sentiero/contract/search-choices';
import type { ReactNode } from 'react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSearchFilters } from '../../../queries/reference-data.ts';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { type SearchInput, useSearch } from '../api.ts';

type SearchResults = ReturnType<typeof useSearch>;

/** The fields the page keeps in its address, so a search can be shared and reloaded. */
const FIELDS = SEARCH_FIELDS;

function readInput(params: URLSearchParams): SearchInput {
  const input: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = params.get(field);
    if (value) input[field] = value;
  }
  return input as SearchInput;
}

const PRICE_FIELDS = ['min_price', 'max_price'];

function euros(cents: string | null): string {
  return cents && Number.isFinite(Number(cents)) ? String(Number(cents) / 100) : '';
}

type InputFieldProps = {
  label: string;
  name: string;
  value: string;
  type: 'search' | 'date' | 'number';
  placeholder?: string;
};

function InputField({ label, name, value, type, placeholder }: InputFieldProps) {
  return (
    <FormField label={label}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          defaultValue={value}
          placeholder={placeholder}
          min={type === 'number' ? 0 : undefined}
          step={type === 'number' ? 1 : undefined}
          className={inputClass}
        />
      )}
    </FormField>
  );
}

type Option = { value: string | number; label: string };

/** A select of the search forms: "any" first (chosen until another is), then the server's choices. */
function SelectField({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: Option[];
}) {
  const { t } = useTranslation('search');
  return (
    <FormField label={label}>
      {(control) => (
        <select {...control} name={name} defaultValue={value || SEARCH_ANY} className={inputClass}>
          <option value={SEARCH_ANY}>{t('any')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/**
 * `/search`: the simple search (words, place, day: any one of them is a search, none at all is
 * refused with SPEC's message) and the full ticket filter of SPEC section 3.
 */
export function SearchPage({ renderResults }: { renderResults: (results: SearchResults) => ReactNode }) {
  const { t } = useTranslation(['search', 'catalogue']);
  const [params, setParams] = useSearchParams();
  const input = readInput(params);
  const asked = FIELDS.filter((field) => field !== 'page' && params.has(field));
  const hasSearch = !isEmptySearch(asked.map((field) => params.get(field) ?? ''));
  // An empty search would list the whole catalogue, which the page never shows: nothing is asked.
  const results = useSearch(input, { enabled: hasSearch });
  const filters = useSearchFilters().data;
  // Also when the browser sent the form itself, before the page's script ran: then the address
  // holds the fields, all blank.
  const [refused, setRefused] = useState(false);
  const mandatory = refused || (asked.length > 0 && !hasSearch);

  function apply(event: FormEvent<HTMLFormElement>, simple: boolean) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Prices are typed in euros and travel in cents.
    const entries = [...form.entries()].map(([key, raw]) => {
      const value = String(raw).trim();
      const inCents = PRICE_FIELDS.includes(key) && value !== '' && Number.isFinite(Number(value));
      return [key, inCents ? String(Math.round(Number(value) * 100)) : value] as const;
    });
    if (simple && isEmptySearch(entries.map(([, value]) => value))) {
      setRefused(true);
      return;
    }
    setRefused(false);
    const next = new URLSearchParams(simple ? params : undefined);
    next.delete('page');
    // "Any" is a choice, not a filter: it leaves the address, and the select shows it again.
    for (const [key, value] of entries) {
      if (isBlankSearchField(value)) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  }

  return (
    <div className="space-y-8">
      <PageHeading lead={t('lead')}>{t('title')}</PageHeading>

      <form
        noValidate
        onSubmit={(event) => apply(event, true)}
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
      >
        <InputField
          label={t('simple.what')}
          name="q"
          type="search"
          value={params.get('q') ?? ''}
          placeholder={t('simple.whatPlaceholder')}
        />
        <SelectField
          label={t('simple.where')}
          name="country"
          value={params.get('country') ?? ''}
          options={(filters?.country_list ?? []).map((country) => ({
            value: country.code,
            label: country.name,
          }))}
        />
        <InputField
          label={t('simple.when')}
          name="start_date"
          type="date"
          value={params.get('start_date') ?? ''}
        />
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t('simple.submit')}
        </button>
        {mandatory && (
          <p role="alert" className="text-red-700 text-sm md:col-span-4">
            {t('simple.mandatory')}
          </p>
        )}
      </form>

      <details
        className="rounded-xl border border-stone-200 bg-white p-4"
        open={hasSearch && !params.has('q')}
      >
        <summary className="cursor-pointer font-semibold">{t('filter.title')}</summary>
        <form
          noValidate
          onSubmit={(event) => apply(event, false)}
          className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        >
          <InputField label={t('filter.words')} name="q" type="search" value={params.get('q') ?? ''} />
          <SelectField
            label={t('filter.activities')}
            name="activity"
            value={params.get('activity') ?? ''}
            options={(filters?.activity_list ?? []).map((activity) => ({
              value: activity.slug,
              label: activity.name,
            }))}
          />
          <SelectField
            label={t('filter.services')}
            name="service"
            value={params.get('service') ?? ''}
            options={(filters?.service_tag_list ?? []).map((service) => ({
              value: service.slug,
              label: service.name,
            }))}
          />
          <SelectField
            label={t('filter.place')}
            name="country"
            value={params.get('country') ?? ''}
            options={(filters?.country_list ?? []).map((country) => ({
              value: country.code,
              label: country.name,
            }))}
          />
          <InputField
            label={t('filter.startDate')}
            name="start_date"
            type="date"
            value={params.get('start_date') ?? ''}
          />
          <InputField
            label={t('filter.endDate')}
            name="end_date"
            type="date"
            value={params.get('end_date') ?? ''}
          />
          <InputField
            label={t('filter.minPrice')}
            name="min_price"
            type="number"
            value={euros(params.get('min_price'))}
          />
          <InputField
            label={t('filter.maxPrice')}
            name="max_price"
            type="number"
            value={euros(params.get('max_price'))}
          />
          <SelectField
            label={t('filter.category')}
            name="id_category"
            value={params.get('id_category') ?? ''}
            options={(filters?.category_list ?? []).map((category) => ({
              value: category.id,
              label: category.name,
            }))}
          />
          <SelectField
            label={t('filter.type')}
            name="duration_type"
            value={params.get('duration_type') ?? ''}
            options={(filters?.duration_types ?? []).map((type) => ({
              value: type,
              label: t(`catalogue:duration.${type}`),
            }))}
          />
          <FormField label={t('filter.order')}>
            {(control) => (
              <select
                {...control}
                name="order"
                defaultValue={params.get('order') ?? 'default'}
                className={inputClass}
              >
                {filters?.orders.map((order) => (
                  <option key={order} value={order}>
                    {t(`filter.orders.${order}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="flex items-end">
            <button
              type="submit"
              className="w-full rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
            >
              {t('filter.apply')}
            </button>
          </div>
        </form>
      </details>

      {hasSearch && (
        <section aria-labelledby="search-results">
          <h2 id="search-results" className="mb-3 font-semibold text-xl">
            {results.data?.query_words.length
              ? t('resultsFor', { words: results.data.query_words.join(' ') })
              : t('results')}
          </h2>
          {renderResults(results)}
        </section>
      )}
    </div>
  );
}
