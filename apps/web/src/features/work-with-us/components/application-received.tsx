import type { Application } from '@sentiero/contract/work-with-us';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';

/** After sending: the reference, what happens next, and for the featured plan whether it is paid. */
export function ApplicationReceived({ application }: { application: Application }) {
  const { t } = useTranslation('workWithUs');
  const language = useCurrentLanguage();
  const paid = application.plan === 'featured' && application.state === 'submitted';
  return (
    <section aria-labelledby="application-received" className="space-y-4 text-center" role="status">
      <CircleCheck aria-hidden className="mx-auto size-12 text-brand-700" />
      <h2 id="application-received" className="font-display font-semibold text-2xl text-stone-900">
        {t('received.title')}
      </h2>
      <p className="text-stone-700">{t('received.text')}</p>
      {paid && (
        <p className="text-stone-700">
          {t('received.paid', { price: formatMoney(application.amount_cents, language) })}
        </p>
      )}
      {application.state === 'awaiting_payment' && (
        <p className="text-stone-700">{t('received.paymentPending')}</p>
      )}
      <p className="text-sm text-stone-600">
        {t('received.reference')}{' '}
        <strong className="font-mono text-stone-900">{application.reference}</strong>
      </p>
    </section>
  );
}
