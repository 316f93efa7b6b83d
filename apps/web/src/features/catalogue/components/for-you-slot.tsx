import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { getPictureBoxClass } from '../../../ui/activity-picture.tsx';
import { useHydrated } from '../../../ui/client-only.tsx';

const ForYouRow = lazy(async () => ({ default: (await import('./for-you-row.tsx')).ForYouRow }));

/** The row's list and each card: fixed heights, so the skeleton and the cards take the same room. */
export const FOR_YOU_LIST_CLASS =
  '-mx-4 flex h-[19.5rem] snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:scroll-px-0 sm:px-0';
export const FOR_YOU_CARD_CLASS =
  'relative flex h-full w-60 shrink-0 snap-start flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm';
const SKELETON_CARDS = 5;

/** The row's heading line; `action` is the link to the member's preferences once the row is there. */
export function ForYouHeading({ action }: { action?: ReactNode }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="mb-3 flex h-7 items-baseline justify-between gap-4">
      <h2 id="home-for-you" className="font-semibold text-xl">
        {t('forYou.title')}
      </h2>
      {action}
    </div>
  );
}

/** Cards of the row's shape, while its code or its answer is on the way. */
export function ForYouSkeleton() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-for-you" aria-busy="true">
      <ForYouHeading />
      <div role="status" aria-label={t('loading')} className={`${FOR_YOU_LIST_CLASS} overflow-hidden`}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
          <div key={index} aria-hidden className={FOR_YOU_CARD_CLASS}>
            <div className={`${getPictureBoxClass('band')} w-full animate-pulse bg-sand-100`} />
            <div className="space-y-3 p-3">
              <div className="h-3 w-1/3 rounded bg-stone-200" />
              <div className="h-4 w-4/5 rounded bg-stone-200" />
              <div className="h-3 w-1/2 rounded bg-stone-100" />
              <div className="h-3 w-2/3 rounded bg-brand-50" />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * The home page's "for you" row. The page is the same for everyone on the server (and kept for
 * all visitors), so the row is the browser's: nothing for a visitor, and for a member, after
 * hydration, a skeleton of the row's fixed height while its code (a module of its own, outside
 * the home page's first script) and their recommendations load.
 */
export function ForYouSlot() {
  const hydrated = useHydrated();
  const isMember = useAuthStore((state) => state.isLoggedIn);
  if (!hydrated || !isMember) return null;
  return (
    <Suspense fallback={<ForYouSkeleton />}>
      <ForYouRow />
    </Suspense>
  );
}
