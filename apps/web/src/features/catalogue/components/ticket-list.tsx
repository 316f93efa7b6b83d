import { PAGES } from '@sentiero/contract/pages';
import type { TicketCard as TicketCardData } from '@sentiero/contract/tickets';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getPictureBoxClass } from '../../../ui/activity-picture.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
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

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** Cards of the shape the tickets will take, so the page does not jump when they arrive. */
function TicketListPlaceholder({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className={GRID}>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
          key={index}
          aria-hidden
          className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
        >
          <div className={`${getPictureBoxClass('card')} animate-pulse bg-sand-100`} />
          <div className="space-y-3 p-4">
            <div className="h-3 w-1/3 rounded bg-stone-200" />
            <div className="h-4 w-4/5 rounded bg-stone-200" />
            <div className="h-3 w-1/2 rounded bg-stone-100" />
            <div className="h-10" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A grid of ticket cards with previous/next paging and SPEC's 'No tickets available' when empty. */
export function TicketList({
  query,
  paged = true,
  limit,
  priority = false,
  headingLevel = 3,
}: {
  query: TicketQuery;
  paged?: boolean;
  limit?: number;
  /** The list is the first thing on its page: its first picture is fetched at once. */
  priority?: boolean;
  /** The level of each card's title: 2 where the list comes right under the page's title. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('catalogue');
  if (!query.data) {
    if (query.isPending) return <TicketListPlaceholder count={limit ?? 3} />;
    return <QueryState isPending={false} isError={query.isError} onRetry={() => query.refetch()} />;
  }
  if (query.data.ticket_list.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={t('empty.tickets')}
        hint={t('emptyHelp.ticketsHint')}
        steps={[
          { to: PAGES.events.path(), label: t('emptyHelp.allActivities') },
          { to: PAGES.search.path(), label: t('emptyHelp.search') },
        ]}
      />
    );
  }
  return (
    <>
      <ul className={GRID}>
        {query.data.ticket_list.slice(0, limit).map((ticket, index) => (
          <li key={ticket.id} className="relative">
            <TicketCard ticket={ticket} priority={priority && index === 0} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      {paged && <Pager page={query.data.page} pages={query.data.pages} />}
    </>
  );
}
