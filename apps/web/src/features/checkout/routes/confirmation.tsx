import { PAGES } from '@sentiero/contract/pages';
import { CircleCheck, CircleX, Clock, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
  useParams,
  useRevalidator,
} from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { loginPath } from '../../../lib/redirect-path.ts';
import { notFoundPage, requireIdParam } from '../../../lib/route-data.ts';
import { checkSessionOnce } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { completeOrder, invalidatePurchase } from '../api.ts';
import { CartSummary } from '../components/cart-summary.tsx';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { classifyReturnFailure } from '../purchase.ts';
import { getOrderOutcome, type OrderOutcome, useCheckoutStore } from '../store.ts';

/** Finishing a payment on the way back from the provider gave no order to show. */
type ReturnFailed = { code: string; failure: 'declined' | 'retry' };

/**
 * Only a purchase made in this tab has something to confirm; otherwise back to the event.
 * `?order=CODE` is the way back from the payment provider (PayPal's approval): the order is
 * finished first, then shown like any other.
 */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<ReturnFailed | null> {
  const id = requireIdParam(params.eventId);
  const code = new URL(request.url).searchParams.get('order');
  if (code !== null) return completeReturn(id, code, request.signal);
  if (useCheckoutStore.getState().lastOrder?.ticketId !== id)
    throw redirect(PAGES.event.path({ eventId: id }));
  return null;
}

/**
 * Captures the payment (or reads it again) once per visit: a loader runs once per navigation,
 * where an effect would run twice under StrictMode.
 */
async function completeReturn(id: number, code: string, signal: AbortSignal): Promise<ReturnFailed> {
  const here = PAGES.eventConfirmation.path({ eventId: id, order: code });
  await checkSessionOnce();
  if (!useAuthStore.getState().isLoggedIn) throw redirect(loginPath(here));
  try {
    const { order } = await completeOrder(code, signal);
    useCheckoutStore.getState().recordOrder(id, order);
    invalidatePurchase(queryClient, id);
  } catch (error) {
    const failure = classifyReturnFailure(error);
    if (failure === 'login') {
      useAuthStore.getState().clearUser();
      throw redirect(loginPath(here));
    }
    if (failure === 'not_found') throw notFoundPage();
    if (failure === 'declined') useCheckoutStore.getState().endAttempt();
    return { code, failure };
  }
  // Without `?order=`, a reload shows the order kept in this tab instead of asking the provider again.
  throw redirect(PAGES.eventConfirmation.path({ eventId: id }));
}

const TITLES = {
  success: 'confirmation.title',
  pending: 'confirmation.pendingTitle',
  incomplete: 'confirmation.incompleteTitle',
} as const;

const OUTCOMES = {
  success: { tone: 'success', Icon: CircleCheck, text: 'confirmation.success' },
  pending: { tone: 'info', Icon: Clock, text: 'confirmation.pending' },
  incomplete: { tone: 'error', Icon: CircleX, text: 'confirmation.incomplete' },
} as const;

/** SPEC section 8: the purchase's success, or the incomplete purchase; or a payment still being confirmed. */
function OutcomeMessage({ outcome }: { outcome: OrderOutcome }) {
  const { t } = useTranslation('checkout');
  const { tone, Icon, text } = OUTCOMES[outcome];
  return (
    <Alert tone={tone}>
      <p
        className={outcome === 'success' ? 'flex items-center gap-2 font-semibold' : 'flex items-start gap-2'}
      >
        <Icon aria-hidden className={outcome === 'success' ? 'size-5 shrink-0' : 'mt-0.5 size-5 shrink-0'} />
        {t(text)}
      </p>
    </Alert>
  );
}

function OrderCode({ code }: { code: string }) {
  const { t } = useTranslation('checkout');
  return (
    <p className="text-stone-700">
      {t('confirmation.orderCode')}{' '}
      <strong className="font-mono text-lg text-stone-900 tracking-wide">{code}</strong>
    </p>
  );
}

/** What to do next: see the tickets, or try the payment again; and back to the activity. */
function NextSteps({ ticketId, outcome }: { ticketId: number; outcome: OrderOutcome }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="flex flex-wrap gap-3">
      {outcome === 'incomplete' ? (
        <Link to={PAGES.eventPayment.path({ eventId: ticketId })} className={buttonClass('primary')}>
          {t('confirmation.retry')}
        </Link>
      ) : (
        <Link to={PAGES.myTickets.path()} className={buttonClass('primary')}>
          {t('confirmation.myTickets')}
        </Link>
      )}
      <Link to={PAGES.event.path({ eventId: ticketId })} className={buttonClass('secondary')}>
        {t('confirmation.backToEvent')}
      </Link>
    </div>
  );
}

/** The PDF of every ticket of the order, in the language the buyer is reading. */
function DownloadTickets({ code }: { code: string }) {
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const query = new URLSearchParams({ order: code, lng: language });
  return (
    <a href={`/api/app/ticket/download?${query}`} className={buttonClass('secondary')} download>
      <Download aria-hidden className="size-4" />
      {t('confirmation.download')}
    </a>
  );
}

/** The way back from the provider found no order to show: refused, or no answer yet. */
function ReturnFailedScreen({ ticketId, returned }: { ticketId: number; returned: ReturnFailed }) {
  const { t } = useTranslation(['checkout', 'errors']);
  const revalidator = useRevalidator();
  if (returned.failure === 'declined') {
    return (
      <>
        <PageHeading>{t(TITLES.incomplete)}</PageHeading>
        <div className="space-y-6">
          <OutcomeMessage outcome="incomplete" />
          <OrderCode code={returned.code} />
          <NextSteps ticketId={ticketId} outcome="incomplete" />
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeading>{t(TITLES.pending)}</PageHeading>
      <div className="space-y-6">
        <Alert tone="error">{t('errors:INTERNAL')}</Alert>
        <OrderCode code={returned.code} />
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={() => void revalidator.revalidate()}
            busy={revalidator.state === 'loading'}
            busyLabel={t('payment.sending')}
          >
            {t('confirmation.checkAgain')}
          </Button>
          <Link to={PAGES.event.path({ eventId: ticketId })} className={buttonClass('secondary')}>
            {t('confirmation.backToEvent')}
          </Link>
        </div>
      </div>
    </>
  );
}

/**
 * `/event/{eventId}/confirmation`: SPEC's success, or the incomplete purchase with a way to retry.
 * `banner` is the Sentiero+ upsell beside the tickets (SPEC section 2's ticket banner), composed by the app.
 */
export function Component({ banner }: { banner?: ReactNode }) {
  const id = Number(useParams().eventId);
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const returned = useLoaderData<typeof loader>();
  const placed = useCheckoutStore((state) => state.lastOrder);
  if (returned) {
    return (
      <div className="mx-auto max-w-3xl">
        <CheckoutSteps ticketId={id} current="confirmation" />
        <ReturnFailedScreen ticketId={id} returned={returned} />
      </div>
    );
  }
  if (placed?.ticketId !== id) return null;
  const { order } = placed;
  const outcome = getOrderOutcome(order);

  return (
    <div className="mx-auto max-w-3xl">
      <CheckoutSteps ticketId={id} current="confirmation" />
      <PageHeading>{t(TITLES[outcome])}</PageHeading>
      <div className="space-y-6">
        <OutcomeMessage outcome={outcome} />
        <OrderCode code={order.code} />
        {outcome === 'success' && order.pay_on_site && (
          <Alert tone="info">
            {t('confirmation.payOnSite', { total: formatMoney(order.summary.total_cents, language) })}
          </Alert>
        )}
        {outcome === 'success' && <DownloadTickets code={order.code} />}
        {outcome === 'success' && banner}
        <CartSummary summary={order.summary} />
        <NextSteps ticketId={id} outcome={outcome} />
      </div>
    </div>
  );
}
