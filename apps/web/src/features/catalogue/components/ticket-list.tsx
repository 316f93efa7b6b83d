import type { TicketCard as TicketCardData } from '@sentiero/contract/tickets';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { TicketCard } from './ticket-card.tsx';

type TicketPage = { ticket_list: TicketCardData[]; page: number; pages: number };
type TicketQuery = {
  data?: TicketPage | undefined;
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
};

/** A grid of ticket cards with previous/next paging and SPEC's 'No tickets available' when empty. */
export function TicketList({
  query,
  paged = true,
  limit,
}: {
  query: TicketQuery;
  paged?: boolean;
  limit?: number;
}) {
  const { t } = useTranslation('catalogue');
  if (!query.data)
    return <QueryState isPending={query.isPending} isError={query.isError} onRetry={() => query.refetch()} />;
  if (query.data.ticket_list.length === 0) return <p className="text-stone-600">{t('empty.tickets')}</p>;
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {query.data.ticket_list.slice(0, limit).map((ticket) => (
          <li key={ticket.id} className="relative">
            <TicketCard ticket={ticket} />
          </li>
        ))}
      </ul>
      {paged && <Pager page={query.data.page} pages={query.data.pages} />}
    </>
  );
}
