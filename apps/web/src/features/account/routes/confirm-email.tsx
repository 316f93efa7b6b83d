import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { callApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';

type Outcome = { email: string; message: null } | { email: null; message: string | null };

/**
 * Confirms once per visit of the link: a loader runs once per navigation, where an effect would
 * run twice under StrictMode and the second call would find the link already used.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Outcome> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { email: null, message: null };
  try {
    const { email } = await callApi('userEmailConfirm', { token }, { signal: request.signal });
    // The link may be opened in the browser where the member is logged in: show the new address there too.
    const { user, isPremium, setUser } = useAuthStore.getState();
    if (user) setUser({ ...user, email }, isPremium);
    return { email, message: null };
  } catch (error) {
    return { email: null, message: error instanceof ApiRequestError ? error.message : null };
  }
}

/** `/confirm-email?token=…`: the link mailed to a new login email; opening it makes the change. */
export function Component() {
  const { t } = useTranslation('account');
  const outcome = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl">
      <PageHeading>{t('emailPage.title')}</PageHeading>
      {outcome.email ? (
        <Alert tone="success">{t('emailPage.confirmed', { email: outcome.email })}</Alert>
      ) : (
        <Alert tone="error">{outcome.message ?? t('emailPage.invalid')}</Alert>
      )}
      <Link to={PAGES.account.path()} className="mt-6 inline-block font-medium text-brand-800 underline">
        {t('emailPage.toAccount')}
      </Link>
    </div>
  );
}
