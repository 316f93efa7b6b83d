import { calendarDateIn } from '@sentiero/contract/durations';
import { PAGES } from '@sentiero/contract/pages';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, redirect, useParams, useSearchParams } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { currentLanguage, useCurrentLanguage } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { withRedirect } from '../../../lib/redirect-path.ts';
import { orNotFound, requireIdParam } from '../../../lib/route-data.ts';
import { checkSessionOnce } from '../../../lib/session.ts';
import { siteQueryOptions, useSite } from '../../../lib/site.ts';
import { getTicketQueryOptions } from '../../../queries/ticket.ts';
import { Alert } from '../../../ui/alert.tsx';
import { buttonClass } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { releaseUnpaidOrder, useCheckoutTicket } from '../api.ts';
import { CartSummary } from '../components/cart-summary.tsx';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { CouponForm } from '../components/coupon-form.tsx';
import { PaymentForm } from '../components/payment-form.tsx';
import { getGuestRules, priceCart } from '../guest-rules.ts';
import { type GuestDraft, useCheckoutStore } from '../store.ts';

/**
 * The payment step needs guests: without them (a link opened cold) it starts at the guests step.
 * It offers the payment methods the site says it has.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.eventId);
  await Promise.all([
    orNotFound(queryClient.ensureQueryData(getTicketQueryOptions(currentLanguage(), id))),
    queryClient.ensureQueryData(siteQueryOptions),
    checkSessionOnce(),
  ]);
  const checkout = useCheckoutStore.getState();
  if (checkout.ticketId !== id || checkout.guests.length === 0)
    throw redirect(PAGES.eventGuests.path({ eventId: id }));
  return null;
}

/** SPEC section 6: 'In order to complete the payment you need to be logged in or registered'. */
function LoginRequired({ from }: { from: string }) {
  const { t } = useTranslation('checkout');
  return (
    <Alert tone="info">
      <p className="font-medium">{t('payment.loginRequired')}</p>
      <p className="mt-1 text-sm">{t('payment.loginKeeps')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={withRedirect('login', from)} className={buttonClass('primary')}>
          {t('payment.logIn')}
        </Link>
        <Link to={withRedirect('signup', from)} className={buttonClass('secondary')}>
          {t('payment.signUp')}
        </Link>
      </div>
    </Alert>
  );
}

function GuestsRecap({ ticketId, guests }: { ticketId: number; guests: GuestDraft[] }) {
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const dates = (guest: GuestDraft) =>
    [...new Set([guest.start_date, guest.end_date])]
      .map((date) => formatLocalizedDate(date, language))
      .join(' – ');
  return (
    <Card title={t('payment.guestsTitle', { count: guests.length })}>
      <ul className="divide-y divide-stone-100">
        {guests.map((guest, index) => (
          // Guests have no identity of their own but their place in the list.
          // biome-ignore lint/suspicious/noArrayIndexKey: the order is the identity here
          <li key={index} className="flex flex-wrap justify-between gap-2 py-2">
            <span className="font-medium text-stone-900">{guest.full_name}</span>
            <span className="text-sm text-stone-600">{dates(guest)}</span>
          </li>
        ))}
      </ul>
      <Link
        to={PAGES.eventGuests.path({ eventId: ticketId })}
        className="mt-3 inline-block text-brand-800 text-sm underline"
      >
        {t('payment.changeGuests')}
      </Link>
    </Card>
  );
}

/**
 * PayPal's cancel link brings the buyer back with the order they did not pay: its places go back
 * on sale now, not when the 15-minute hold runs out. Asked once per order; a failure only leaves
 * the hold to run out.
 */
function useReleaseUnpaidOrder(ticketId: number, code: string | null) {
  const client = useQueryClient();
  const released = useRef<string | null>(null);
  useEffect(() => {
    if (!code || released.current === code) return;
    released.current = code;
    releaseUnpaidOrder(client, ticketId, code).catch(() => undefined);
  }, [client, ticketId, code]);
}

/** `/event/{eventId}/payment`: the cart, the payment method, and the purchase. */
export function PaymentStep({ banner }: { banner?: ReactNode }) {
  const id = Number(useParams().eventId);
  const { t } = useTranslation('checkout');
  const ticket = useCheckoutTicket(id).data?.ticket;
  const guests = useCheckoutStore((state) => state.guests);
  const coupon = useCheckoutStore((state) => state.coupon);
  const isLoggedIn = useAuthStore((state) => state.isLoggedIn);
  // Sentiero+ members pay the member price the server will charge them.
  const isPremium = useAuthStore((state) => state.user?.is_premium ?? false);
  const methods = useSite().data?.payment_methods;
  // PayPal's cancel link brings the buyer back here with the order they did not pay.
  const [searchParams] = useSearchParams();
  const cancelled = searchParams.has('order');
  useReleaseUnpaidOrder(id, isLoggedIn ? searchParams.get('order') : null);
  if (!ticket || !methods || guests.length === 0) return null;
  const rules = getGuestRules(ticket, calendarDateIn(ticket.location.time_zone, new Date()));
  const cart = priceCart(ticket, guests, coupon?.quantity === guests.length ? coupon.discountCents : 0, {
    member: isPremium,
  });

  return (
    <div>
      <CheckoutSteps ticketId={id} current="payment" />
      <PageHeading lead={ticket.title}>{t('payment.title')}</PageHeading>
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <GuestsRecap ticketId={id} guests={guests} />
          {isLoggedIn ? (
            <>
              {cancelled && <Alert tone="info">{t('payment.cancelled')}</Alert>}
              <CouponForm ticketId={id} quantity={guests.length} />
              <PaymentForm ticketId={id} rules={rules} totalCents={cart.total_cents} methods={methods} />
            </>
          ) : (
            <LoginRequired from={PAGES.eventPayment.path({ eventId: id })} />
          )}
        </div>
        <aside className="space-y-4">
          <CartSummary summary={cart} estimate={!isLoggedIn} />
          {banner}
        </aside>
      </div>
    </div>
  );
}
