import { useTranslation } from 'react-i18next';
import { formatLocalizedDate, formatMoney } from '../../../../lib/format.ts';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';
import type { OrderStory } from '../api.ts';

type Guest = OrderStory['guests'][number];

const TICKET_TONES = {
  active: 'bg-green-100 text-green-900',
  cancelled: 'bg-red-100 text-red-900',
  none: 'bg-stone-200 text-stone-700',
} as const;

function TicketState({ guest }: { guest: Guest }) {
  const { t } = useTranslation('consoleOrders');
  const state = guest.issued?.state ?? 'none';
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className={`rounded-full px-2 py-0.5 font-medium text-xs ${TICKET_TONES[state]}`}>
        {t(`order.ticketStates.${state}`)}
      </span>
      {guest.issued && guest.issued.uses > 0 && (
        <span className="text-stone-600 text-xs">{t('order.uses', { count: guest.issued.uses })}</span>
      )}
    </span>
  );
}

/**
 * The order's guests with their ticket and its state; with the right to refund, a box to tick
 * each guest that can still be refunded.
 */
export function OrderGuests({
  story,
  shares,
  selectable,
  selected,
  onToggle,
}: {
  story: OrderStory;
  shares: Map<number, number>;
  /** The guests a refund may still take; empty when the staff member may not refund. */
  selectable: readonly number[];
  selected: readonly number[];
  onToggle(lineId: number): void;
}) {
  const { t } = useTranslation('consoleOrders');
  const language = useCurrentLanguage();
  const withBoxes = selectable.length > 0;
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <h2 className="border-stone-200 border-b px-4 py-3 font-semibold text-lg">{t('order.guests')}</h2>
      <ul aria-label={t('order.guests')} className="divide-y divide-stone-200">
        {story.guests.map((guest) => {
          const dates =
            guest.start_date === guest.end_date
              ? formatLocalizedDate(guest.start_date, language)
              : `${formatLocalizedDate(guest.start_date, language)} – ${formatLocalizedDate(guest.end_date, language)}`;
          const canTick = selectable.includes(guest.line_id);
          return (
            <li key={guest.line_id} className="flex items-start gap-3 px-4 py-3">
              {withBoxes && (
                <input
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-brand-700"
                  aria-label={t('order.select', { name: guest.name })}
                  disabled={!canTick}
                  checked={selected.includes(guest.line_id)}
                  onChange={() => onToggle(guest.line_id)}
                />
              )}
              <div className="grid min-w-0 flex-1 gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1.5fr)_auto_auto]">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{guest.name}</p>
                  {guest.issued && <p className="font-mono text-stone-600 text-xs">{guest.issued.code}</p>}
                  {guest.fiscal_code && (
                    <p className="font-mono text-stone-600 text-xs">{guest.fiscal_code}</p>
                  )}
                  {guest.fishing_card && (
                    <p className="text-stone-600 text-xs">
                      {t('search.fishingCard')}: {guest.fishing_card}
                    </p>
                  )}
                </div>
                <div className="min-w-0 text-sm">
                  <p className="text-stone-800">{guest.ticket_title}</p>
                  <p className="text-stone-600">
                    {guest.area_name} · {dates}
                  </p>
                </div>
                <p className="text-sm tabular-nums sm:text-right">
                  {formatMoney(shares.get(guest.line_id) ?? 0, language)}
                </p>
                <TicketState guest={guest} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
