import { PAGES } from '@sentiero/contract/pages';
import type { ApplicationState } from '@sentiero/contract/work-with-us';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../ui/query-state.tsx';
import { type ApplicationDetail, useApplication } from '../inbox-api.ts';
import { ApplicationRefund } from './application-refund.tsx';
import { ApplicationReview } from './application-review.tsx';
import { useDateTime } from './inbox-list.tsx';

const STATE_TONES: Record<ApplicationState, string> = {
  submitted: 'bg-amber-100 text-amber-900 ring-amber-300',
  awaiting_payment: 'bg-sky-50 text-sky-900 ring-sky-300',
  approved: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  rejected: 'bg-stone-100 text-stone-700 ring-stone-300',
};

export function ApplicationStateBadge({ state }: { state: ApplicationState }) {
  const { t } = useTranslation('consoleInbox');
  return (
    <span
      className={`inline-block shrink-0 rounded-full px-2 py-0.5 font-medium text-xs ring-1 ${STATE_TONES[state]}`}
    >
      {t(`applicationStates.${state}`)}
    </span>
  );
}

export function ApplicationDetailView({ id }: { id: number }) {
  const application = useApplication(id);
  return (
    <>
      <QueryState
        isPending={application.isPending}
        isError={application.isError}
        onRetry={() => application.refetch()}
      />
      {application.data && <ApplicationPanel application={application.data} />}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-3">
      <dt className="font-medium text-sm text-stone-600">{label}</dt>
      <dd className="break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** What the featured listing's payment stands at; the commission plan owes nothing up front. */
function usePaymentText() {
  const { t, i18n } = useTranslation('consoleInbox');
  const when = useDateTime();
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
  return (application: ApplicationDetail) => {
    if (application.plan === 'commission') return t('payment.none');
    const amount = money.format(application.amount_cents / 100);
    const method = application.payment_method ? t(`paymentMethods.${application.payment_method}`) : '—';
    return application.paid_at
      ? t('payment.paid', { amount, method, date: when(application.paid_at) })
      : t('payment.awaiting', { amount, method });
  };
}

function ApplicationPanel({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation(['consoleInbox', 'common']);
  const when = useDateTime();
  const payment = usePaymentText();
  return (
    <article
      aria-labelledby="application-title"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="application-title" className="font-semibold text-stone-900 text-xl">
            {application.business_name}
          </h2>
          <p className="text-sm text-stone-600">
            {application.reference} · {when(application.created_at)}
          </p>
        </div>
        <ApplicationStateBadge state={application.state} />
      </header>
      <dl className="divide-y divide-stone-100">
        <Row label={t('application.kind')}>{t(`operatorKinds.${application.business_kind}`)}</Row>
        <Row label={t('application.vatNumber')}>
          {application.vat_number} ({application.vat_country})
        </Row>
        <Row label={t('application.contact')}>
          {application.contact_name}
          <br />
          <a className="underline" href={`mailto:${application.email}`}>
            {application.email}
          </a>{' '}
          · {application.phone}
        </Row>
        <Row label={t('application.language')}>{t(`common:languageNames.${application.language}`)}</Row>
        <Row label={t('application.activities')}>{application.activities.join(', ')}</Row>
        <Row label={t('application.where')}>
          {[application.region, application.country].filter(Boolean).join(', ')}
          {application.area_names && (
            <span className="block text-sm text-stone-700">{application.area_names}</span>
          )}
        </Row>
        <Row label={t('application.plan')}>{t(`plans.${application.plan}`)}</Row>
        <Row label={t('application.payment')}>{payment(application)}</Row>
        {application.message && (
          <Row label={t('application.message')}>
            <span className="whitespace-pre-line">{application.message}</span>
          </Row>
        )}
        {application.reviewed_at && (
          <Row label={t('application.reviewed')}>
            {t('application.reviewedBy', {
              name: application.reviewed_by?.name ?? '—',
              date: when(application.reviewed_at),
            })}
          </Row>
        )}
        {application.rejection_reason && (
          <Row label={t('application.reason')}>
            <span className="whitespace-pre-line">{application.rejection_reason}</span>
          </Row>
        )}
        {application.refund && (
          <Row label={t('application.refund')}>
            <ApplicationRefund refund={application.refund} />
          </Row>
        )}
        {application.operator && (
          <Row label={t('application.operator')}>
            <Link
              className="font-medium text-brand-800 underline"
              to={PAGES.consoleOperators.path({ operator: application.operator.id })}
            >
              {application.operator.name}
            </Link>
          </Row>
        )}
      </dl>
      <ApplicationReview application={application} />
    </article>
  );
}
