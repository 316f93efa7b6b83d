import { PAGES } from '@sentiero/contract/pages';
import { ClipboardCheck, Inbox, ScanLine, Sprout } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSwitcher } from '../../../app/language-switcher.tsx';
import { useField } from '../field-store.ts';
import { FreshnessBar } from './freshness-bar.tsx';

const NAV = [
  { to: `${PAGES.ranger.path()}/`, key: 'nav.scan', Icon: ScanLine, end: true },
  { to: PAGES.rangerInspection.path(), key: 'nav.inspection', Icon: ClipboardCheck, end: false },
  { to: PAGES.rangerGrowth.path(), key: 'nav.growth', Icon: Sprout, end: false },
  { to: PAGES.rangerQueue.path(), key: 'nav.queue', Icon: Inbox, end: false },
] as const;

/**
 * The app's frame on a phone: the freshness of its data always at the top, the screen, and four
 * large buttons at the bottom within reach of a thumb. On a wider screen the same column, centred.
 */
export function FieldFrame({ children, nav = true }: { children: ReactNode; nav?: boolean }) {
  const { t } = useTranslation('ranger');
  const waiting = useField((state) => state.records.filter((stored) => stored.state === 'pending').length);
  const online = useField((state) => state.online);
  return (
    <div className="flex min-h-dvh flex-col bg-white text-stone-950">
      <header className="bg-stone-950 text-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-2">
          <span className="font-bold text-xl">{t('app.title')}</span>
          <div className="flex items-center gap-2 text-stone-900">
            {!online && (
              <span className="rounded bg-white px-2 py-0.5 font-bold text-sm uppercase">
                {t('app.offline')}
              </span>
            )}
            <LanguageSwitcher />
          </div>
        </div>
      </header>
      {nav && <FreshnessBar />}
      <main className="mx-auto w-full max-w-xl flex-1 px-4 pt-4 pb-28">{children}</main>
      {nav && (
        <nav
          aria-label={t('nav.label')}
          className="fixed inset-x-0 bottom-0 border-stone-300 border-t-2 bg-white pb-[env(safe-area-inset-bottom)]"
        >
          <ul className="mx-auto grid max-w-xl grid-cols-4">
            {NAV.map(({ to, key, Icon, end }) => (
              <li key={key}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    `relative flex min-h-16 flex-col items-center justify-center gap-0.5 px-1 font-semibold text-sm ${
                      isActive ? 'bg-stone-950 text-white' : 'text-stone-900'
                    }`
                  }
                >
                  <Icon aria-hidden className="size-6" />
                  <span className="max-w-full truncate">{t(key)}</span>
                  {key === 'nav.queue' && waiting > 0 && (
                    <span
                      data-testid="waiting-count"
                      className="absolute top-1 right-[18%] min-w-6 rounded-full bg-amber-400 px-1.5 text-center font-bold text-stone-950 text-xs leading-6"
                    >
                      {waiting}
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
