import { PAGES } from '@sentiero/contract/pages';
import type { TicketCard as TicketCardData } from '@sentiero/contract/tickets';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivityPicture } from '../../../ui/activity-picture.tsx';
import { ActivityIcon } from './activity-icon.tsx';
import { Price } from './price.tsx';

export function TicketCard({
  ticket,
  priority = false,
  headingLevel = 3,
}: {
  ticket: TicketCardData;
  priority?: boolean;
  /** 2 where the cards come right under the page's title, 3 under a section's heading. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('catalogue');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <ActivityPicture activity={ticket.activity.slug} photo={ticket.photo} priority={priority} />
      <div className="flex flex-1 flex-col p-4">
        <p className="flex items-center gap-2 text-brand-800 text-sm">
          <ActivityIcon activity={ticket.activity.slug} className="size-4" />
          {ticket.activity.name}
        </p>
        <Heading className="mt-2 font-semibold leading-snug">
          <Link
            to={PAGES.event.path({ eventId: ticket.id })}
            className="after:absolute after:inset-0 hover:underline"
          >
            {ticket.title}
          </Link>
        </Heading>
        <p className="mt-1 text-sm text-stone-600">
          {ticket.area.name} · {ticket.region.name}
        </p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-4">
          <span className="text-stone-600 text-xs">{t(`duration.${ticket.duration_type}`)}</span>
          <Price cents={ticket.price_cents} discountedCents={ticket.discounted_price_cents} />
        </div>
        {!ticket.on_sale && <p className="mt-2 text-amber-800 text-xs">{t('ticket.notOnSale')}</p>}
      </div>
    </article>
  );
}
