import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { type ConsoleTicket, useTicketStatus } from '../api.ts';

/**
 * Publishing: a draft or an unpublished ticket is published once its Italian and English texts
 * are written (what is missing is listed); a published one can be taken off the shop.
 */
export function PublishBar({ ticket }: { ticket: ConsoleTicket }) {
  const { t } = useTranslation(['consoleCatalogue', 'errors']);
  const change = useTicketStatus();
  const problems = ticket.publish_problems;
  const published = ticket.status === 'published';
  return (
    <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-700">{t(`publish.${ticket.status}`)}</p>
        {published ? (
          <Button
            variant="secondary"
            busy={change.isPending}
            onClick={() => change.mutate({ id: ticket.id, status: 'unpublished' })}
          >
            {t('publish.unpublish')}
          </Button>
        ) : (
          <Button
            busy={change.isPending}
            disabled={problems.length > 0}
            onClick={() => change.mutate({ id: ticket.id, status: 'published' })}
          >
            {t('publish.publish')}
          </Button>
        )}
      </div>
      {!published && problems.length > 0 && (
        <Alert tone="info">
          {t('publish.missing')}{' '}
          {problems
            .map((problem) => {
              const [field, language] = problem.split('.');
              return `${t(`texts.${field}`)} (${t(`languages.${language}`)})`;
            })
            .join(', ')}
        </Alert>
      )}
      {change.error ? (
        <Alert tone="error">
          {change.error instanceof ApiRequestError ? change.error.message : t('errors:INTERNAL')}
        </Alert>
      ) : null}
    </div>
  );
}
