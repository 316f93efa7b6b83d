import { PAGES } from '@sentiero/contract/pages';
import {
  Bell,
  BookOpen,
  ChevronRight,
  LogOut,
  type LucideIcon,
  MapPin,
  Ticket,
  Trash2,
  UserRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../../../lib/site.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { PremiumBadge } from '../../../ui/premium-badge.tsx';
import { useMember } from '../api.ts';

type MenuItem = { to: string; label: string; Icon: LucideIcon; danger?: boolean };

/** `/user-navbar`: the member's menu, thumb-sized for phones. */
export function Component() {
  const { t } = useTranslation('account');
  const user = useMember();
  const premiumBrand = useSite().data?.premium_brand ?? 'Sentiero+';
  const items: MenuItem[] = [
    { to: PAGES.accountSettings.path(), label: t('navbar.account'), Icon: UserRound },
    { to: PAGES.myTickets.path(), label: t('navbar.mytickets'), Icon: Ticket },
    // Sentiero+ tools of the field, for members who have them.
    ...(user?.is_premium
      ? [
          { to: PAGES.finds.path(), label: t('navbar.finds'), Icon: MapPin },
          { to: PAGES.notebook.path(), label: t('navbar.notebook'), Icon: BookOpen },
          { to: PAGES.alerts.path(), label: t('navbar.alerts'), Icon: Bell },
        ]
      : []),
    { to: PAGES.deleteAccount.path(), label: t('navbar.deleteAccount'), Icon: Trash2, danger: true },
    { to: PAGES.logout.path(), label: t('navbar.logout'), Icon: LogOut },
  ];
  return (
    <div className="mx-auto max-w-md">
      <PageHeading lead={user ? t('navbar.hello', { name: user.firstname }) : undefined}>
        {t('navbar.title')}
      </PageHeading>
      {user?.is_premium && (
        <p className="-mt-3 mb-5 flex items-center gap-2 text-stone-700">
          <PremiumBadge label={premiumBrand} />
          {t('navbar.member', { plan: premiumBrand })}
        </p>
      )}
      <nav aria-label={t('navbar.title')}>
        <ul className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
          {items.map(({ to, label, Icon, danger }) => (
            <li key={to}>
              <Link
                to={to}
                className={`flex min-h-14 items-center gap-3 px-4 py-3 font-medium hover:bg-stone-50 ${danger ? 'text-red-800' : 'text-stone-800'}`}
              >
                <Icon aria-hidden className="size-5 shrink-0" />
                <span className="flex-1">{label}</span>
                <ChevronRight aria-hidden className="size-4 text-stone-400" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
