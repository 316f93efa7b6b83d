import type { ConsoleIssue } from '@sentiero/contract/console-newsletter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button.tsx';
import { TextField } from '../../../../ui/form-field.tsx';
import { useCancelIssue, useScheduleIssue } from '../../comms-api.ts';
import { FailureAlert } from '../console-card.tsx';

/** `YYYY-MM-DDTHH:mm` of an instant in the staff member's time zone, for `datetime-local`. */
function localMinute(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Sending: now, or at a time, through the job queue, to the subscribers confirmed when it
 * starts; a draft or scheduled issue can be cancelled. Both ask to be confirmed first.
 */
export function IssueSending({ issue }: { issue: ConsoleIssue }) {
  const { t, i18n } = useTranslation(['consoleComms', 'errors']);
  const schedule = useScheduleIssue();
  const cancel = useCancelIssue();
  const [at, setAt] = useState(localMinute(issue.scheduled_at));
  const [confirming, setConfirming] = useState<'now' | 'later' | 'cancel' | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' });

  function run() {
    const done = { onSuccess: () => setConfirming(null) };
    if (confirming === 'now') schedule.mutate({ id: issue.id }, done);
    if (confirming === 'later' && at) schedule.mutate({ id: issue.id, at: new Date(at).toISOString() }, done);
    if (confirming === 'cancel') cancel.mutate({ id: issue.id }, done);
  }

  return (
    <section
      aria-labelledby="issue-sending-title"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="issue-sending-title" className="font-semibold text-lg">
        {t('issue.sending')}
      </h2>
      {issue.state === 'scheduled' && issue.scheduled_at && (
        <p className="text-sky-900">
          {t('issue.scheduledFor', { when: when.format(new Date(issue.scheduled_at)) })}
        </p>
      )}
      <p className="text-sm text-stone-600">{t('issue.sendingLead')}</p>
      <FailureAlert error={schedule.error ?? cancel.error} fallback={t('errors:INTERNAL')} />
      {confirming ? (
        <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
          <p className="text-amber-950">
            {confirming === 'now' && t('issue.confirmNow')}
            {confirming === 'later' && t('issue.confirmLater', { when: at ? when.format(new Date(at)) : '' })}
            {confirming === 'cancel' && t('issue.confirmCancel')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant={confirming === 'cancel' ? 'danger' : 'primary'}
              busy={schedule.isPending || cancel.isPending}
              onClick={run}
            >
              {confirming === 'cancel' ? t('issue.cancelIssue') : t('issue.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('issue.notNow')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <Button onClick={() => setConfirming('now')}>{t('issue.sendNow')}</Button>
          <div className="flex flex-wrap items-end gap-2">
            <TextField
              label={t('issue.at')}
              type="datetime-local"
              value={at}
              onChange={(event) => setAt(event.target.value)}
            />
            <Button variant="secondary" disabled={!at} onClick={() => setConfirming('later')}>
              {t('issue.schedule')}
            </Button>
          </div>
          <Button variant="secondary" onClick={() => setConfirming('cancel')}>
            {t('issue.cancelIssue')}
          </Button>
        </div>
      )}
    </section>
  );
}
