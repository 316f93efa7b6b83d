import { PAGES } from '@sentiero/contract/pages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function HomePage({
  categories,
  regions,
  highlights,
  search,
}: {
  categories: ReactNode;
  regions: ReactNode;
  /** The member's "for you" row, then the newest, hottest and discounted activities. */
  highlights: ReactNode;
  /** The search box, inside the hero. */
  search?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-10">
      <section
        aria-labelledby="home-title"
        className="-mx-4 -mt-8 overflow-hidden bg-sand-100 sm:mx-0 sm:mt-0 sm:rounded-2xl"
      >
        <div className="px-5 pt-8 sm:px-10 sm:pt-12">
          <h1
            id="home-title"
            className="max-w-2xl font-display font-semibold text-3xl text-brand-950 tracking-tight sm:text-display"
          >
            {t('home.title')}
          </h1>
          <p className="mt-3 max-w-xl text-stone-700 sm:text-lg">{t('home.lead')}</p>
          {search && <div className="mt-6 max-w-3xl">{search}</div>}
        </div>
        {/* The sky of the drawing is the hero's own colour, so the mountains rise out of it. */}
        <img
          src="/illustrations/hero.svg"
          alt=""
          width={1600}
          height={480}
          fetchPriority="high"
          className="aspect-[2/1] w-full object-cover sm:aspect-[10/3]"
        />
      </section>
      <HomeSection id="home-categories" title={t('home.categories')}>
        {categories}
      </HomeSection>
      <Link
        to={PAGES.growth.path()}
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
