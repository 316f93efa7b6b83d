import { PAGES } from '@sentiero/contract/pages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useSite } from '../../../lib/site.ts';
import { Card } from '../../../ui/card.tsx';
import { useHydrated } from '../../../ui/client-only.tsx';
import { Locked } from '../../../ui/locked.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useAlerts } from '../api.ts';
import { FollowCard } from '../components/follow-card.tsx';
import { QuietHoursForm } from '../components/quiet-hours-form.tsx';
import { ThisDevice } from '../components/this-device.tsx';

/**
 * `/user/alerts`: a Sentiero+ member's alerts (issue 15, item 3): the areas they follow and what
 * each tells them, this device's notifications and the quiet hours. Anyone else sees what the
 * alerts are and the Sentiero+ banner the app composes in; the server refuses them too.
 */
export function AlertsPage({ banner }: { banner?: ReactNode }) {
  const { t } = useTranslation('alerts');
  const hydrated = useHydrated();
  const isPremium = useAuthStore((state) => state.user?.is_premium ?? false);
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  return (
    <div>
      <PageHeading lead={t('lead')}>{t('title')}</PageHeading>
      {!hydrated ? (
        <Spinner size="large" />
      ) : isPremium ? (
        <MemberAlerts banner={banner} />
      ) : (
        <Locked explanation={t('locked', { brand })} banner={banner} />
      )}
    </div>
  );
}

function MemberAlerts({ banner }: { banner?: ReactNode }) {
  const { t } = useTranslation('alerts');
  const language = useCurrentLanguage();
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  const alerts = useAlerts(language);
  if (alerts.error instanceof ApiRequestError && alerts.error.status === 403) {
    return <Locked explanation={t('locked', { brand })} banner={banner} />;
  }
  if (!alerts.data) {
    return (
      <QueryState isPending={alerts.isPending} isError={alerts.isError} onRetry={() => alerts.refetch()} />
    );
  }
  const { follows, settings, push_public_key: publicKey, push_devices: devices } = alerts.data;
  return (
    <div className="max-w-3xl space-y-6">
      <Card title={t('device.title')}>
        <ThisDevice publicKey={publicKey} devices={devices} />
      </Card>
      <section aria-labelledby="followed-areas" className="space-y-3">
        <h2 id="followed-areas" className="font-semibold text-lg text-stone-900">
          {t('follows.title')}
        </h2>
        {follows.length === 0 ? (
          <p className="rounded-xl border border-stone-200 bg-white p-4 text-stone-700">
            {t('follows.empty')}
          </p>
        ) : (
          <ul className="space-y-3">
            {follows.map((follow) => (
              <li key={follow.area_id}>
                <FollowCard follow={follow} pushAvailable={publicKey !== ''} />
              </li>
            ))}
          </ul>
        )}
        <Link to={PAGES.growth.path()} className="inline-block font-medium text-brand-800 underline">
          {t('follows.toGrowth')}
        </Link>
      </section>
      <Card title={t('quiet.title')}>
        <QuietHoursForm settings={settings} />
      </Card>
    </div>
  );
}
