import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useStartFacebookLogin } from '../api.ts';

/**
 * "Log in with Facebook": the server answers the address of Facebook's dialog, or that this
 * way of logging in is not set up here (then the button goes away and says so).
 */
export function FacebookLoginButton() {
  const { t } = useTranslation(['account', 'errors']);
  const [unavailable, setUnavailable] = useState(false);
  const start = useStartFacebookLogin({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'NOT_CONFIGURED') setUnavailable(true);
    },
  });
  const message =
    start.error instanceof ApiRequestError ? start.error.message : start.isError ? t('errors:NETWORK') : null;

  return (
    <div className="space-y-3">
      {message && <Alert tone={unavailable ? 'info' : 'error'}>{message}</Alert>}
      {!unavailable && (
        <Button
          variant="secondary"
          className="w-full"
          busy={start.isPending || start.isSuccess}
          busyLabel={t('login.facebookGoing')}
          onClick={() => start.mutate()}
        >
          {t('login.facebook')}
        </Button>
      )}
    </div>
  );
}
