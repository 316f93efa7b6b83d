import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** SPEC section 2: "Unexpected Application Error" with the status text or the error message. */
export function ErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div role="alert" className="mx-auto max-w-xl py-16 text-center">
      <h1 className="font-semibold text-2xl">
        {t('errorScreen.title', { defaultValue: 'Unexpected Application Error' })}
      </h1>
      <p className="mt-3 text-stone-600">{describe(error)}</p>
      <Link to={PAGES.home.path()} className="mt-6 inline-block font-medium text-brand-800 underline">
        {t('errorScreen.home', { defaultValue: 'Back to the home page' })}
      </Link>
    </div>
  );
}
