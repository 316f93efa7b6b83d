import type { CountryCode } from '@sentiero/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../../../queries/reference-data.ts';
import { QueryState } from '../../../ui/query-state.tsx';
import { CountryFilter } from './country-filter.tsx';

/** Regions with a country choice: the country list comes with the regions of the chosen one. */
export function RegionPicker({ initialCountry = 'IT' }: { initialCountry?: CountryCode }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState<CountryCode>(initialCountry);
  const regions = useRegions(country);
  const data = regions.data;

  return (
    <div>
      {data && (
        <CountryFilter
          legend={t('home.country')}
          options={data.country_list}
          value={country}
          onChange={(code) => code && setCountry(code)}
        />
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
