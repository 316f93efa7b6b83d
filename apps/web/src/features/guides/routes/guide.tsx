import { GUIDE_SPECIES_SECTION, type Guide } from '@sentiero/contract/guides';
import { PAGES } from '@sentiero/contract/pages';
import { ArrowLeft, BookOpen, CircleCheck, Clock, Lock, WifiOff } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { withRedirect } from '../../../lib/redirect-path.ts';
import { notFoundPage, orNotFound, pageScope, prefetch } from '../../../lib/route-data.ts';
import { Alert } from '../../../ui/alert.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Markdown } from '../../../ui/markdown.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { getGuideQueryOptions, useGuide } from '../api.ts';
import { CATEGORY_ICON } from '../components/category-icon.ts';
import { GuideContents } from '../components/guide-contents.tsx';
import { SafetyBox } from '../components/safety-box.tsx';
import { SpeciesCard } from '../components/species-card.tsx';

const SLUG = /^[a-z0-9-]{1,80}$/;

/**
 * `/guides/:slug`. The server renders the free sample, which is the same for everyone (and
 * answers an unknown guide with a 404 page); a member's browser then asks for its own answer.
 * In the browser nothing is awaited, so the page opens at once, offline too.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  if (!SLUG.test(slug)) throw notFoundPage();
  if (import.meta.env.SSR) {
    const { queryClient, language } = pageScope(context);
    await orNotFound(queryClient.ensureQueryData(getGuideQueryOptions(language, slug)));
  } else if (!useAuthStore.getState().isLoggedIn) {
    void prefetch(context, ({ language }) => [getGuideQueryOptions(language, slug)]);
  }
  return { slug };
}

function Section({ section }: { section: Guide['sections'][number] }) {
  return (
    <section aria-labelledby={section.id}>
      <h2 id={section.id} className="mt-10 scroll-mt-24 font-semibold text-2xl text-stone-900 tracking-tight">
        {section.title}
      </h2>
      <Markdown source={section.body} />
    </section>
  );
}

function SpeciesCards({ guide }: { guide: Guide }) {
  const heading = guide.toc.find((entry) => entry.id === GUIDE_SPECIES_SECTION);
  return (
    <section aria-labelledby={GUIDE_SPECIES_SECTION}>
      <h2
        id={GUIDE_SPECIES_SECTION}
        className="mt-10 scroll-mt-24 font-semibold text-2xl text-stone-900 tracking-tight"
      >
        {heading?.title}
      </h2>
      <div className="mt-4 space-y-4">
        {guide.species.map((species) => (
          <SpeciesCard key={species.id} species={species} />
        ))}
      </div>
    </section>
  );
}

/** What a reader without Sentiero+ is missing, and the way to it. */
function LockedRest({ guide, banner, checking }: { guide: Guide; banner: ReactNode; checking: boolean }) {
  const { t } = useTranslation('guides');
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  const locked = guide.toc.filter((entry) => entry.locked);
  if (checking) {
    return (
      <div className="mt-10 flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-5 text-stone-600">
        <Spinner size="small" />
        {t('guide.checking')}
      </div>
    );
  }
  return (
    <section
      aria-labelledby="guide-locked"
      className="mt-10 rounded-2xl border border-amber-200 bg-sand-50 p-5 sm:p-6"
    >
      <h2 id="guide-locked" className="flex items-center gap-2 font-semibold text-stone-900 text-xl">
        <Lock aria-hidden className="size-5 text-amber-700" />
        {t('guide.lockedTitle')}
      </h2>
      <p className="mt-2 text-stone-700">{t('guide.lockedLead')}</p>
      <h3 className="mt-4 font-medium text-sm text-stone-900">{t('guide.lockedList')}</h3>
      <ul className="mt-2 grid gap-1.5 text-sm text-stone-700 sm:grid-cols-2">
        {locked.map((entry) => (
          <li key={entry.id} className="flex items-start gap-1.5">
            <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0 text-stone-500" />
            {entry.title}
          </li>
        ))}
      </ul>
      <div className="mt-5">{banner}</div>
      {!isLoggedIn && (
        <p className="mt-3 text-sm">
          <Link
            to={withRedirect('login', PAGES.guide.path({ slug: guide.slug }))}
            className="font-medium text-brand-800 underline"
          >
            {t('guide.memberLogin')}
          </Link>
        </p>
      )}
    </section>
  );
}

/** `banner`: the Sentiero+ invitation, composed in by the app. */
export function GuidePage({ banner }: { banner: ReactNode }) {
  const { slug } = useLoaderData<typeof loader>();
  const { t } = useTranslation('guides');
  const language = useCurrentLanguage();
  const reading = useGuide(slug);
  const { guide } = reading;

  const back = (
    <Link
      to={PAGES.guides.path()}
      className="inline-flex items-center gap-1.5 text-brand-800 text-sm hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {t('guide.back')}
    </Link>
  );
  if (!guide) {
    return (
      <div className="space-y-6">
        {back}
        {reading.notFound ? (
          <EmptyState
            icon={BookOpen}
            title={t('guide.notFound')}
            hint={t('guide.notFoundHint')}
            steps={[{ to: PAGES.guides.path(), label: t('guide.back') }]}
          />
        ) : reading.offline ? (
          <Alert tone="info">
            <p className="flex items-start gap-2">
              <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0" />
              {t('guide.offlineNotSaved')}
            </p>
          </Alert>
        ) : (
          <QueryState isPending={reading.isPending} isError={reading.isError} onRetry={reading.refetch} />
        )}
      </div>
    );
  }

  const Icon = CATEGORY_ICON[guide.category];
  // Below the contents, not above the text: it appears once the member's answer is in, and
  // must not push the page down while it is being read.
  const savedNote =
    guide.full && !reading.savedAt ? (
      <p className="mt-3 flex items-start gap-1.5 border-stone-100 border-t pt-3 text-green-800">
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('guide.savedOffline')}
      </p>
    ) : null;
  return (
    <article lang={language} className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="min-w-0 max-w-2xl">
        {back}
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
          <span className="inline-flex items-center gap-1.5 font-medium text-brand-800">
            <Icon aria-hidden className="size-4" />
            {t(`category.${guide.category}`)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden className="size-4" />
            {t('minutes', { count: guide.reading_minutes })}
          </span>
          <span>{guide.full ? t('list.full') : t('list.sample')}</span>
        </p>
        <h1 className="mt-2 font-semibold text-3xl text-stone-900 tracking-tight sm:text-4xl">
          {guide.title}
        </h1>
        <p className="mt-3 text-lg text-stone-600">{guide.summary}</p>
        {reading.savedAt ? (
          <div className="mt-4">
            <Alert tone="info">
              <p className="flex items-start gap-2">
                <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0" />
                {t('guide.offline', {
                  date: formatLocalizedDate(reading.savedAt.slice(0, 10), language, 'long'),
                })}
              </p>
            </Alert>
          </div>
        ) : null}
        {guide.safety && (
          <div className="mt-6">
            <SafetyBox safety={guide.safety} />
          </div>
        )}
        <div className="mt-6 lg:hidden">
          <GuideContents toc={guide.toc} headingId="guide-toc-top" footer={savedNote} />
        </div>
        <div className="text-stone-800 leading-relaxed">
          {guide.sections.map((section) => (
            <Fragment key={section.id}>
              <Section section={section} />
              {section.id === guide.species_after && guide.species.length > 0 && (
                <SpeciesCards guide={guide} />
              )}
            </Fragment>
          ))}
        </div>
        {!guide.full && <LockedRest guide={guide} banner={banner} checking={reading.checkingMembership} />}
      </div>
      <aside className="hidden lg:sticky lg:top-24 lg:block lg:self-start">
        <GuideContents toc={guide.toc} headingId="guide-toc-side" footer={savedNote} />
      </aside>
    </article>
  );
}
