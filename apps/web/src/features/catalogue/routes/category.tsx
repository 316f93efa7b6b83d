import type { CountryCode } from '@sentiero/contract/common';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { notFoundPage, pageScope, requireIdParam } from '../../../lib/route-data.ts';
import {
  getCategoriesQueryOptions,
  getRegionsQueryOptions,
  useCategories,
  useRegions,
} from '../../../queries/reference-data.ts';
import { ActivityPicture } from '../../../ui/activity-picture.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { usePageParam } from '../../../ui/pager.tsx';
import { useRegionTickets } from '../api.ts';
import { CountryFilter } from '../components/country-filter.tsx';
import { TicketList } from '../components/ticket-list.tsx';

/** A drawing for each category's page (SPEC section 2's ids 16 to 19), by slug. */
const CATEGORY_PICTURES: Record<string, string> = {
  adventure: 'rafting',
  'for-couples': 'canoe',
  'living-nature': 'wildlife-watching',
  'courses-and-lessons': 'windsurf',
};

/** SPEC section 2: the category page loads the region list first. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = requireIdParam(params.categoryId);
  const { queryClient, language } = pageScope(context);
  const [categories] = await Promise.all([
    queryClient.ensureQueryData(getCategoriesQueryOptions(language)),
    queryClient.ensureQueryData(getRegionsQueryOptions(language)),
  ]);
  if (!categories.category_list.some((category) => category.id === id)) throw notFoundPage();
  return { id };
}

function RegionTickets({ regionId, categoryId }: { regionId: number; categoryId: number }) {
  return <TicketList query={useRegionTickets(regionId, categoryId, usePageParam())} />;
}

export function Component() {
  const { id } = useLoaderData<typeof loader>();
  const { t } = useTranslation('catalogue');
  const [searchParams, setSearchParams] = useSearchParams();
  const category = useCategories().data?.category_list.find((entry) => entry.id === id);
  const all = useRegions().data;
  const regionId = Number(searchParams.get('region')) || undefined;
  const region = all?.region_list.find((entry) => entry.id === regionId);
  const country = (region?.country ??
    (searchParams.get('country') as CountryCode | null) ??
    'IT') as CountryCode;
  const regions = all?.region_list.filter((entry) => entry.country === country) ?? [];

  function choose(next: { country?: CountryCode; region?: number }) {
    const params = new URLSearchParams();
    if (next.country) params.set('country', next.country);
    if (next.region) params.set('region', String(next.region));
    // A filter on the same page: the visitor stays where they are.
    setSearchParams(params, { preventScrollReset: true });
  }

  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:gap-8">
        <ActivityPicture
          activity={CATEGORY_PICTURES[category?.slug ?? ''] ?? 'default'}
          priority
          shape="header"
          className="rounded-card lg:order-last"
        />
        <div className="lg:col-span-2">
          <PageHeading>{category?.name ?? t('category.title')}</PageHeading>
          <section aria-labelledby="category-regions">
            <h2 id="category-regions" className="mb-3 font-semibold text-xl">
              {t('category.regions')}
            </h2>
            {all && (
              <CountryFilter
                legend={t('events.country')}
                options={all.country_list}
                value={country}
                onChange={(code) => code && choose({ country: code })}
              />
            )}
            <ul className="flex flex-wrap gap-2">
              {regions.map((entry) => (
                <li key={entry.id}>
                  {/* A link, so a region opens even before the page's script has taken over. */}
                  <Link
                    to={`?${new URLSearchParams({ country, region: String(entry.id) })}`}
                    preventScrollReset
                    aria-current={entry.id === regionId ? 'page' : undefined}
                    className="block rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:font-medium"
                  >
                    {entry.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      {region && (
        <section aria-labelledby="category-tickets">
          <h2 id="category-tickets" className="mb-3 font-semibold text-xl">
            {t('category.ticketsIn', { region: region.name })}
          </h2>
          <RegionTickets regionId={region.id} categoryId={id} />
        </section>
      )}
    </div>
  );
}
