import type { User } from '@sentiero/contract/accounts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useUpdateNewsletter } from '../api.ts';

/**
 * Subscriptions (SPEC section 2): the newsletter, with double opt-in (a subscription stays
 * pending until the link of the confirmation mail is opened), and the premium membership, which
 * the app composes in from the premium feature (`premium`).
 */
export function SubscriptionsSection({ user, premium }: { user: User; premium?: ReactNode }) {
  const { t } = useTranslation(['account', 'errors']);
  const change = useUpdateNewsletter();
  const state = user.newsletter;

  return (
    <div className="space-y-5">
      <div className="space-y-3">
        <h3 className="font-medium text-stone-900">{t('subscriptions.newsletter')}</h3>
        {state === 'pending' ? (
          <Alert tone="info">{t('subscriptions.pending')}</Alert>
        ) : (
          <p className="text-stone-700">{t(`subscriptions.${state}`)}</p>
        )}
        {change.isError && (
          <Alert tone="error">
            {change.error instanceof ApiRequestError ? change.error.message : t('errors:NETWORK')}
          </Alert>
        )}
        <div className="flex flex-wrap gap-3">
          {state !== 'subscribed' && (
            <Button
              busy={change.isPending && change.variables}
              busyLabel={t('subscriptions.sending')}
              disabled={change.isPending}
              onClick={() => change.mutate(true)}
            >
              {state === 'pending' ? t('subscriptions.resend') : t('subscriptions.subscribe')}
            </Button>
          )}
          {state !== 'unsubscribed' && (
            <Button
              variant="secondary"
              busy={change.isPending && !change.variables}
              busyLabel={t('subscriptions.sending')}
              disabled={change.isPending}
              onClick={() => change.mutate(false)}
            >
              {t('subscriptions.unsubscribe')}
            </Button>
          )}
        </div>
      </div>
      {premium && <div className="border-stone-200 border-t pt-4">{premium}</div>}
    </div>
  );
}
