import type { Subscription, SubscriptionStatus } from '@sentiero/contract/premium';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { formatMembershipDate } from '../membership.ts';

const STATUS_STYLE: Record<SubscriptionStatus, string> = {
  trialing: 'bg-sky-100 text-sky-900',
  active: 'bg-brand-100 text-brand-900',
  past_due: 'bg-red-100 text-red-900',
  suspended: 'bg-amber-100 text-amber-900',
  canceled: 'bg-stone-200 text-stone-800',
  expired: 'bg-stone-200 text-stone-800',
};

export function MembershipStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('premium');
  return (
    <span className={`rounded-full px-2.5 py-0.5 font-medium text-sm ${STATUS_STYLE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-medium text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * SPEC section 3's premium subscription display: status, price, subscription type, start date,
 * expiry date, trial end date, last payment, paid; with the next charge and the way of paying.
 */
export function MembershipDetails({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('premium');
  const language = useCurrentLanguage();
  const date = (value: string) => formatMembershipDate(value, language);
  const money = (cents: number) => formatMoney(cents, language);
  const storeName = subscription.source === 'web' ? null : t(`storeLabel.${subscription.source}`);
  return (
    <dl className="divide-y divide-stone-100 text-sm">
      <Row label={t('details.status')}>
        <MembershipStatusBadge status={subscription.status} />
      </Row>
      <Row label={t('details.type')}>{t(`plan.name.${subscription.subscription_type}`)}</Row>
      <Row label={t('details.price')}>
        {t(`plan.pricePer.${subscription.subscription_type}`, { price: money(subscription.price) })}
      </Row>
      <Row label={t('details.startDate')}>{date(subscription.start_date)}</Row>
      {subscription.trial_end_date && (
        <Row label={t('details.trialEnd')}>{date(subscription.trial_end_date)}</Row>
      )}
      <Row label={t('details.expiryDate')}>{date(subscription.expiry_date)}</Row>
      {subscription.next_charge_date && (
        <Row label={t('details.nextCharge')}>
          {t('details.nextChargeValue', {
            date: date(subscription.next_charge_date),
            amount: money(subscription.price),
          })}
        </Row>
      )}
      <Row label={t('details.lastPayment')}>
        {subscription.last_payment
          ? t('details.lastPaymentValue', {
              date: date(subscription.last_payment.date),
              amount: money(subscription.last_payment.amount_cents),
            })
          : t('details.noPayment')}
      </Row>
      <Row label={t('details.paid')}>{subscription.paid ? t('details.yes') : t('details.no')}</Row>
      {(subscription.payment_label || storeName) && (
        <Row label={t('details.paymentMethod')}>{storeName ?? subscription.payment_label}</Row>
      )}
    </dl>
  );
}
