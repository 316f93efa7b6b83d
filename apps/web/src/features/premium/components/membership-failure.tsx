import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginPath } from '../../../lib/redirect-path.ts';
import { Alert } from '../../../ui/alert.tsx';
import type { MembershipFailure } from '../membership.ts';

/** A failed Sentiero+ call, said so the member knows what to do next. */
export function MembershipFailureMessage({ failure }: { failure: MembershipFailure }) {
  const { t } = useTranslation(['premium', 'checkout']);
  const { pathname, search } = useLocation();
  switch (failure.kind) {
    case 'login':
      return (
        <Alert tone="error">
          <p>{t('failure.login')}</p>
          <Link to={loginPath(pathname + search)} className="mt-2 inline-block font-medium underline">
            {t('failure.logIn')}
          </Link>
        </Alert>
      );
    case 'card':
      return (
        <Alert tone="error">
          {failure.problem === 'declined'
            ? t('checkout:declined.card')
            : t('checkout:problems.cardIncomplete')}
        </Alert>
      );
    case 'refused':
      return <Alert tone="error">{failure.message}</Alert>;
    case 'unexpected':
      return <Alert tone="error">{t('failure.unexpected')}</Alert>;
  }
}

/** A Sentiero+ read that failed (SPEC's premium error), with a way to ask again. */
export function MembershipRetry({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('premium');
  return (
    <Alert tone="error">
      <p>{t('failure.unexpected')}</p>
      <button type="button" onClick={onRetry} className="mt-2 font-medium underline">
        {t('failure.retry')}
      </button>
    </Alert>
  );
}
