import { REJECTION_REASON_MAX } from '@sentiero/contract/console-applications';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { type ApplicationDetail, useApproveApplication, useRejectApplication } from '../inbox-api.ts';
import { RejectionFailure } from './application-refund.tsx';
import { FailureAlert } from './console-card.tsx';
import { useReauthenticated } from './reauthentication.tsx';

type Approval = { link: string; mail_sent: boolean; email: string };

/**
 * Approve (the operator is made and its owner invited) or reject with a reason. Approving is a
 * team change: when the API asks who is at the keyboard, the re-authentication dialog opens.
 */
export function ApplicationReview({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation(['consoleInbox', 'errors']);
  const approve = useApproveApplication();
  const { run, dialog } = useReauthenticated();
  const [approval, setApproval] = useState<Approval | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const reviewable = application.state === 'submitted' || application.state === 'awaiting_payment';

  return (
    <div className="space-y-3">
      {approval && <ApprovalResult approval={approval} />}
      {reviewable && (
        <section aria-label={t('review.title')} className="space-y-3 rounded-lg border border-stone-200 p-3">
          <h3 className="font-semibold text-stone-900">{t('review.title')}</h3>
          <FailureAlert error={approve.error} fallback={t('errors:INTERNAL')} />
          {application.state === 'awaiting_payment' ? (
            <p className="text-sm text-stone-700">{t('review.unpaidHint')}</p>
          ) : (
            <p className="text-sm text-stone-700">
              {t('review.approveHint', { name: application.business_name, email: application.email })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {application.state === 'submitted' && (
              <Button
                busy={approve.isPending}
                busyLabel={t('review.approving')}
                onClick={() =>
                  void run(() =>
                    approve.mutateAsync({ id: application.id }).then((answer) =>
                      setApproval({
                        link: answer.invitation.link,
                        mail_sent: answer.invitation.mail_sent,
                        email: application.email,
                      }),
                    ),
                  )
                }
              >
                {t('review.approve')}
              </Button>
            )}
            {!rejecting && (
              <Button variant="secondary" onClick={() => setRejecting(true)}>
                {t('review.reject')}
              </Button>
            )}
          </div>
          {rejecting && <RejectForm application={application} onCancel={() => setRejecting(false)} />}
        </section>
      )}
      {dialog}
    </div>
  );
}

function ApprovalResult({ approval }: { approval: Approval }) {
  const { t } = useTranslation('consoleInbox');
  if (approval.mail_sent) {
    return <Alert tone="success">{t('review.approvedMailed', { email: approval.email })}</Alert>;
  }
  return (
    <Alert tone="info">
      <p>{t('review.approvedNotMailed', { email: approval.email })}</p>
      <p className="mt-2 break-all font-mono text-sm">{approval.link}</p>
    </Alert>
  );
}

function RejectForm({ application, onCancel }: { application: ApplicationDetail; onCancel(): void }) {
  const { t, i18n } = useTranslation(['consoleInbox', 'common', 'errors']);
  const reject = useRejectApplication();
  const [reason, setReason] = useState('');
  const [empty, setEmpty] = useState(false);
  const [mailFailed, setMailFailed] = useState(false);
  const fieldId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    reject.mutate(
      { id: application.id, reason },
      { onSuccess: (answer) => setMailFailed(!answer.mail_sent) },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('review.rejectTitle')}
      className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3"
    >
      <RejectionFailure error={reject.error} fallback={t('errors:INTERNAL')} />
      {mailFailed && <Alert tone="info">{t('review.rejectedNotMailed')}</Alert>}
      {application.paid_at && (
        <p className="text-red-900 text-sm">
          {t('review.paidRejectHint', {
            amount: new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }).format(
              application.amount_cents / 100,
            ),
          })}
        </p>
      )}
      <label htmlFor={fieldId} className="block font-medium text-red-950">
        {t('review.reason')}
      </label>
      <p id={`${fieldId}-hint`} className="text-red-900 text-sm">
        {t('review.reasonHint', { language: t(`common:languageNames.${application.language}`) })}
      </p>
      <textarea
        id={fieldId}
        className={`${inputClass} min-h-24`}
        value={reason}
        maxLength={REJECTION_REASON_MAX}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={empty || undefined}
        aria-describedby={`${fieldId}-hint${empty ? ` ${fieldId}-error` : ''}`}
      />
      {empty && (
        <p id={`${fieldId}-error`} className="text-red-700 text-sm">
          {t('review.reasonRequired')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" busy={reject.isPending}>
          {t('review.sendRejection')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('review.cancel')}
        </Button>
      </div>
    </form>
  );
}
