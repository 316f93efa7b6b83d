import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../ui/query-state.tsx';
import { useIssue } from '../comms-api.ts';
import { ConsolePage } from '../components/comms/console-page.tsx';
import { IssueEditor } from '../components/comms/issue-editor.tsx';
import { IssueStateBadge, MissingLanguages } from '../components/comms/issue-parts.tsx';
import { IssuePreview } from '../components/comms/issue-preview.tsx';
import { IssueProgress } from '../components/comms/issue-progress.tsx';
import { IssueSending } from '../components/comms/issue-sending.tsx';

/**
 * `/console/newsletter/:id`: one issue — its texts per language (missing ones flagged), the mail
 * as a subscriber of each language gets it, a test to oneself, scheduling or sending now, and
 * the sending's progress, asked of the server while it runs.
 */
export function Component() {
  const { t } = useTranslation('consoleComms');
  const id = Number(useParams().id);
  return <ConsolePage title={() => t('issue.title', { id })}>{() => <IssueScreen id={id} />}</ConsolePage>;
}

function IssueScreen({ id }: { id: number }) {
  const { t } = useTranslation('consoleComms');
  const query = useIssue(id);
  const issue = query.data?.issue;
  const editable = issue?.state === 'draft' || issue?.state === 'scheduled';
  return (
    <div className="space-y-5">
      <Link to={PAGES.consoleNewsletter.path()} className="text-brand-800 text-sm underline">
        {t('issue.back')}
      </Link>
      <QueryState isPending={query.isPending} isError={query.isError} onRetry={() => query.refetch()} />
      {issue && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <IssueStateBadge state={issue.state} />
            <MissingLanguages missing={issue.missing} />
          </div>
          <p className="rounded-lg border border-stone-200 bg-stone-100 p-3 text-sm text-stone-700">
            {t('issue.fallbackRule')}
          </p>
          {(issue.state === 'sending' || issue.state === 'sent') && <IssueProgress issue={issue} />}
          {editable && <IssueEditor key={issue.id} issue={issue} />}
          {!editable && issue.state !== 'canceled' && (
            <p className="text-stone-600 text-sm">{t('issue.readOnly')}</p>
          )}
          <IssuePreview issue={issue} />
          {editable && <IssueSending issue={issue} />}
        </>
      )}
    </div>
  );
}
