import { addCalendarDays } from '@sentiero/contract/durations';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalizedDate, weekdayName } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useTicketCalendar } from '../../../queries/ticket.ts';
import { QueryState } from '../../../ui/query-state.tsx';

const DAYS_SHOWN = 28;

/** Four weeks at a time: the days a ticket can start, and the places left where they are counted. */
export function AvailabilityCalendar({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  const [from, setFrom] = useState<string | undefined>(undefined);
  const calendar = useTicketCalendar(ticketId, from, DAYS_SHOWN);
  const data = calendar.data;
  if (!data) {
    return (
      <QueryState
        isPending={calendar.isPending}
        isError={calendar.isError}
        onRetry={() => calendar.refetch()}
      />
    );
  }
  const first = data.days[0]?.date ?? data.today;
  const isoWeekdayOfFirst = ((new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          disabled={first <= data.today}
          onClick={() => setFrom(addCalendarDays(first, -DAYS_SHOWN))}
          className="rounded-md border border-stone-300 p-1.5 disabled:opacity-40"
          aria-label={t('calendar.earlier')}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </button>
        <p className="font-medium text-sm">
          {formatLocalizedDate(first, language)} –{' '}
          {formatLocalizedDate(data.days.at(-1)?.date ?? first, language)}
        </p>
        <button
          type="button"
          onClick={() => setFrom(addCalendarDays(first, DAYS_SHOWN))}
          className="rounded-md border border-stone-300 p-1.5"
          aria-label={t('calendar.later')}
        >
          <ChevronRight aria-hidden className="size-4" />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs">
        {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
          <span key={weekday} className="py-1 font-medium text-stone-500">
            {weekdayName(weekday, language)}
          </span>
        ))}
        {data.days.map((day, index) => {
          const status = day.open ? t('calendar.open') : t(`calendar.reason.${day.reason ?? 'past'}`);
          return (
            <span
              key={day.date}
              title={status}
              style={index === 0 ? { gridColumnStart: isoWeekdayOfFirst } : undefined}
              className={`rounded-md py-1.5 ${day.open ? 'bg-brand-50 font-medium text-brand-900' : 'text-stone-500 line-through'}`}
            >
              <span aria-hidden>{Number(day.date.slice(8))}</span>
              <span className="sr-only">{`${formatLocalizedDate(day.date, language, 'long')}: ${status}`}</span>
              {day.open && day.remaining !== null && (
                <span className="block text-[10px] text-brand-700">
                  {t('calendar.left', { count: day.remaining })}
                </span>
              )}
            </span>
          );
        })}
      </div>
    </div>
  );
}
