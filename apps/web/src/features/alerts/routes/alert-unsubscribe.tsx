import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useUnsubscribeAlert } from '../api.ts';

/**
 * `/alerts/unsubscribe?token=…`: the link of every alert mail, which ends that area's alerts. It
 * asks first, so a mail scanner that opens links stops nobody's alerts (mail clients use the
 * one-click header instead).
 */
export function Component() {
  const { t } = useTranslation(['alerts', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeAlert(token);

  let body: ReactNode;
  if (unsubscribe.isSuccess) {
    body = <Alert tone="success">{t('unsubscribe.done', { area: unsubscribe.data.area_name })}</Alert>;
  } else if (!token) {
    body = <Alert tone="error">{t('unsubscribe.invalid')}</Alert>;
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-stone-700">{t('unsubscribe.lead')}</p>
        {unsubscribe.isError && (
          <Alert tone="error">
            {unsubscribe.error instanceof ApiRequestError ? unsubscribe.error.message : t('errors:NETWORK')}
          </Alert>
        )}
        <Button
          busy={unsubscribe.isPending}
          busyLabel={t('follows.saving')}
          onClick={() => unsubscribe.mutate()}
        >
          {t('unsubscribe.button')}
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl">
      <PageHeading>{t('unsubscribe.title')}</PageHeading>
      {body}
      <p className="mt-6 flex flex-wrap gap-4">
        <Link to="/user/alerts" className="font-medium text-brand-800 underline">
          {t('unsubscribe.manage')}
        </Link>
        <Link to="/" className="font-medium text-brand-800 underline">
          {t('unsubscribe.home')}
        </Link>
      </p>
    </div>
  );
}
