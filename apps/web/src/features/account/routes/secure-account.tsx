import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useSecureAccount } from '../api.ts';

/**
 * `/secure-account?token=…`: "it wasn't me", from a change notice. A button, not a request on
 * opening, because mail scanners open links: securing logs every device out and locks the password.
 */
export function Component() {
  const { t } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const secure = useSecureAccount(token);

  let failure: string | null = null;
  if (!token) failure = t('securePage.invalid');
  else if (secure.error instanceof ApiRequestError) failure = secure.error.message;
  else if (secure.error) failure = t('errors:NETWORK');

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageHeading lead={t('securePage.lead')}>{t('securePage.title')}</PageHeading>
      {secure.isSuccess ? (
        <Alert tone="success">
          <p>{t('securePage.done')}</p>
          <Link to={PAGES.login.path()} className="mt-2 inline-block font-medium text-brand-800 underline">
            {t('securePage.toLogin')}
          </Link>
        </Alert>
      ) : (
        <>
          {failure && <Alert tone="error">{failure}</Alert>}
          {token && (
            <Button
              variant="danger"
              busy={secure.isPending}
              busyLabel={t('securePage.sending')}
              onClick={() => secure.mutate()}
            >
              {t('securePage.submit')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
