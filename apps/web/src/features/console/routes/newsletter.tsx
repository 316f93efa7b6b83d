import { ISSUE_STATES } from '@sentiero/contract/console-newsletter';
import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useCreateIssue, useIssues } from '../comms-api.ts';
import { ConsolePage } from '../components/comms/console-page.tsx';
import { IssueStateBadge, MissingLanguages } from '../components/comms/issue-parts.tsx';
import { FailureAlert } from '../components/console-card.tsx';

/**
 * `/console/newsletter`: Sentiero's newsletter issues, newest first, with their state, the
 * languages they lack and how far their sending is; who is subscribed, per language.
 */
export function Component() {
  const { t } = useTranslation('consoleComms');
  return (
    <ConsolePage title={() => t('newsletter.title')} actions={() => <NewIssueButton />}>
      {() => <IssueList />}
    </ConsolePage>
  );
}

function NewIssueButton() {
  const { t } = useTranslation(['consoleComms', 'errors']);
  const create = useCreateIssue();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        busy={create.isPending}
        onClick={() =>
          create.mutate(
            {},
            { onSuccess: ({ issue }) => navigate(PAGES.consoleNewsletterIssue.path({ id: issue.id })) },
          )
        }
      >
        {t('newsletter.new')}
      </Button>
      <FailureAlert error={create.error} fallback={t('errors:INTERNAL')} />
    </div>
  );
}

function IssueList() {
  const { t, i18n } = useTranslation('consoleComms');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = ISSUE_STATES.find((candidate) => candidate === searchParams.get('state'));
  const issues = useIssues({ page: pageParam(searchParams), state });
  const data = issues.data;
  const number = new Intl.NumberFormat(i18n.language);
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      {data && (
        <p className="text-stone-700">
          {t('newsletter.subscribers', {
            count: data.subscribers.total,
            formatted: number.format(data.subscribers.total),
          })}
          {Object.entries(data.subscribers.by_language).length > 0 && (
            <span className="text-stone-600">
              {' '}
              (
              {Object.entries(data.subscribers.by_language)
                .map(([language, total]) => `${languageNames.of(language)} ${number.format(total)}`)
                .join(' · ')}
              )
            </span>
          )}
        </p>
      )}
      <label className="flex max-w-xs flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('newsletter.filterState')}</span>
        <select
          className={inputClass}
          value={state ?? ''}
          onChange={(event) => setSearchParams(event.target.value ? { state: event.target.value } : {})}
        >
          <option value="">{t('newsletter.allStates')}</option>
          {ISSUE_STATES.map((candidate) => (
            <option key={candidate} value={candidate}>
              {t(`newsletter.states.${candidate}`)}
            </option>
          ))}
        </select>
      </label>
      <QueryState isPending={issues.isPending} isError={issues.isError} onRetry={() => issues.refetch()} />
      {data && data.issues.length === 0 && <p className="text-stone-600">{t('newsletter.empty')}</p>}
      {data && data.issues.length > 0 && (
        <ul
          aria-label={t('newsletter.listLabel')}
          className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
        >
          {data.issues.map((issue) => (
            <li
              key={issue.id}
              className="grid gap-2 px-4 py-3 lg:grid-cols-[minmax(0,2fr)_8rem_minmax(0,1.2fr)_9rem] lg:items-center lg:gap-4"
            >
              <div className="min-w-0">
                <Link
                  to={PAGES.consoleNewsletterIssue.path({ id: issue.id })}
                  className="font-semibold text-brand-800 underline"
                >
                  {issue.subject || t('newsletter.untitled', { id: issue.id })}
                </Link>
                <p className="text-sm text-stone-600">
                  {when.format(new Date(issue.scheduled_at ?? issue.created_at))}
                </p>
              </div>
              <div>
                <IssueStateBadge state={issue.state} />
              </div>
              <MissingLanguages missing={issue.missing} />
              <p className="text-sm text-stone-700">
                {issue.state === 'sending' || issue.state === 'sent'
                  ? t('newsletter.progressShort', {
                      done: number.format(issue.done),
                      total: number.format(issue.total),
                    })
                  : ''}
                {issue.failed > 0 && (
                  <span className="block text-red-700">
                    {t('newsletter.failedShort', { count: issue.failed })}
                  </span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={data.page} pages={data.pages} />}
    </>
  );
}
