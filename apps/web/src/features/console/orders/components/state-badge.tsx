import { useTranslation } from 'react-i18next';
import type { OrderSearchPage } from '../api.ts';

const TONES: Record<string, string> = {
  issued: 'bg-green-100 text-green-900',
  paid: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-900',
  refunded: 'bg-stone-200 text-stone-800',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-stone-200 text-stone-700',
};

/** An order's state in words, and "partly refunded" when some of its money went back. */
export function StateBadge({
  order,
}: {
  order: Pick<OrderSearchPage['orders'][number], 'state' | 'refunded_cents'>;
}) {
  const { t } = useTranslation('consoleOrders');
  const partly = order.state !== 'refunded' && order.refunded_cents > 0;
  return (
    <span className="flex flex-wrap gap-1">
      <span
        className={`whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ${TONES[order.state] ?? ''}`}
      >
        {t(`states.${order.state}`)}
      </span>
      {partly && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs">
          {t('partlyRefunded')}
        </span>
      )}
    </span>
  );
}
