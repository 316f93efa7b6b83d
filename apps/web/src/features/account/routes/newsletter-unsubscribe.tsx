import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useUnsubscribeNewsletter } from '../api.ts';

/**
 * `/newsletter/unsubscribe?token=…`: the link of every newsletter mail. It asks first, so a
 * mail scanner that opens links cannot unsubscribe anyone.
 */
export function Component() {
  const { t } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeNewsletter(token);

  let body: ReactNode;
  if (unsubscribe.isSuccess) {
    body = <Alert tone="success">{t('newsletterPage.unsubscribed')}</Alert>;
  } else if (!token) {
    body = <Alert tone="error">{t('newsletterPage.invalid')}</Alert>;
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-stone-700">{t('newsletterPage.unsubscribeLead')}</p>
        {unsubscribe.isError && (
          <Alert tone="error">
            {unsubscribe.error instanceof ApiRequestError ? unsubscribe.error.message : t('errors:NETWORK')}
          </Alert>
        )}
        <Button
          busy={unsubscribe.isPending}
          busyLabel={t('newsletterPage.sending')}
          onClick={() => unsubscribe.mutate()}
        >
          {t('newsletterPage.unsubscribe')}
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl">
      <PageHeading>{t('newsletterPage.unsubscribeTitle')}</PageHeading>
      {body}
      <Link to="/" className="mt-6 inline-block font-medium text-brand-800 underline">
        {t('newsletterPage.home')}
      </Link>
    </div>
  );
}
