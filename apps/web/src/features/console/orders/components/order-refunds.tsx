import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format.ts';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';
import type { OrderStory } from '../api.ts';

const TONES = {
  pending: 'bg-amber-100 text-amber-900',
  succeeded: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
} as const;

/** The order's refunds with their state; a refused one says the provider's reason. */
export function OrderRefunds({ story }: { story: OrderStory }) {
  const { t, i18n } = useTranslation('consoleOrders');
  const language = useCurrentLanguage();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const names = new Map(story.guests.map((guest) => [guest.line_id, guest.name]));
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 className="mb-3 font-semibold text-lg">{t('order.refunds')}</h2>
      {story.refunds.length === 0 ? (
        <p className="text-stone-600">{t('order.noRefunds')}</p>
      ) : (
        <ul aria-label={t('order.refunds')} className="space-y-3">
          {[...story.refunds].reverse().map((refund) => (
            <li key={refund.id} className="space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full px-2 py-0.5 font-medium text-xs ${TONES[refund.state]}`}>
                  {t(`order.refundState.${refund.state}`)}
                </span>
                <span className="font-semibold tabular-nums">
                  {formatMoney(refund.amount_cents, language)}
                </span>
                <span className="text-stone-600 text-xs">{time.format(new Date(refund.created_at))}</span>
              </div>
              <p className="text-sm text-stone-800">
                {refund.guests.map((id) => names.get(id) ?? `#${id}`).join(', ')}
              </p>
              <p className="text-sm text-stone-600 italic">“{refund.reason}”</p>
              {refund.state === 'failed' && refund.failure_reason && (
                <p className="text-red-800 text-sm">
                  {t('order.failure', { reason: refund.failure_reason })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
