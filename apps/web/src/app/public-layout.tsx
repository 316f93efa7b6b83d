import { PAGES } from '@sentiero/contract/pages';
import { Compass, Search, Ticket, User, UserRound } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useAuthStore } from '../lib/auth-store.ts';
import { readNotice } from '../lib/notice.ts';
import { useSite } from '../lib/site.ts';
import { Alert } from '../ui/alert.tsx';
import { PremiumBadge } from '../ui/premium-badge.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { lazyWhenSeen } from '../ui/when-seen.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { serverPageTakenOver } from './page-data.ts';

// Below the fold on every page: loaded when it comes near the screen, outside the page's first scripts.
const NewsletterSignup = lazyWhenSeen(
  async () => (await import('../features/account/components/newsletter-signup.tsx')).NewsletterSignup,
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-900' : 'text-stone-700 hover:bg-stone-100'}`;

const MAIN_LINKS = [
  { to: PAGES.events.path(), labelKey: 'nav.events' },
  { to: PAGES.promotions.path(), labelKey: 'nav.promotions' },
  { to: PAGES.search.path(), labelKey: 'nav.search' },
  { to: PAGES.blog.path(), labelKey: 'nav.blog' },
  { to: PAGES.contact.path(), labelKey: 'nav.contact' },
] as const;

function Header() {
  const { t } = useTranslation();
  const firstname = useAuthStore((state) => (state.isLoggedIn ? state.user?.firstname : undefined));
  const isPremium = useAuthStore((state) => state.isLoggedIn && (state.user?.is_premium ?? false));
  const site = useSite().data;
  const brand = site?.brand ?? 'Sentiero';
  const premiumBrand = site?.premium_brand ?? `${brand}+`;
  return (
    <header className="sticky top-0 z-20 border-stone-200 border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:gap-4">
        <Link
          to={PAGES.home.path()}
          className="flex shrink-0 items-center gap-2 font-bold font-display text-brand-900 text-lg tracking-tight sm:text-xl"
        >
          <img src="/favicon.svg" alt="" width="32" height="32" />
          {brand}
        </Link>
        <nav aria-label={t('nav.main')} className="hidden flex-1 items-center gap-1 md:flex">
          {MAIN_LINKS.map(({ to, labelKey }) => (
            <NavLink key={to} to={to} className={navLinkClass}>
              {t(labelKey)}
            </NavLink>
          ))}
          {/* From 1024 px: on a tablet the header has room for the main links only (the footer has it). */}
          <NavLink to={PAGES.plus.path()} className={(state) => `hidden lg:inline ${navLinkClass(state)}`}>
            {premiumBrand}
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <LanguageSwitcher />
          {firstname ? (
            <NavLink
              to={PAGES.account.path()}
              aria-label={
                isPremium
                  ? t('nav.accountOfMember', { name: firstname, plan: premiumBrand })
                  : t('nav.accountOf', { name: firstname })
              }
              className={(state) => `${navLinkClass(state)} flex items-center gap-1.5`}
            >
              <UserRound aria-hidden className="size-4" />
              <span className="max-w-24 truncate sm:max-w-32">{firstname}</span>
              {isPremium && <PremiumBadge label={premiumBrand} compact />}
            </NavLink>
          ) : (
            <NavLink to={PAGES.login.path()} className={navLinkClass}>
              {t('nav.login')}
            </NavLink>
          )}
        </div>
      </div>
    </header>
  );
}

function MobileNavbar() {
  const { t } = useTranslation();
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  const items = [
    { to: PAGES.events.path(), label: t('nav.explore'), Icon: Compass },
    { to: PAGES.search.path(), label: t('nav.search'), Icon: Search },
    { to: PAGES.myTickets.path(), label: t('nav.mytickets'), Icon: Ticket },
    // A member's profile button opens the member menu; a visitor's, the login.
    {
      to: isLoggedIn ? PAGES.userNavbar.path() : PAGES.account.path(),
      label: t('nav.profile'),
      Icon: User,
      end: true,
    },
  ];
  return (
    <nav
      aria-label={t('nav.mobile')}
      className="fixed inset-x-0 bottom-0 z-20 grid grid-cols-4 border-stone-200 border-t bg-white md:hidden"
    >
      {items.map(({ to, label, Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className={({ isActive }) =>
            `flex flex-col items-center gap-0.5 py-2 text-xs ${isActive ? 'text-brand-800' : 'text-stone-600'}`
          }
        >
          <Icon aria-hidden className="size-5" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

function Footer() {
  const { t } = useTranslation();
  const site = useSite().data;
  const premiumBrand = site?.premium_brand ?? `${site?.brand ?? 'Sentiero'}+`;
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  return (
    <footer className="mt-16 border-stone-200 border-t bg-white pb-20 md:pb-0">
      {!isLoggedIn && (
        <div className="mx-auto max-w-6xl px-4 pt-8 text-sm text-stone-600">
          <div className="max-w-md">
            <NewsletterSignup />
          </div>
        </div>
      )}
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-stone-600 md:grid-cols-2">
        <nav aria-label={t('footer.links')} className="flex flex-wrap gap-x-4 gap-y-2">
          <Link to={PAGES.about.path()}>{t('footer.about')}</Link>
          <Link to={PAGES.society.path()}>{t('footer.society')}</Link>
          <Link to={PAGES.company.path()}>{t('footer.company')}</Link>
          <Link to={PAGES.terms.path()}>{t('footer.terms')}</Link>
          <Link to={PAGES.contact.path()}>{t('footer.contact')}</Link>
          <Link to={PAGES.workWithUs.path()}>{t('footer.workWithUs')}</Link>
          <Link to={PAGES.blog.path()}>{t('nav.blog')}</Link>
          <Link to={PAGES.guides.path()}>{t('footer.guides')}</Link>
          <Link to={PAGES.plus.path()}>{premiumBrand}</Link>
          <Link to={PAGES.app.path()}>{t('footer.app')}</Link>
          <Link to={PAGES.verify.path()}>{t('footer.verify')}</Link>
        </nav>
        {site && (
          <div className="space-y-1 md:text-right">
            <p>{t('footer.rights', { year: new Date().getFullYear(), company: site.company.name })}</p>
            <p>
              {t('footer.taxNumber', { value: site.company.tax_number })} ·{' '}
              {t('footer.registerNumber', { value: site.company.register_number })}
            </p>
          </div>
        )}
      </div>
    </footer>
  );
}

function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div
      aria-hidden
      className={`fixed inset-x-0 top-0 z-30 h-0.5 bg-brand-600 transition-opacity ${busy ? 'animate-pulse opacity-100' : 'opacity-0'}`}
    />
  );
}

/**
 * The browser tab names the page by its heading, in the page's language: "Rafting on the Sesia ·
 * Sentiero". It follows the heading as the page's data arrives and when the language changes.
 * The page the server rendered keeps the title the server gave it until the visitor moves on.
 */
function DocumentTitle() {
  const brand = useSite().data?.brand ?? 'Sentiero';
  useEffect(() => {
    const main = document.querySelector('main');
    if (!main) return;
    const heading = () => main.querySelector('h1')?.textContent?.trim();
    // Read as the app took the page over: by now the visitor may be on another page.
    const serverPage = serverPageTakenOver();
    let keepServerTitle = serverPage !== undefined;
    const update = () => {
      const text = heading();
      if (keepServerTitle && text === serverPage?.heading) return;
      keepServerTitle = false;
      const title = text ? `${text} · ${brand}` : brand;
      if (document.title !== title) document.title = title;
    };
    update();
    // <main> stays while pages change inside it: one observer follows every page.
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [brand]);
  return null;
}

/** A message the previous page left for this one (a password changed, an account deleted). */
function Notice() {
  const notice = readNotice(useLocation().state);
  if (!notice) return null;
  return (
    <div className="mb-6">
      <Alert tone="success">{notice}</Alert>
    </div>
  );
}

/** The first Tab stop of every page: past the header's links, straight to what the page is about. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#content"
      className="sr-only z-30 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('skipToContent.label')}
    </a>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <DocumentTitle />
      <Header />
      {/* At least a screen high: while a page loads, the footer waits below the fold instead of jumping down. */}
      <main
        id="content"
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-8 outline-none"
      >
        <Notice />
        <Suspense fallback={<Spinner size="large" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <MobileNavbar />
      {/* A new page opens at its top; back and forward return to where the visitor was. */}
      <ScrollRestoration />
    </div>
  );
}
