import type { CountryCode } from '@sentiero/contract/common';
import { PAGES } from '@sentiero/contract/pages';
import { Map as MapIcon, MapPinOff } from 'lucide-react';
import { lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
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
import { RegionLinks } from '../components/region-links.tsx';
import { regionPagePath, regionParam } from '../region-page.ts';

const COUNTRIES = ['IT', 'CH', 'ES', 'SI'] as const;

const AreaMap = lazy(() => import('../components/area-map.tsx'));

/** `/events`: the areas where activities are sold, by country, a page at a time. */
const MAP_BOX = 'h-80 rounded-xl bg-stone-100 md:h-96';

/**
 * The map, at once on a wide screen; on a phone once asked for, in the same box: the map's
 * library and tiles are the heaviest part of the page, and a visitor on one bar of signal
 * mostly wants the list below it.
 */
function MapOnRequest({ label, children }: { label: string; children: ReactNode }) {
  const [wide] = useState(() => window.matchMedia('(min-width: 768px)').matches);
  const [asked, setAsked] = useState(false);
  if (wide || asked) return children;
  return <MapPreview label={label} onOpen={() => setAsked(true)} />;
}

/** The map's box before the map: a landscape and the button that opens it (inert until the page's script runs). */
function MapPreview({ label, onOpen }: { label: string; onOpen?: () => void }) {
  return (
    <div className={`${MAP_BOX} relative overflow-hidden`}>
      <img
        src="/illustrations/landscape-hills.svg"
        alt=""
        width={640}
        height={400}
        fetchPriority="high"
        className="absolute inset-0 size-full object-cover opacity-60"
      />
      <div className="absolute inset-0 flex items-center justify-center">
        <button
          type="button"
          onClick={onOpen}
          disabled={!onOpen}
          className="flex items-center gap-2 rounded-full bg-white px-5 py-3 font-semibold text-brand-900 shadow-lg ring-1 ring-stone-900/10 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <MapIcon aria-hidden className="size-5" />
          {label}
        </button>
      </div>
    </div>
  );
}

/** The `country` parameter, if it names a country Sentiero sells in. */
function countryParam(searchParams: URLSearchParams) {
  const code = searchParams.get('country')?.toUpperCase();
  return COUNTRIES.find((country) => country === code);
}

export function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return prefetch(context, ({ language }) => [
    getAreasQueryOptions(language, {
      country: countryParam(params),
      id_region: regionParam(params),
      page: pageParam(params),
    }),
    getRegionsQueryOptions(language),
    siteQueryOptions,
  ]);
}

/** `ad`: the listing's advertising slot, composed in by the app. */
export function Component({ ad }: { ad?: ReactNode }) {
  const { t } = useTranslation('catalogue');
  const [searchParams, setSearchParams] = useSearchParams();
  const country = countryParam(searchParams);
  const regionId = regionParam(searchParams);
  const page = usePageParam();
  const areas = useAreas({ country, id_region: regionId, page });

  const regionList = useRegions().data;
  const countries = regionList?.country_list ?? [];
  const regions = regionList?.region_list ?? [];
  const region = regions.find((entry) => entry.id === regionId);
  const map = useSite().data?.map;
  const navigate = useNavigate();

  function chooseCountry(code: CountryCode | undefined) {
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    next.delete('region');
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
      {region && (
        <div className="mb-4 flex flex-wrap items-baseline gap-x-3 text-stone-700">
          {/* The heading of the list below, which the map's region links come before. */}
          <h2 className="font-semibold text-lg text-stone-900">
            {t('events.inRegion', { region: region.name })}
          </h2>
          <Link to={PAGES.events.path({ country: region.country })} className="text-brand-800 underline">
            {t('events.allRegions')}
          </Link>
        </div>
      )}
      {areas.data ? (
        areas.data.area_list.length === 0 ? (
          <EmptyState
            icon={MapPinOff}
            title={t('empty.places')}
            hint={t('emptyHelp.placesHint')}
            steps={[
              ...(region
                ? [{ to: PAGES.events.path({ country: region.country }), label: t('events.allRegions') }]
                : []),
              ...(country ? [{ to: PAGES.events.path(), label: t('emptyHelp.allCountries') }] : []),
              { to: PAGES.search.path(), label: t('emptyHelp.search') },
            ]}
          />
        ) : (
          <>
            {map && (
              <ClientOnly fallback={<MapPreview label={t('events.showMap')} />}>
                <MapOnRequest label={t('events.showMap')}>
                  <AreaMap
                    areas={areas.data.area_list}
                    regions={regions}
                    tileUrl={map.tile_url}
                    attribution={map.attribution}
                    label={t('events.map')}
                    onOpen={(id) => navigate(PAGES.area.path({ eventsId: id }))}
                    onOpenRegion={(id) => {
                      const chosen = regions.find((entry) => entry.id === id);
                      if (chosen) navigate(regionPagePath(chosen));
                    }}
                  />
                </MapOnRequest>
              </ClientOnly>
            )}
            {/* Rendered with the page, before the map's script: the keyboard's way to the map's regions. */}
            {map && <RegionLinks regions={regions} />}
            {!region && <h2 className="sr-only">{t('events.list')}</h2>}
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {areas.data.area_list.map((area, index) => (
                <li key={area.id}>
                  {/* The first card shows on a phone's first screen below the map's box: not lazy. */}
                  <AreaCard area={area} priority={index === 0} />
                </li>
              ))}
            </ul>
            <Pager page={areas.data.page} pages={areas.data.pages} />
            {ad && <div className="mt-8">{ad}</div>}
          </>
        )
      ) : (
        <QueryState isPending={areas.isPending} isError={areas.isError} onRetry={() => areas.refetch()} />
      )}
    </div>
  );
}
