import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { currentLanguage } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { getCategoriesQueryOptions, getRegionsQueryOptions, useCategories, useRegions } from '../api.ts';

/** SPEC section 2: the category page loads the region list first. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = Number(params.categoryId);
  const language = currentLanguage();
  const [categories] = await Promise.all([
    queryClient.ensureQueryData(getCategoriesQueryOptions(language)),
    queryClient.ensureQueryData(getRegionsQueryOptions(language)),
  ]);
  if (!Number.isInteger(id) || !categories.category_list.some((category) => category.id === id)) {
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  return { id };
}

export function Component() {
  const { id } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const category = useCategories().data?.category_list.find((entry) => entry.id === id);
  const regions = useRegions().data?.region_list ?? [];
  return (
    <div>
      <PageHeading>{category?.name ?? t('category.title')}</PageHeading>
      <h2 className="mb-3 font-semibold text-xl">{t('category.regions')}</h2>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
        {regions.map((region) => (
          <li key={region.id}>{region.name}</li>
        ))}
      </ul>
    </div>
  );
}
