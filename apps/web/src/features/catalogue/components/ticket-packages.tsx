import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTicketPackages } from '../api.ts';
import { MemberPrice } from './member-price.tsx';
import { Price } from './price.tsx';

/** The same activity in the same area for other durations: a daily, weekly or yearly permit. */
export function TicketPackages({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('catalogue');
  const packages = useTicketPackages(ticketId).data?.package_list ?? [];
  if (packages.length < 2) return null;
  return (
    <section aria-labelledby="ticket-packages" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="ticket-packages" className="mb-3 font-semibold">
        {t('packages.title')}
      </h2>
      <ul className="divide-y divide-stone-100 text-sm">
        {packages.map((option) => (
          <li key={option.id} className="flex items-center justify-between gap-3 py-2">
            {option.id === ticketId ? (
              <span aria-current="page" className="font-medium">
                {t(`duration.${option.duration_type}`)}
              </span>
            ) : (
              <Link to={PAGES.event.path({ eventId: option.id })} className="text-brand-800 underline">
                {t(`duration.${option.duration_type}`)}
              </Link>
            )}
            <span className="flex flex-col items-end gap-0.5">
              <Price cents={option.price_cents} discountedCents={option.discounted_price_cents} />
              <MemberPrice
                cents={option.member_price_cents}
                usualCents={option.discounted_price_cents ?? option.price_cents}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
