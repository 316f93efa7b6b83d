import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { requireIdParam } from '../../../lib/route-data.ts';
import { Alert } from '../../../ui/alert.tsx';
import { buttonClass } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { CartSummary } from '../components/cart-summary.tsx';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { isSuccessfulOrder, useCheckoutStore } from '../store.ts';

/** Only a purchase made in this tab has something to confirm; otherwise back to the event. */
export function loader({ params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.eventId);
  if (useCheckoutStore.getState().lastOrder?.ticketId !== id) throw redirect(`/event/${id}`);
  return null;
}

/** `/event/{eventId}/confirmation`: SPEC's success, or the incomplete purchase with a way to retry. */
export function Component() {
  const id = Number(useParams().eventId);
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const placed = useCheckoutStore((state) => state.lastOrder);
  if (placed?.ticketId !== id) return null;
  const { order } = placed;
  const succeeded = isSuccessfulOrder(order);

  return (
    <div className="mx-auto max-w-3xl">
      <CheckoutSteps ticketId={id} current="confirmation" />
      <PageHeading>{succeeded ? t('confirmation.title') : t('confirmation.incompleteTitle')}</PageHeading>
      <div className="space-y-6">
        {succeeded ? (
          <Alert tone="success">
            <p className="flex items-center gap-2 font-semibold">
              <CircleCheck aria-hidden className="size-5 shrink-0" />
              {t('confirmation.success')}
            </p>
          </Alert>
        ) : (
          <Alert tone="error">
            <p className="flex items-start gap-2">
              <CircleX aria-hidden className="mt-0.5 size-5 shrink-0" />
              {t('confirmation.incomplete')}
            </p>
          </Alert>
        )}
        <p className="text-stone-700">
          {t('confirmation.orderCode')}{' '}
          <strong className="font-mono text-lg text-stone-900 tracking-wide">{order.code}</strong>
        </p>
        {succeeded && order.pay_on_site && (
          <Alert tone="info">
            {t('confirmation.payOnSite', { total: formatMoney(order.summary.total_cents, language) })}
          </Alert>
        )}
        <CartSummary summary={order.summary} />
        <div className="flex flex-wrap gap-3">
          {succeeded ? (
            <Link to="/user/mytickets" className={buttonClass('primary')}>
              {t('confirmation.myTickets')}
            </Link>
          ) : (
            <Link to={`/event/${id}/payment`} className={buttonClass('primary')}>
              {t('confirmation.retry')}
            </Link>
          )}
          <Link to={`/event/${id}`} className={buttonClass('secondary')}>
            {t('confirmation.backToEvent')}
          </Link>
        </div>
      </div>
    </div>
  );
}
