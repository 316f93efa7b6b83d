import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_GUESTS } from '@sentiero/contract/checkout';
import { calendarDateIn } from '@sentiero/contract/durations';
import { PAGES } from '@sentiero/contract/pages';
import type { TicketInfo } from '@sentiero/contract/tickets';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useNavigate, useParams, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { orNotFound, requireIdParam } from '../../../lib/route-data.ts';
import { getTicketQueryOptions } from '../../../queries/ticket.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { getCheckoutCalendarQueryOptions, useCheckoutCalendar, useCheckoutTicket } from '../api.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { GuestFields } from '../components/guest-fields.tsx';
import { type CalendarDay, getGuestRules, startGuestsOn } from '../guest-rules.ts';
import { buildGuestsFormSchema, type GuestsForm } from '../schemas.ts';
import { emptyGuest, type GuestDraft, type HeldOffer, readGuestDraft, useCheckoutStore } from '../store.ts';

const NO_DAYS: CalendarDay[] = [];

/** The offer's link (`?offer=&date=&places=`): places held for the member from a waiting list. */
function readOfferParams(params: URLSearchParams): HeldOffer | null {
  const token = params.get('offer');
  const day = params.get('date');
  const places = Number(params.get('places'));
  if (!token || !day || !Number.isInteger(places) || places < 1 || places > MAX_GUESTS) return null;
  return { token, day, places };
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = requireIdParam(params.eventId);
  const language = currentLanguage();
  const held = readOfferParams(new URL(request.url).searchParams);
  await Promise.all([
    orNotFound(queryClient.ensureQueryData(getTicketQueryOptions(language, id))),
    // Without the calendar the days are judged by open days and season, and the server decides.
    queryClient.ensureQueryData(getCheckoutCalendarQueryOptions(language, id)).catch(() => undefined),
  ]);
  if (held) useCheckoutStore.getState().holdOffer(id, held);
  else useCheckoutStore.getState().openCheckout(id);
  return null;
}

/** The day whose places are held for this member is open to them, however full it is for others. */
function withHeldDay(days: CalendarDay[], held: HeldOffer | null): CalendarDay[] {
  if (!held) return days;
  return days.map((day) =>
    day.date === held.day && !day.open && day.reason === 'sold-out'
      ? { ...day, open: true, reason: null, remaining: held.places }
      : day,
  );
}

/** The dates being bought, for what the app composes into the step (the area's weather). */
export type ChosenDates = {
  areaId: number;
  timeZone: string;
  dates: { from: string; to: string } | undefined;
};
type RenderWeather = (chosen: ChosenDates) => ReactNode;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** From the earliest start to the latest end among the guests with a date typed in full. */
function chosenPeriod(guests: { start_date?: string; end_date?: string }[] | undefined) {
  const starts = (guests ?? [])
    .map((guest) => guest.start_date ?? '')
    .filter((date) => CALENDAR_DATE.test(date));
  if (starts.length === 0) return undefined;
  const ends = (guests ?? []).map((guest) => guest.end_date ?? '').filter((date) => CALENDAR_DATE.test(date));
  const from = starts.reduce((first, date) => (date < first ? date : first));
  const to = [...starts, ...ends].reduce((last, date) => (date > last ? date : last));
  return { from, to };
}

/** New guests start on the first guest's dates: a group usually goes together. */
function nextGuest(first: GuestDraft | undefined): GuestDraft {
  return { ...emptyGuest(), start_date: first?.start_date ?? '', end_date: first?.end_date ?? '' };
}

function GuestsStep({
  ticket,
  today,
  days,
  weather,
}: {
  ticket: TicketInfo;
  today: string;
  days: CalendarDay[];
  weather?: RenderWeather | undefined;
}) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const quantityId = useId();
  const rules = useMemo(() => getGuestRules(ticket, today, days), [ticket, today, days]);
  const schema = useMemo(() => buildGuestsFormSchema(rules), [rules]);
  const saved = useCheckoutStore((state) => state.guests);
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosenDay] = useState(() => searchParams.get('date'));
  const heldOffer = useCheckoutStore((state) => state.heldOffer);
  // Places held from a waiting list: as many guests as places, all on the held day.
  const firstGuests =
    saved.length > 0 ? saved : Array.from({ length: heldOffer?.places ?? 1 }, () => emptyGuest());
  const form = useForm<GuestsForm>({
    resolver: zodResolver(schema),
    defaultValues: { guests: startGuestsOn(firstGuests, rules, chosenDay ?? heldOffer?.day ?? null) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'guests' });
  const chosenGuests = useWatch({ control: form.control, name: 'guests' });
  // What the server refused on the payment step, shown under the fields it is about.
  const [serverErrors] = useState(() => useCheckoutStore.getState().guestErrors);

  useEffect(() => {
    for (const [name, message] of Object.entries(serverErrors)) {
      form.setError(name as Path<GuestsForm>, { type: 'server', message });
    }
    useCheckoutStore.getState().clearGuestErrors();
  }, [form, serverErrors]);

  // The calendar's day is taken once: kept, flagged at once if it cannot be chosen, and dropped
  // from the address so a reload keeps what the buyer changed since.
  useEffect(() => {
    if (!chosenDay) return;
    useCheckoutStore.getState().saveGuests(form.getValues('guests').map(readGuestDraft));
    void form.trigger('guests.0.start_date');
    setSearchParams(
      (params) => {
        params.delete('date');
        params.delete('offer');
        params.delete('places');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [chosenDay, form, setSearchParams]);

  // Kept as typed, so a visitor sent to log in finds everything on coming back.
  useEffect(() => {
    const subscription = form.watch((values) =>
      useCheckoutStore.getState().saveGuests((values.guests ?? []).map(readGuestDraft)),
    );
    return () => subscription.unsubscribe();
  }, [form]);

  function changeQuantity(quantity: number) {
    if (quantity > fields.length) {
      const first = form.getValues('guests.0');
      append(Array.from({ length: quantity - fields.length }, () => nextGuest(first)));
    } else {
      remove(Array.from({ length: fields.length - quantity }, (_, offset) => quantity + offset));
    }
  }

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={form.handleSubmit((values) => {
        useCheckoutStore.getState().saveGuests(values.guests);
        navigate(PAGES.eventPayment.path({ eventId: ticket.id }));
      })}
    >
      {Object.keys(serverErrors).length > 0 && <Alert tone="error">{t('guests.serverProblems')}</Alert>}
      {heldOffer && <Alert tone="success">{t('guests.heldOffer', { count: heldOffer.places })}</Alert>}
      <div className="flex max-w-xs flex-col gap-1">
        <label htmlFor={quantityId} className="font-medium text-sm text-stone-700">
          {t('guests.quantity')}
        </label>
        <select
          id={quantityId}
          className={inputClass}
          value={fields.length}
          onChange={(event) => changeQuantity(Number(event.target.value))}
        >
          {Array.from({ length: MAX_GUESTS }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      {weather?.({
        areaId: ticket.area.id,
        timeZone: ticket.location.time_zone,
        dates: chosenPeriod(chosenGuests),
      })}
      {fields.map((field, index) => (
        <GuestFields key={field.id} index={index} form={form} rules={rules} />
      ))}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit">{t('guests.continue')}</Button>
        <Link to={PAGES.event.path({ eventId: ticket.id })} className="text-brand-800 text-sm underline">
          {t('guests.back')}
        </Link>
      </div>
    </form>
  );
}

/**
 * `/event/{eventId}/guests`: how many guests, and each one's name, dates and what the ticket asks.
 * The app composes in the area's weather for the dates chosen.
 */
export function Component({ weather }: { weather?: RenderWeather }) {
  const id = Number(useParams().eventId);
  const { t } = useTranslation(['checkout', 'errors']);
  const ticket = useCheckoutTicket(id).data?.ticket;
  const calendar = useCheckoutCalendar(id).data;
  const heldOffer = useCheckoutStore((state) => state.heldOffer);
  const days = useMemo(() => withHeldDay(calendar?.days ?? NO_DAYS, heldOffer), [calendar, heldOffer]);
  if (!ticket) return null;
  const today = calendar?.today ?? calendarDateIn(ticket.location.time_zone, new Date());

  return (
    <div className="mx-auto max-w-3xl">
      <CheckoutSteps ticketId={id} current="guests" />
      <PageHeading lead={ticket.title}>{t('guests.title')}</PageHeading>
      {ticket.on_sale ? (
        <GuestsStep ticket={ticket} today={today} days={days} weather={weather} />
      ) : (
        <Alert tone="error">
          <p>{t('errors:TICKET_UNAVAILABLE')}</p>
          <Link to={PAGES.event.path({ eventId: id })} className="mt-2 inline-block underline">
            {t('guests.back')}
          </Link>
        </Alert>
      )}
    </div>
  );
}
