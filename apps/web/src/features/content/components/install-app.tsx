import { Download, Share, Smartphone } from 'lucide-react';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getInstallState, promptInstall, subscribeInstallPrompt } from '../../../lib/install-prompt.ts';
import { useSite } from '../../../lib/site.ts';
import { Button } from '../../../ui/button.tsx';
import { useHydrated } from '../../../ui/client-only.tsx';

type Platform = 'standalone' | 'ios' | 'other';

/** Where the page is open: the installed app already, Safari on iOS (no install prompt there), or elsewhere. */
function detectPlatform(): Platform {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (standalone) return 'standalone';
  const ua = navigator.userAgent;
  // iPadOS Safari says it is a Mac; a touch screen tells them apart.
  const apple = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return apple ? 'ios' : 'other';
}

/**
 * Installing the site as an app: the browser's own dialog where it offers one
 * (`beforeinstallprompt`), the steps for Safari on iPhone and iPad, and a plain hint elsewhere.
 * The server renders the hint; the browser puts the right guidance in the same box.
 */
export function InstallApp() {
  const { t } = useTranslation('pages');
  const hydrated = useHydrated();
  const brand = useSite().data?.brand ?? 'Sentiero';
  const state = useSyncExternalStore(subscribeInstallPrompt, getInstallState, () => 'unavailable' as const);
  const [declined, setDeclined] = useState(false);
  const platform: Platform = hydrated ? detectPlatform() : 'other';

  let guidance: ReactNode;
  if (platform === 'standalone' || state === 'installed') {
    guidance = <p>{t(state === 'installed' ? 'app.install.done' : 'app.install.standalone', { brand })}</p>;
  } else if (state === 'available') {
    guidance = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          onClick={async () => {
            const accepted = await promptInstall();
            setDeclined(!accepted);
          }}
        >
          <Download aria-hidden className="size-5" />
          {t('app.install.button')}
        </Button>
        <p className="text-sm text-stone-700">{t('app.install.offline')}</p>
      </div>
    );
  } else if (platform === 'ios') {
    guidance = (
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          {t('app.install.iosShare')}{' '}
          <Share aria-label={t('app.install.shareIcon')} className="inline size-4" />
        </li>
        <li>{t('app.install.iosAdd')}</li>
        <li>{t('app.install.iosConfirm')}</li>
      </ol>
    );
  } else {
    guidance = <p>{t(declined ? 'app.install.later' : 'app.install.menu')}</p>;
  }

  return (
    <section
      aria-labelledby="install-title"
      className="min-h-40 rounded-xl border border-brand-200 bg-brand-50 p-5 text-brand-950"
    >
      <h2 id="install-title" className="flex items-center gap-2 font-semibold text-lg">
        <Smartphone aria-hidden className="size-5" />
        {t('app.install.title', { brand })}
      </h2>
      <p className="mt-1 mb-4 text-stone-700">{t('app.install.lead', { brand })}</p>
      {guidance}
    </section>
  );
}

/** Badges to the native apps' store pages, only for the stores the server has links for. */
export function StoreLinks() {
  const { t } = useTranslation('pages');
  const links = useSite().data?.app_links;
  const stores = [
    { url: links?.app_store, label: t('app.appStore') },
    { url: links?.play_store, label: t('app.playStore') },
  ].filter((store): store is { url: string; label: string } => Boolean(store.url));
  if (stores.length === 0)
    return <p className="rounded-lg bg-sand-50 p-4 text-stone-800">{t('app.stores')}</p>;
  return (
    <div>
      <p className="mb-3 text-stone-800">{t('app.storesLead')}</p>
      <ul className="flex flex-wrap gap-3">
        {stores.map((store) => (
          <li key={store.url}>
            <a
              href={store.url}
              rel="noopener"
              className="inline-flex h-12 items-center gap-2 rounded-lg bg-stone-900 px-4 font-semibold text-white hover:bg-stone-800"
            >
              <Smartphone aria-hidden className="size-5" />
              {store.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
