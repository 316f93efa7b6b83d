import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../ui/page-heading.tsx';

export function HomePage({
  categories,
  regions,
  highlights,
}: {
  categories: ReactNode;
  regions: ReactNode;
  /** Newest, hottest and discounted activities. */
  highlights: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-10">
      <PageHeading lead={t('home.lead')}>{t('home.title')}</PageHeading>
      <HomeSection id="home-categories" title={t('home.categories')}>
        {categories}
      </HomeSection>
      <Link
        to="/growth"
        className="flex items-center justify-between gap-4 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200 hover:bg-brand-100"
      >
        <span>
          <span className="block font-semibold text-brand-900">{t('home.growthTitle')}</span>
          <span className="block text-sm text-stone-700">{t('home.growthLead')}</span>
        </span>
        <span aria-hidden className="text-brand-800 text-xl">
          →
        </span>
      </Link>
      {highlights}
      <HomeSection id="home-regions" title={t('home.regions')}>
        {regions}
      </HomeSection>
    </div>
  );
}

function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-semibold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
