import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/spinner.tsx';
import { useStartEnrolment } from '../api.ts';
import { ConsoleCard, FailureAlert } from '../components/console-card.tsx';
import { QrCode } from '../components/qr-code.tsx';
import { CodeForm } from './code-form.tsx';

/**
 * `/console/two-factor`: the first sign-in sets up an authenticator app, which staff must use:
 * the key as a QR code and as text, then a code of it.
 */
export function Component() {
  const { t } = useTranslation(['console', 'errors']);
  const enrolment = useStartEnrolment();
  const { mutate } = enrolment;
  useEffect(() => mutate(), [mutate]);

  return (
    <ConsoleCard title={t('enrol.title')} lead={t('enrol.lead')}>
      <FailureAlert error={enrolment.error} fallback={t('errors:INTERNAL')} />
      {enrolment.isPending && <Spinner />}
      {enrolment.data && (
        <div className="flex flex-col items-center gap-3">
          <QrCode text={enrolment.data.uri} alt={t('enrol.qrAlt')} />
          <p className="text-center text-sm text-stone-600">{t('enrol.orType')}</p>
          <code className="break-all rounded bg-stone-100 px-2 py-1 font-mono text-sm">
            {enrolment.data.secret}
          </code>
          <details className="w-full text-sm text-stone-600">
            <summary>{t('enrol.uri')}</summary>
            <code className="break-all font-mono text-xs">{enrolment.data.uri}</code>
          </details>
        </div>
      )}
      {enrolment.data && <CodeForm />}
    </ConsoleCard>
  );
}
