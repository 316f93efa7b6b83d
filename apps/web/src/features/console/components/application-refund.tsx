import { refundRefusalOf } from '@sentiero/contract/rules/refund-refusals';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import type { ApplicationDetail } from '../inbox-api.ts';
import { useDateTime } from './inbox-list.tsx';

type Refund = NonNullable<ApplicationDetail['refund']>;

/**
 * A rejected listing's refund (ADR 039): asked of the provider, given back, or failed after the
 * provider took it — then the provider's reason in the reader's language, its code beside it,
 * and what staff must do, since the money did not go back.
 */
export function ApplicationRefund({ refund }: { refund: Refund }) {
  const { t, i18n } = useTranslation(['consoleInbox', 'errors']);
  const when = useDateTime();
  const amount = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }).format(
    refund.amount_cents / 100,
  );
  if (refund.state === 'pending')
    return <>{t('refund.pending', { amount, date: when(refund.requested_at) })}</>;
  const date = when(refund.settled_at ?? refund.requested_at);
  if (refund.state === 'succeeded') return <>{t('refund.succeeded', { amount, date })}</>;
  const reason = t(`errors:field.refundRefused.${refundRefusalOf(refund.failure_reason)}`);
  return (
    <Alert tone="error">
      <p className="font-medium">{t('refund.failed', { amount, date, reason })}</p>
      <p className="mt-1 text-sm">{t('refund.failedNext')}</p>
      {refund.failure_reason && (
        <p className="mt-1 font-mono text-xs">{t('refund.code', { code: refund.failure_reason })}</p>
      )}
    </Alert>
  );
}

/**
 * Why a rejection failed. The provider's refusal of the refund comes with its reason, in the
 * reader's language, and its code for a look in the provider's dashboard.
 */
export function RejectionFailure({ error, fallback }: { error: unknown; fallback: string }) {
  const { t } = useTranslation('consoleInbox');
  if (!error) return null;
  if (!(error instanceof ApiRequestError)) return <Alert tone="error">{fallback}</Alert>;
  const { reason, provider_code: code } = error.fields;
  return (
    <Alert tone="error">
      <p className="font-medium">{error.message}</p>
      {error.code === 'REFUND_REFUSED' && reason && <p className="mt-1">{reason}</p>}
      {error.code === 'REFUND_REFUSED' && code && (
        <p className="mt-1 font-mono text-xs">{t('refund.code', { code })}</p>
      )}
    </Alert>
  );
}
