import { addCalendarDays } from '@sentiero/contract/durations';
import { PAGES } from '@sentiero/contract/pages';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalizedDate, weekdayName } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useTicket, useTicketCalendar } from '../../../queries/ticket.ts';
import { QueryState } from '../../../ui/query-state.tsx';
import { findNextOpenDay, KEY_STEPS } from './calendar-keys.ts';
import { WaitlistJoin } from './waitlist-join.tsx';

const DAYS_SHOWN = 28;

/**
 * Four weeks at a time: the days a ticket can start, and the places left where they are counted.
 * An open day is a link to the purchase on that day, which works before the app has taken the
 * page over (issue 21); closed, sold-out and out-of-season days are plain text. One day is in the
 * Tab order, the arrow keys move between the others.
 */
export function AvailabilityCalendar({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [focusedDate, setFocusedDate] = useState<string | undefined>(undefined);
  // A sold-out day picked: its waiting list is offered under the calendar (ADR 050).
  const [waitingDay, setWaitingDay] = useState<string | undefined>(undefined);
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const hintId = useId();
  const calendar = useTicketCalendar(ticketId, from, DAYS_SHOWN);
  const onSale = useTicket(ticketId).data?.ticket.on_sale ?? false;
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
  // The window asked for last, not the one shown: while the next weeks load the previous ones stay
  // on screen, and a second click must move on from the weeks the first one asked for.
  const requested = from ?? first;
  const isoWeekdayOfFirst = ((new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const choosable = data.days.map((day) => onSale && day.open);
  const tabStop =
    data.days.find((day, index) => day.date === focusedDate && choosable[index])?.date ??
    data.days.find((_, index) => choosable[index])?.date;

  function moveFocus(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const step = KEY_STEPS[event.key];
    if (step === undefined || !data) return;
    event.preventDefault();
    const next = findNextOpenDay(choosable, index, step);
    const date = next === undefined ? undefined : data.days[next]?.date;
    if (!date) return;
    setFocusedDate(date);
    links.current.get(date)?.focus();
  }

  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          disabled={requested <= data.today}
          onClick={() => setFrom((previous) => addCalendarDays(previous ?? first, -DAYS_SHOWN))}
          className="rounded-md border border-stone-300 p-1.5 hover:bg-stone-100 disabled:opacity-40"
          aria-label={t('calendar.earlier')}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </button>
        <p className="font-medium text-sm" aria-live="polite">
          {formatLocalizedDate(first, language)} –{' '}
          {formatLocalizedDate(data.days.at(-1)?.date ?? first, language)}
        </p>
        <button
          type="button"
          onClick={() => setFrom((previous) => addCalendarDays(previous ?? first, DAYS_SHOWN))}
          className="rounded-md border border-stone-300 p-1.5 hover:bg-stone-100"
          aria-label={t('calendar.later')}
        >
          <ChevronRight aria-hidden className="size-4" />
        </button>
      </div>
      {onSale && (
        <p id={hintId} className="mb-2 text-stone-600 text-xs">
          {t('calendar.choose.hint')}
        </p>
      )}
      <div className="grid grid-cols-7 gap-1 text-center text-xs">
        {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
          <span key={weekday} aria-hidden className="py-1 font-medium text-stone-600">
            {weekdayName(weekday, language)}
          </span>
        ))}
        {data.days.map((day, index) => {
          const status = day.open ? t('calendar.open') : t(`calendar.reason.${day.reason ?? 'past'}`);
          const left =
            day.open && day.remaining !== null ? t('calendar.left', { count: day.remaining }) : undefined;
          const longDate = formatLocalizedDate(day.date, language, 'long');
          const style = index === 0 ? { gridColumnStart: isoWeekdayOfFirst } : undefined;
          if (!choosable[index] && onSale && day.reason === 'sold-out') {
            return (
              <button
                key={day.date}
                type="button"
                title={status}
                style={style}
                aria-pressed={waitingDay === day.date}
                aria-label={[longDate, status, t('waitlist.dayHint')].join(', ')}
                onClick={() => setWaitingDay(day.date)}
                className={`rounded-md py-1.5 text-amber-800 line-through decoration-amber-600 hover:bg-amber-50 ${waitingDay === day.date ? 'bg-amber-100 ring-1 ring-amber-400' : ''}`}
              >
                <span aria-hidden>{Number(day.date.slice(8))}</span>
              </button>
            );
          }
          if (!choosable[index]) {
            return (
              <span
                key={day.date}
                title={status}
                style={style}
                className={`rounded-md py-1.5 ${day.open ? 'bg-stone-50 text-stone-700' : 'text-stone-500 line-through'}`}
              >
                <span aria-hidden>{Number(day.date.slice(8))}</span>
                <span className="sr-only">{[longDate, status, left].filter(Boolean).join(', ')}</span>
              </span>
            );
          }
          return (
            <Link
              key={day.date}
              ref={(element) => {
                if (element) links.current.set(day.date, element);
                else links.current.delete(day.date);
              }}
              to={PAGES.eventGuests.path({ eventId: ticketId, date: day.date })}
              style={style}
              tabIndex={day.date === tabStop ? 0 : -1}
              aria-label={[longDate, status, left].filter(Boolean).join(', ')}
              aria-describedby={hintId}
              title={status}
              onFocus={() => setFocusedDate(day.date)}
              onKeyDown={(event) => moveFocus(event, index)}
              className="block rounded-md bg-brand-50 py-1.5 font-medium text-brand-900 ring-brand-300 hover:bg-brand-100 hover:ring-1 focus-visible:outline-2 focus-visible:outline-brand-700 focus-visible:outline-offset-1"
            >
              <span aria-hidden>{Number(day.date.slice(8))}</span>
              {left && (
                <span aria-hidden className="block text-[10px] text-brand-800">
                  {left}
                </span>
              )}
            </Link>
          );
        })}
      </div>
      {onSale && !waitingDay && data.days.some((day) => day.reason === 'sold-out') && (
        <p className="mt-2 text-amber-900 text-xs">{t('waitlist.calendarHint')}</p>
      )}
      {waitingDay && <WaitlistJoin key={waitingDay} ticketId={ticketId} day={waitingDay} />}
    </div>
  );
}
