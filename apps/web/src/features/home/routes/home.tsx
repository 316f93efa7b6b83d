import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
