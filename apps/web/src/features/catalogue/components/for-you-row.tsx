import { PAGES } from '@sentiero/contract/pages';
import type { RecommendedTicket } from '@sentiero/contract/tickets';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivityPicture } from '../../../ui/activity-picture.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useForYou } from '../for-you-api.ts';
import { ActivityIcon } from './activity-icon.tsx';
import { FOR_YOU_CARD_CLASS, FOR_YOU_LIST_CLASS, ForYouHeading, ForYouSkeleton } from './for-you-slot.tsx';
import { Price } from './price.tsx';

/** One card of the row, with the one line that says why it is there. */
function ForYouCard({ ticket }: { ticket: RecommendedTicket }) {
  const { t } = useTranslation('catalogue');
  const reason = t(`forYou.reason.${ticket.reason}`, {
    activity: ticket.activity.name,
    area: ticket.area.name,
    region: ticket.region.name,
  });
  return (
    <li className={FOR_YOU_CARD_CLASS}>
      {/* The row's cards are 240 px wide (`w-60`) at every screen width. */}
      <ActivityPicture activity={ticket.activity.slug} photo={ticket.photo} shape="band" sizes="240px" />
      <div className="flex min-h-0 flex-1 flex-col p-3">
        <p className="flex items-center gap-2 text-brand-800 text-sm">
          <ActivityIcon activity={ticket.activity.slug} className="size-4" />
          <span className="truncate">{ticket.activity.name}</span>
        </p>
        <h3 className="mt-1 line-clamp-2 font-semibold leading-snug">
          <Link
            to={PAGES.event.path({ eventId: ticket.id })}
            className="after:absolute after:inset-0 hover:underline"
          >
            {ticket.title}
          </Link>
        </h3>
        <p className="mt-1 truncate text-sm text-stone-600">
          {ticket.area.name} · {ticket.region.name}
        </p>
        <p className="mt-auto flex items-center gap-1.5 text-stone-700 text-xs" title={reason}>
          <Sparkles aria-hidden className="size-3.5 shrink-0 text-amber-600" />
          <span className="truncate">{reason}</span>
        </p>
        <div className="mt-2 flex items-end justify-between gap-2">
          <span className="text-stone-600 text-xs">{t(`duration.${ticket.duration_type}`)}</span>
          <Price cents={ticket.price_cents} discountedCents={ticket.discounted_price_cents} />
        </div>
      </div>
    </li>
  );
}

/**
 * A member's recommendations (`app/ticket/list/for-you`) as one scrolling line of cards of a
 * fixed height: the same room as its skeleton, so nothing below moves when they arrive.
 */
export function ForYouRow() {
  const { t } = useTranslation('catalogue');
  const query = useForYou();
  if (query.isPending) return <ForYouSkeleton />;
  // A member who has told and bought nothing yet sees popular tickets, and is asked what they like.
  const preferences = (
    <Link
      to={PAGES.account.path({ hash: 'preferences' })}
      className="shrink-0 text-brand-800 text-sm underline"
    >
      {t(query.data?.personal === false ? 'forYou.tellUs' : 'forYou.preferences')}
    </Link>
  );
  return (
    <section aria-labelledby="home-for-you">
      <ForYouHeading action={preferences} />
      {query.data ? (
        query.data.ticket_list.length > 0 ? (
          <ul className={FOR_YOU_LIST_CLASS}>
            {query.data.ticket_list.map((ticket) => (
              <ForYouCard key={ticket.id} ticket={ticket} />
            ))}
          </ul>
        ) : (
          <p className="flex h-[19.5rem] items-center justify-center rounded-xl border border-stone-300 border-dashed text-stone-600">
            {t('empty.tickets')}
          </p>
        )
      ) : (
        <div className="h-[19.5rem]">
          <QueryState isPending={false} isError={query.isError} onRetry={() => query.refetch()} />
        </div>
      )}
    </section>
  );
}
