import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { UnsubscribePage } from '../../../ui/unsubscribe-page.tsx';
import { useUnsubscribeAlert } from '../api.ts';

/** `/alerts/unsubscribe?token=…`: the link of every alert mail, which ends that area's alerts. */
export function Component() {
  const { t } = useTranslation('alerts');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <UnsubscribePage
      token={token}
      unsubscribe={useUnsubscribeAlert(token)}
      texts={{
        title: t('unsubscribe.title'),
        lead: t('unsubscribe.lead'),
        invalid: t('unsubscribe.invalid'),
        button: t('unsubscribe.button'),
        busy: t('follows.saving'),
      }}
      done={(data) => t('unsubscribe.done', { area: data.area_name })}
      links={
        <>
          <Link to={PAGES.alerts.path()} className="font-medium text-brand-800 underline">
            {t('unsubscribe.manage')}
          </Link>
          <Link to={PAGES.home.path()} className="font-medium text-brand-800 underline">
            {t('unsubscribe.home')}
          </Link>
        </>
      }
    />
  );
}
