import type { TicketInfo } from '@sentiero/contract/tickets';
import { CircleCheck, CreditCard, MailCheck, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../../../lib/site.ts';
import { MemberPrice } from './member-price.tsx';
import { Price } from './price.tsx';

function Assurance({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span aria-hidden className="mt-0.5 shrink-0 text-brand-700">
        {icon}
      </span>
      <div>
        <p className="font-medium text-stone-900">{title}</p>
        <div className="text-stone-600">{children}</div>
      </div>
    </li>
  );
}

/** The ways of paying this site takes, in the payment step's order; a free ticket asks for none. */
function PaymentMethodsText({ ticket }: { ticket: TicketInfo }) {
  const { t } = useTranslation('catalogue');
  const methods = useSite().data?.payment_methods;
  if ((ticket.discounted_price_cents ?? ticket.price_cents) === 0) return t('trust.free');
  if (!methods) return null;
  const names = [
    methods.card && t('trust.card'),
    methods.paypal && t('trust.paypal'),
    methods.cash && t('trust.cash'),
  ].filter(Boolean);
  return names.join(' · ');
}

/**
 * The event page's booking box: the price, the way on to dates and guests, and what a buyer can
 * count on, every line from the ticket's own data or the site's payment settings.
 */
export function BookingBox({ ticket }: { ticket: TicketInfo }) {
  const { t } = useTranslation('catalogue');
  return (
    <section
      aria-labelledby="ticket-booking"
      className="rounded-card border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 id="ticket-booking" className="sr-only">
        {t('trust.title')}
      </h2>
      <p className="text-sm text-stone-600">{t('trust.from')}</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-2xl">
        <Price cents={ticket.price_cents} discountedCents={ticket.discounted_price_cents} />
        <span className="text-sm text-stone-600">{t('trust.perPerson')}</span>
      </p>
      <MemberPrice
        cents={ticket.member_price_cents}
        usualCents={ticket.discounted_price_cents ?? ticket.price_cents}
      />
      <div className="mt-4">
        {ticket.on_sale ? (
          <Link
            to="guests"
            className="block rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800"
          >
            {t('ticket.choose')}
          </Link>
        ) : (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900 text-sm">
            {t('ticket.unavailable')}
          </p>
        )}
      </div>
      <ul className="mt-5 space-y-4 text-sm">
        {ticket.services.length > 0 && (
          <Assurance icon={<CircleCheck className="size-5" />} title={t('ticket.services')}>
            {ticket.services.map((service) => service.name).join(', ')}
          </Assurance>
        )}
        <Assurance icon={<ShieldCheck className="size-5" />} title={t('ticket.cancellation')}>
          <ul className="space-y-0.5">
            {ticket.cancellation_terms.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </Assurance>
        <Assurance icon={<MailCheck className="size-5" />} title={t('trust.instant')}>
          {t('trust.instantText')}
        </Assurance>
        <Assurance icon={<CreditCard className="size-5" />} title={t('trust.payment')}>
          <PaymentMethodsText ticket={ticket} />
        </Assurance>
      </ul>
    </section>
  );
}
