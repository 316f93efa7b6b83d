import type { CountryCode } from '@sentiero/contract/common';
import { MapPinOff } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { prefetch } from '../../../lib/route-data.ts';
import { siteQueryOptions, useSite } from '../../../lib/site.ts';
import { getRegionsQueryOptions, useRegions } from '../../../queries/reference-data.ts';
import { ClientOnly } from '../../../ui/client-only.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { Pager, pageParam, usePageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { getAreasQueryOptions, useAreas } from '../api.ts';
import { AreaCard } from '../components/area-card.tsx';
import { CountryFilter } from '../components/country-filter.tsx';

const COUNTRIES = ['IT', 'CH', 'ES', 'SI'] as const;

const AreaMap = lazy(() => import('../components/area-map.tsx'));

/** `/events`: the areas where activities are sold, by country, a page at a time. */
/** The `country` parameter, if it names a country Sentiero sells in. */
function countryParam(searchParams: URLSearchParams) {
  const code = searchParams.get('country')?.toUpperCase();
  return COUNTRIES.find((country) => country === code);
}

export function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return prefetch(context, ({ language }) => [
    getAreasQueryOptions(language, { country: countryParam(params), page: pageParam(params) }),
    getRegionsQueryOptions(language),
    siteQueryOptions,
  ]);
}

export function Component() {
  const { t } = useTranslation('catalogue');
  const [searchParams, setSearchParams] = useSearchParams();
  const country = countryParam(searchParams);
  const page = usePageParam();
  const areas = useAreas({ country, page });

  const countries = useRegions().data?.country_list ?? [];
  const map = useSite().data?.map;
  const navigate = useNavigate();

  function chooseCountry(code: CountryCode | undefined) {
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    if (code) next.set('country', code);
    else next.delete('country');
    setSearchParams(next, { preventScrollReset: true });
  }

  return (
    <div>
      <PageHeading lead={t('events.lead')}>{t('events.title')}</PageHeading>
      {countries.length > 0 && (
        <CountryFilter
          legend={t('events.country')}
          options={countries}
          value={country}
          onChange={chooseCountry}
          allLabel={t('events.allCountries')}
        />
      )}
      {areas.data ? (
        areas.data.area_list.length === 0 ? (
          <EmptyState
            icon={MapPinOff}
            title={t('empty.places')}
            hint={t('emptyHelp.placesHint')}
            steps={[
              ...(country ? [{ to: '/events', label: t('emptyHelp.allCountries') }] : []),
              { to: '/search', label: t('emptyHelp.search') },
            ]}
          />
        ) : (
          <>
            {map && (
              <ClientOnly fallback={<div className="h-80 rounded-xl bg-stone-100 md:h-96" />}>
                <AreaMap
                  areas={areas.data.area_list}
                  tileUrl={map.tile_url}
                  attribution={map.attribution}
                  label={t('events.map')}
                  onOpen={(id) => navigate(`/events/${id}`)}
                />
              </ClientOnly>
            )}
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {areas.data.area_list.map((area, index) => (
                <li key={area.id}>
                  <AreaCard area={area} priority={!map && index === 0} />
                </li>
              ))}
            </ul>
            <Pager page={areas.data.page} pages={areas.data.pages} />
          </>
        )
      ) : (
        <QueryState isPending={areas.isPending} isError={areas.isError} onRetry={() => areas.refetch()} />
      )}
    </div>
  );
}
