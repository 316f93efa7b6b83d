import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { callApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';

type Outcome = { confirmed: true } | { confirmed: false; message: string | null };

/**
 * Confirms once per visit of the link: a loader runs once per navigation, where an effect would
 * run twice under StrictMode and the second call would find the link already used.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Outcome> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { confirmed: false, message: null };
  try {
    await callApi('newsletterConfirm', { token }, { signal: request.signal });
    return { confirmed: true };
  } catch (error) {
    return { confirmed: false, message: error instanceof ApiRequestError ? error.message : null };
  }
}

/** `/newsletter/confirm?token=…`: the link of the double opt-in mail. */
export function Component() {
  const { t } = useTranslation('account');
  const outcome = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl">
      <PageHeading>{t('newsletterPage.confirmTitle')}</PageHeading>
      {outcome.confirmed ? (
        <Alert tone="success">{t('newsletterPage.confirmed')}</Alert>
      ) : (
        <Alert tone="error">{outcome.message ?? t('newsletterPage.invalid')}</Alert>
      )}
      <Link to={PAGES.home.path()} className="mt-6 inline-block font-medium text-brand-800 underline">
        {t('newsletterPage.home')}
      </Link>
    </div>
  );
}
