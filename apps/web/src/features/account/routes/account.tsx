import { PAGES } from '@sentiero/contract/pages';
import { Bell, BookOpen, Download, LogOut, MapPin, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Card } from '../../../ui/card.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useMember } from '../api.ts';
import { AccountForm } from '../components/account-form.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { PreferencesSection } from '../components/preferences-section.tsx';
import { SubscriptionsSection } from '../components/subscriptions-section.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';

const actionClass =
  'inline-flex items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-100';

/**
 * `/user` and `/user/account`: the account screen (SPEC section 2). The Sentiero+ membership
 * comes from the premium feature and the recommendations from the catalogue, composed in by the
 * app (`premium`, `recommendations`).
 */
export function AccountScreen({
  premium,
  recommendations,
}: {
  premium?: ReactNode;
  /** The member's "for you" row, shown under the preferences that rank it. */
  recommendations?: ReactNode;
}) {
  const { t } = useTranslation('account');
  const language = useCurrentLanguage();
  const user = useMember();
  // Signing out (a password change) empties the store a moment before the page changes.
  if (!user) return null;

  return (
    <div className="space-y-6">
      <PageHeading lead={t('account.lead', { name: user.firstname })}>{t('account.title')}</PageHeading>
      <Card title={t('edit.title')}>
        <AccountForm user={user} />
      </Card>
      <Card title={t('password.title')}>
        <PasswordForm />
      </Card>
      {user.is_premium && (
        <nav aria-label={t('navbar.fieldTools')} className="flex flex-wrap gap-3">
          <Link to={PAGES.finds.path()} className={actionClass}>
            <MapPin aria-hidden className="size-4" />
            {t('navbar.finds')}
          </Link>
          <Link to={PAGES.notebook.path()} className={actionClass}>
            <BookOpen aria-hidden className="size-4" />
            {t('navbar.notebook')}
          </Link>
          <Link to={PAGES.alerts.path()} className={actionClass}>
            <Bell aria-hidden className="size-4" />
            {t('navbar.alerts')}
          </Link>
        </nav>
      )}
      <div id="subscriptions" className="scroll-mt-24">
        <Card title={t('subscriptions.title')}>
          <SubscriptionsSection user={user} premium={premium} />
        </Card>
      </div>
      <div id="preferences" className="scroll-mt-24">
        <Card title={t('preferences.title')}>
          <PreferencesSection user={user} />
        </Card>
      </div>
      {recommendations}
      <Card title={t('twoFactor.title')}>
        <TwoFactorSection user={user} />
      </Card>
      <Card title={t('data.title')}>
        <p className="mb-4 text-stone-700">{t('data.lead')}</p>
        <div className="flex flex-wrap gap-3">
          {/* A plain link: the server answers the file with the session cookie, as an attachment. */}
          <a href={`/api/app/user/export?lng=${language}`} download className={actionClass}>
            <Download aria-hidden className="size-4" />
            {t('data.export')}
          </a>
          <Link to={PAGES.logout.path()} className={actionClass}>
            <LogOut aria-hidden className="size-4" />
            {t('navbar.logout')}
          </Link>
          <Link to={PAGES.deleteAccount.path()} className={`${actionClass} text-red-800`}>
            <Trash2 aria-hidden className="size-4" />
            {t('navbar.deleteAccount')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
