import type { CountryCode } from '@sentiero/contract/common';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../ui/query-state.tsx';
import { useRegions } from '../api.ts';

/** Regions with a country choice: the country list comes with the regions of the chosen one. */
export function RegionPicker({ initialCountry = 'IT' }: { initialCountry?: CountryCode }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState<CountryCode>(initialCountry);
  const regions = useRegions(country);
  const name = useId();
  const data = regions.data;

  return (
    <div>
      {data && (
        <fieldset className="mb-4 flex flex-wrap gap-2">
          <legend className="sr-only">{t('home.country')}</legend>
          {data.country_list.map((option) => (
            <label
              key={option.code}
              className="relative cursor-pointer rounded-full border border-stone-300 px-4 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name={name}
                value={option.code}
                checked={option.code === country}
                onChange={() => setCountry(option.code)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
              />
              {option.name}
            </label>
          ))}
        </fieldset>
      )}
      {data ? (
        <ul className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
          {data.region_list.map((region) => (
            <li key={region.id} className="text-stone-700">
              {region.name}
            </li>
          ))}
        </ul>
      ) : (
        <QueryState
          isPending={regions.isPending}
          isError={regions.isError}
          onRetry={() => regions.refetch()}
        />
      )}
    </div>
  );
}
