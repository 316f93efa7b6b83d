import { PAGES } from '@sentiero/contract/pages';
import type { Ad, AdPlacement } from '@sentiero/contract/premium';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useSite } from '../../../lib/site.ts';
import { useHydrated } from '../../../ui/client-only.tsx';
import { useNearScreen } from '../../../ui/use-near-screen.ts';
import { getAdsQueryOptions } from '../ads-api.ts';

/**
 * The slot's fixed height: the page never moves when the ad arrives, or when there is none. Its
 * width is the column's, whatever the ad says: inline-size containment keeps a long title (one
 * line, cut with an ellipsis) from widening the column, and the page, on a phone.
 */
const SLOT_CLASS =
  'relative h-32 overflow-hidden rounded-xl border border-stone-200 bg-stone-50 [contain:inline-size]';

/** A path of ours, or a partner's https address; anything else is not shown. */
const isOurPath = (url: string) => url.startsWith('/') && !url.startsWith('//');
const isSafeTarget = (url: string) => isOurPath(url) || url.startsWith('https://');

function AdBody({ ad }: { ad: Ad }) {
  const content = (
    <>
      {ad.image && isOurPath(ad.image) && (
        <img
          src={ad.image}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className="size-20 shrink-0 rounded-lg object-cover"
        />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-stone-900">{ad.title}</span>
        {/* Two lines at most (line-clamp sets its own display): the slot's height holds no more. */}
        <span className="line-clamp-2 text-sm text-stone-700">{ad.text}</span>
        <span className="mt-1 block font-medium text-brand-800 text-sm underline">{ad.cta}</span>
      </span>
    </>
  );
  const linkClass =
    'flex h-full items-center gap-4 p-4 pt-6 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700 focus-visible:-outline-offset-2';
  // Our own pages open in the app; a partner's is a paid link (rel="sponsored") in a new tab.
  return isOurPath(ad.url) ? (
    <Link to={ad.url} className={linkClass}>
      {content}
    </Link>
  ) : (
    <a href={ad.url} target="_blank" rel="sponsored noopener" className={linkClass}>
      {content}
    </a>
  );
}

/**
 * An advertising slot of a page (home, listing, event, blog, growth), never inside the checkout
 * form. Its box is there from the server's render at its final height; the ad is asked for only
 * when the box comes near the screen. Labelled as advertising in the reader's language. Never
 * shown to a Sentiero+ member ("no advertising" is one of its benefits; the server answers none
 * to them too). Without an ad, the box offers browsing without ads instead.
 */
export function AdSlot({ placement }: { placement: AdPlacement }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const hydrated = useHydrated();
  const isPremium = useAuthStore((state) => state.user?.is_premium ?? false);
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  const box = useRef<HTMLElement>(null);
  const hidden = hydrated && isPremium;

  const near = useNearScreen(box);

  const ads = useQuery({ ...getAdsQueryOptions(language, placement), enabled: near && !hidden });
  if (hidden) return null;
  const ad = ads.data?.ads.find((candidate) => isSafeTarget(candidate.url));

  return (
    <aside ref={box} aria-label={t('ads.label')} className={SLOT_CLASS}>
      <span className="absolute top-1.5 right-3 text-[11px] text-stone-500 uppercase tracking-wide">
        {t('ads.label')}
      </span>
      {ad ? (
        <AdBody ad={ad} />
      ) : ads.isSuccess ? (
        <Link
          to={PAGES.plus.path()}
          className="flex h-full flex-col justify-center p-4 pt-6 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700 focus-visible:-outline-offset-2"
        >
          <span className="font-semibold text-stone-900">{t('ads.noAdsTitle')}</span>
          <span className="text-sm text-stone-700">{t('ads.noAdsText', { brand })}</span>
        </Link>
      ) : null}
    </aside>
  );
}
