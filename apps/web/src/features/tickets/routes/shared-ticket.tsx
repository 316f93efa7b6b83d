import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useSharedTicket } from '../api.ts';
import { IssuedTicketCard } from '../components/issued-ticket-card.tsx';

/** `/tickets/shared/:token`: a ticket a member shared, read-only, with its QR open. */
export function Component() {
  const { t } = useTranslation('tickets');
  const { token = '' } = useParams();
  const query = useSharedTicket(token);
  const notFound = query.error instanceof ApiRequestError && query.error.status < 500;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeading lead={t('shared.lead')}>{t('shared.title')}</PageHeading>
      {notFound ? (
        <Alert tone="error">{t('shared.notFound')}</Alert>
      ) : (
        <QueryState isPending={query.isPending} isError={query.isError} onRetry={query.refetch} />
      )}
      {query.data && <IssuedTicketCard ticket={query.data.ticket} qrOpen />}
    </div>
  );
}
