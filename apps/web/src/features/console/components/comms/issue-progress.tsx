import type { ConsoleIssue } from '@sentiero/contract/console-newsletter';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button.tsx';
import { useResumeIssue } from '../../comms-api.ts';
import { FailureAlert } from '../console-card.tsx';

/**
 * How far the sending is, as the database says (asked again every two seconds while it runs,
 * so a restart of the server or a reload of the page loses nothing): done of total, sent,
 * failed with each address and the mail server's answer, and those who left meanwhile.
 */
export function IssueProgress({ issue }: { issue: ConsoleIssue }) {
  const { t, i18n } = useTranslation(['consoleComms', 'errors']);
  const resume = useResumeIssue();
  const { progress } = issue;
  const number = new Intl.NumberFormat(i18n.language);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const share = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 100;
  return (
    <section
      aria-labelledby="issue-progress-title"
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="issue-progress-title" className="font-semibold text-lg">
        {t('issue.progress')}
      </h2>
      <progress
        className="h-3 w-full accent-brand-700"
        max={Math.max(progress.total, 1)}
        value={progress.total > 0 ? progress.done : 1}
        aria-label={t('issue.progress')}
      />
      <p className="font-medium text-stone-900" role="status">
        {t('issue.progressLine', {
          done: number.format(progress.done),
          total: number.format(progress.total),
          share,
        })}
      </p>
      <dl className="grid grid-cols-3 gap-3 text-sm sm:max-w-md">
        <div>
          <dt className="text-stone-600">{t('issue.sent')}</dt>
          <dd className="font-semibold">{number.format(progress.sent)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('issue.failed')}</dt>
          <dd className={`font-semibold ${progress.failed > 0 ? 'text-red-700' : ''}`}>
            {number.format(progress.failed)}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('issue.skipped')}</dt>
          <dd className="font-semibold">{number.format(progress.skipped)}</dd>
        </div>
      </dl>
      {progress.sent_at && (
        <p className="text-sm text-stone-600">
          {t('issue.finishedAt', { when: when.format(new Date(progress.sent_at)) })}
        </p>
      )}
      {progress.failures.length > 0 && (
        <div>
          <h3 className="font-semibold text-red-800">{t('issue.failures')}</h3>
          <ul className="mt-1 divide-y divide-red-100 rounded-lg border border-red-200 bg-red-50 text-sm">
            {progress.failures.map((failure) => (
              <li key={failure.email} className="break-words px-3 py-2">
                <span className="font-medium">{failure.email}</span>
                <span className="block text-red-800">{failure.error}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {issue.state === 'sending' && (
        <div className="space-y-2">
          <p className="text-sm text-stone-600">{t('issue.resumeHint')}</p>
          <FailureAlert error={resume.error} fallback={t('errors:INTERNAL')} />
          <Button variant="secondary" busy={resume.isPending} onClick={() => resume.mutate({ id: issue.id })}>
            {t('issue.resume')}
          </Button>
        </div>
      )}
    </section>
  );
}
