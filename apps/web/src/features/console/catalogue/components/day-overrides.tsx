import { addCalendarDays, isoWeekday, parseCalendarDate } from '@sentiero/contract/durations';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { FormField, inputClass } from '../../../../ui/form-field.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { type ConsoleTicket, type TicketDay, useSetTicketDay, useTicketDays } from '../api.ts';
import { EditorSection } from './catalogue-frame.tsx';
import { DayCancelPanel } from './day-cancel.tsx';

/** Five weeks at a time: a month whatever its first weekday. */
const DAYS_SHOWN = 35;

/**
 * The ticket's days ahead as a small calendar: open or not by its rules, closed by the operator,
 * its places and places taken. A day opens a form to close it or change its places, with the
 * reason the audit log keeps; the shop's calendar and checkout follow at once.
 */
export function DayOverrides({
  ticket,
  canWrite,
  canCancel,
}: {
  ticket: ConsoleTicket;
  canWrite: boolean;
  /** The staff member may cancel a day for everyone (`days.cancel`, ADR 049). */
  canCancel: boolean;
}) {
  const { t, i18n } = useTranslation('consoleCatalogue');
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<string | null>(null);
  const days = useTicketDays(ticket.id, from, DAYS_SHOWN);
  const jumpId = useId();
  const data = days.data;
  const first = data?.days[0]?.date;
  const dayLabel = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const short = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const date = (day: string) => parseCalendarDate(day) as Date;
  const selected = data?.days.find((day) => day.date === chosen) ?? null;
  const lead = first ? isoWeekday(date(first)) - 1 : 0;

  return (
    <EditorSection id="ticket-days" title={t('sections.days')}>
      <p className="text-sm text-stone-600">
        {ticket.fields.daily_capacity === null
          ? t('days.leadUnlimited')
          : t('days.lead', { count: ticket.fields.daily_capacity })}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-sm"
          disabled={!first || !data || first <= data.today}
          onClick={() => first && setFrom(addCalendarDays(first, -DAYS_SHOWN))}
        >
          {t('days.earlier')}
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-sm"
          disabled={!first}
          onClick={() => first && setFrom(addCalendarDays(first, DAYS_SHOWN))}
        >
          {t('days.later')}
        </Button>
        <div className="flex flex-col gap-1">
          <label htmlFor={jumpId} className="font-medium text-sm text-stone-700">
            {t('days.goTo')}
          </label>
          <input
            id={jumpId}
            type="date"
            min={data?.today}
            className={`${inputClass} py-1.5`}
            onChange={(event) => {
              if (!parseCalendarDate(event.target.value)) return;
              setFrom(event.target.value);
              setChosen(event.target.value);
            }}
          />
        </div>
      </div>
      <QueryState isPending={days.isPending} isError={days.isError} onRetry={() => days.refetch()} />
      {data && (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div>
            <div className="grid grid-cols-7 gap-1 text-center text-stone-500 text-xs" aria-hidden>
              {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                <span key={day}>{weekday.format(new Date(Date.UTC(2024, 0, day)))}</span>
              ))}
            </div>
            <ul className="mt-1 grid grid-cols-7 gap-1" aria-label={t('days.calendar')}>
              {Array.from({ length: lead }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day have nothing else to tell them apart
                <li key={`blank-${index}`} aria-hidden />
              ))}
              {data.days.map((day) => (
                <li key={day.date}>
                  <button
                    type="button"
                    aria-pressed={chosen === day.date}
                    aria-label={`${dayLabel.format(date(day.date))}: ${dayState(t, day)}`}
                    onClick={() => setChosen(day.date)}
                    className={`flex h-14 w-full flex-col items-center justify-center rounded-md border text-xs ${cellTone(day)} ${
                      chosen === day.date ? 'ring-2 ring-brand-700' : ''
                    }`}
                  >
                    <span className="font-semibold text-sm">{short.format(date(day.date))}</span>
                    <span>{cellNote(t, day)}</span>
                  </button>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex flex-wrap gap-3 text-stone-600 text-xs">
              <span className="inline-flex items-center gap-1">
                <span className="size-3 rounded border border-emerald-300 bg-emerald-50" />{' '}
                {t('days.legendOpen')}
              </span>
              <span className="inline-flex items-center gap-1">
                <span className="size-3 rounded border border-red-300 bg-red-50" /> {t('days.legendClosed')}
              </span>
              <span className="inline-flex items-center gap-1">
                <span className="size-3 rounded border border-stone-200 bg-stone-100" />{' '}
                {t('days.legendNotSold')}
              </span>
            </p>
          </div>
          <div>
            {selected ? (
              <>
                <DayPanel
                  key={`${selected.date}-${selected.override?.updated_at ?? ''}`}
                  ticket={ticket}
                  day={selected}
                  title={dayLabel.format(date(selected.date))}
                  canWrite={canWrite}
                />
                {canCancel && selected.date >= data.today && (
                  <DayCancelPanel key={`cancel-${selected.date}`} ticket={ticket} date={selected.date} />
                )}
              </>
            ) : (
              <p className="text-sm text-stone-600">{t('days.choose')}</p>
            )}
          </div>
        </div>
      )}
    </EditorSection>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

function dayState(t: T, day: TicketDay): string {
  if (day.closed) return t('days.closedBy', { reason: day.override?.reason ?? '' });
  if (!day.open_by_rules) return t('days.notSold');
  return day.capacity === null
    ? t('days.open')
    : t('days.places', { taken: day.taken, capacity: day.capacity });
}

function cellTone(day: TicketDay): string {
  if (day.closed) return 'border-red-300 bg-red-50 text-red-900';
  if (!day.open_by_rules) return 'border-stone-200 bg-stone-100 text-stone-500';
  return 'border-emerald-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-100';
}

function cellNote(t: T, day: TicketDay): string {
  if (day.closed) return t('days.closed');
  if (!day.open_by_rules) return '—';
  return day.capacity === null ? t('days.open') : `${day.taken}/${day.capacity}`;
}

function DayPanel({
  ticket,
  day,
  title,
  canWrite,
}: {
  ticket: ConsoleTicket;
  day: TicketDay;
  title: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation(['consoleCatalogue', 'errors']);
  const save = useSetTicketDay();
  const [closed, setClosed] = useState(day.closed);
  const [capacity, setCapacity] = useState(day.override?.capacity?.toString() ?? '');
  const [reason, setReason] = useState('');
  const problem = save.error instanceof ApiRequestError ? save.error : null;
  const send = (change: { closed: boolean; capacity: number | null }) =>
    save.mutate({ id: ticket.id, date: day.date, reason, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ closed, capacity: capacity.trim() === '' ? null : Number(capacity) });
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-4">
      <h3 className="font-semibold text-stone-900">{title}</h3>
      <p className="text-sm text-stone-700">{dayState(t, day)}</p>
      {day.override && !day.override.closed && (
        <p className="text-sm text-stone-600">{t('days.reasonWas', { reason: day.override.reason })}</p>
      )}
      {canWrite && (
        <>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={closed} onChange={(event) => setClosed(event.target.checked)} />
            {t('days.closeDay')}
          </label>
          {ticket.fields.daily_capacity !== null && !closed && (
            <FormField
              label={t('days.capacity')}
              hint={t('days.capacityHint', { count: ticket.fields.daily_capacity })}
              error={problem?.fields.capacity}
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="numeric"
                  className={inputClass}
                  value={capacity}
                  onChange={(event) => setCapacity(event.target.value)}
                />
              )}
            </FormField>
          )}
          <FormField label={t('days.reason')} error={problem?.fields.reason ?? problem?.fields.date}>
            {(control) => (
              <textarea
                {...control}
                rows={2}
                className={inputClass}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </FormField>
          {problem && !problem.fields.reason && !problem.fields.capacity && !problem.fields.date && (
            <Alert tone="error">{problem.message}</Alert>
          )}
          {save.isSuccess && <Alert tone="success">{t('days.saved')}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={save.isPending} busyLabel={t('form.saving')}>
              {t('days.save')}
            </Button>
            {day.override && (
              <Button variant="secondary" onClick={() => send({ closed: false, capacity: null })}>
                {t('days.restore')}
              </Button>
            )}
          </div>
        </>
      )}
    </form>
  );
}
