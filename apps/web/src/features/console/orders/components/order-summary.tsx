import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format.ts';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';
import type { OrderStory } from '../api.ts';

/** Who bought, how they paid, what it cost and what went back. */
export function OrderSummary({ story }: { story: OrderStory }) {
  const { t, i18n } = useTranslation('consoleOrders');
  const language = useCurrentLanguage();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const { order } = story;
  const rows: [string, string, 'wide'?][] = [
    [t('order.buyer'), [order.buyer.name, order.buyer.email].filter(Boolean).join(' · '), 'wide'],
    [t('order.payment'), t(`payment.${order.payment_method}`, { defaultValue: order.payment_method })],
    ...(order.payment_reference
      ? [[t('order.reference'), order.payment_reference, 'wide'] as [string, string, 'wide']]
      : []),
    ...(order.coupon_code ? [[t('order.coupon'), order.coupon_code] as [string, string]] : []),
    [t('order.total'), formatMoney(order.total_cents, language)],
    ...(order.refunded_cents > 0
      ? [[t('order.refunded'), formatMoney(order.refunded_cents, language)] as [string, string]]
      : []),
    [t('order.created'), time.format(new Date(order.created_at))],
    [t('order.paid'), order.paid_at ? time.format(new Date(order.paid_at)) : t('order.notPaid')],
    [
      t('order.language'),
      new Intl.DisplayNames([language], { type: 'language' }).of(order.language) ?? order.language,
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2">
      {rows.map(([label, value, wide]) => (
        <div key={label} className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
          <dt className="text-stone-600 text-xs uppercase tracking-wide">{label}</dt>
          <dd className="break-words text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
