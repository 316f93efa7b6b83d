import { GUIDE_CATEGORIES, type GuideCard } from '@sentiero/contract/guides';
import { PAGES } from '@sentiero/contract/pages';
import { BookOpen, Clock, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { prefetch } from '../../../lib/route-data.ts';
import { siteQueryOptions, useSite } from '../../../lib/site.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { getGuideListQueryOptions, useGuideList } from '../api.ts';
import { CATEGORY_ICON } from '../components/category-icon.ts';

/** The list is public and the same for everyone: the server renders it (ADR 016). */
export function loader({ context }: LoaderFunctionArgs) {
  return prefetch(context, ({ language }) => [getGuideListQueryOptions(language), siteQueryOptions]);
}

function GuideCardItem({ guide, brand }: { guide: GuideCard; brand: string }) {
  const { t } = useTranslation('guides');
  const Icon = CATEGORY_ICON[guide.category];
  return (
    <li className="relative flex flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md sm:p-5">
      <p className="flex items-center justify-between gap-2 text-sm">
        <span className="inline-flex items-center gap-1.5 font-medium text-brand-800">
          <Icon aria-hidden className="size-4" />
          {t(`category.${guide.category}`)}
        </span>
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 text-xs">
          <Crown aria-hidden className="size-3.5" />
          {brand}
        </span>
      </p>
      <h3 className="mt-2 font-semibold text-lg text-stone-900 leading-snug">
        <Link
          to={PAGES.guide.path({ slug: guide.slug })}
          className="after:absolute after:inset-0 hover:underline"
        >
          {guide.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm text-stone-700">{guide.summary}</p>
      <p className="mt-3 flex items-center gap-1.5 text-sm text-stone-500">
        <Clock aria-hidden className="size-4" />
        {t('minutes', { count: guide.reading_minutes })}
        <span aria-hidden>·</span>
        {t('list.sample')}
      </p>
    </li>
  );
}

/** `/guides`: Sentiero+'s fishing and foraging guides, by subject; the first part of each is free. */
export function Component() {
  const { t } = useTranslation('guides');
  const guides = useGuideList();
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  if (!guides.data) {
    return (
      <div>
        <PageHeading>{t('list.title')}</PageHeading>
        <QueryState isPending={guides.isPending} isError={guides.isError} onRetry={() => guides.refetch()} />
      </div>
    );
  }
  const list = guides.data.guide_list;
  return (
    <div>
      <PageHeading lead={t('list.lead')}>{t('list.title')}</PageHeading>
      {list.length === 0 ? (
        <EmptyState icon={BookOpen} title={t('list.empty')} />
      ) : (
        <div className="space-y-10">
          {GUIDE_CATEGORIES.map((category) => {
            const inCategory = list.filter((guide) => guide.category === category);
            if (inCategory.length === 0) return null;
            return (
              <section key={category} aria-labelledby={`guides-${category}`}>
                <h2 id={`guides-${category}`} className="mb-4 font-semibold text-stone-900 text-xl">
                  {t(`category.${category}`)}
                </h2>
                <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                  {inCategory.map((guide) => (
                    <GuideCardItem key={guide.slug} guide={guide} brand={brand} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
