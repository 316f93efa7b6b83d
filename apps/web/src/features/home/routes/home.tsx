import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../ui/page-heading.tsx';

export function HomePage({ categories, regions }: { categories: ReactNode; regions: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-10">
      <PageHeading lead={t('home.lead')}>{t('home.title')}</PageHeading>
      <section aria-labelledby="home-categories">
        <h2 id="home-categories" className="mb-3 font-semibold text-xl">
          {t('home.categories')}
        </h2>
        {categories}
      </section>
      <section aria-labelledby="home-regions">
        <h2 id="home-regions" className="mb-3 font-semibold text-xl">
          {t('home.regions')}
        </h2>
        {regions}
      </section>
    </div>
  );
}
