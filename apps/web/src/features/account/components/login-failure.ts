import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';

/** SPEC section 8: 'Error during login:' followed by the server text. */
export function useLoginFailureText() {
  const { t } = useTranslation(['account', 'errors']);
  return (error: unknown) =>
    `${t('login.failed')} ${error instanceof ApiRequestError ? error.message : t('errors:NETWORK')}`;
}
