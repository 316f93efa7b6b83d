import type { CartSummary as CartFigures } from '@sentiero/contract/checkout';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalizedDate, formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Card } from '../../../ui/card.tsx';

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? 'border-stone-200 border-t pt-3 font-semibold text-lg' : ''}`}
    >
      <dt className={strong ? 'text-stone-900' : 'text-stone-600'}>{label}</dt>
      <dd className="text-right text-stone-900">{children}</dd>
    </div>
  );
}

/**
 * SPEC section 3's cart: location, dates, ticket, coupon discount, discount, category, maximum
 * usage, quantity, service fee and total; a discount line only when there is a discount. Priced
 * by the contract's rule the server uses, it is exact for a signed-in member; for a visitor, who
 * cannot apply a coupon yet, it is called an estimate.
 */
export function CartSummary({ summary, estimate = false }: { summary: CartFigures; estimate?: boolean }) {
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const money = (cents: number) => formatMoney(cents, language);
  const dates = [summary.start_date, summary.end_date]
    .filter(Boolean)
    .map((date) => formatLocalizedDate(date, language));
  return (
    <Card title={estimate ? t('cart.estimateTitle') : t('cart.title')}>
      {estimate && <p className="-mt-2 mb-3 text-sm text-stone-600">{t('cart.estimateNote')}</p>}
      <dl className="text-sm">
        <Row label={t('cart.ticket')}>{summary.ticket}</Row>
        <Row label={t('cart.category')}>{summary.category}</Row>
        <Row label={t('cart.location')}>{summary.location}</Row>
        <Row label={t('cart.dates')}>{dates[0] === dates[1] ? dates[0] : dates.join(' – ')}</Row>
        <Row label={t('cart.maximumUsage')}>
          {summary.max_usage === null ? t('cart.unlimited') : t('cart.uses', { count: summary.max_usage })}
        </Row>
        <Row label={t('cart.quantity')}>{summary.quantity}</Row>
        <Row label={t('cart.subtotal')}>{money(summary.subtotal_cents)}</Row>
        {summary.discount_cents > 0 && <Row label={t('cart.discount')}>−{money(summary.discount_cents)}</Row>}
        {summary.coupon_discount_cents > 0 && (
          <Row label={t('cart.couponDiscount')}>−{money(summary.coupon_discount_cents)}</Row>
        )}
        <Row label={t('cart.serviceFee')}>{money(summary.service_fee_cents)}</Row>
        <Row label={estimate ? t('cart.estimatedTotal') : t('cart.total')} strong>
          {money(summary.total_cents)}
        </Row>
      </dl>
    </Card>
  );
}
