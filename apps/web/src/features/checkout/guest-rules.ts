import type { ApiOutput } from '@sentiero/contract/api';
import { type CartSummary, FIRST_BIRTH_YEAR, FISHING_CARD, GUEST_NAME } from '@sentiero/contract/checkout';
import {
  type DurationType,
  datesMatchDuration,
  findSeasonContaining,
  findValidEndDate,
  isoWeekday,
  parseCalendarDate,
  type Season,
} from '@sentiero/contract/durations';
import { checkItalianFiscalCode } from '@sentiero/contract/fiscal-code';
import type { TicketInfo } from '@sentiero/contract/tickets';
import type { GuestDraft } from './store.ts';

export type CalendarDay = ApiOutput<'ticketCalendarV2'>['days'][number];

/** What the guests step checks of a ticket; the server checks the same again on payment. */
export type GuestRules = {
  durationType: DurationType;
  season: Season | null;
  openDays: number[];
  minAge: number;
  requiresFishingCard: boolean;
  residentCountries: string[] | null;
  /** Today in the area's time zone. */
  today: string;
  /** The days the availability calendar answered for; later days go by open days and season. */
  calendar: ReadonlyMap<string, CalendarDay>;
};

export function getGuestRules(ticket: TicketInfo, today: string, days: CalendarDay[] = []): GuestRules {
  return {
    durationType: ticket.validity.duration_type,
    season: ticket.validity.season,
    openDays: ticket.open_days,
    minAge: ticket.min_age,
    requiresFishingCard: ticket.requires_fishing_card,
    residentCountries: ticket.residents_only,
    today,
    calendar: new Map(days.map((day) => [day.date, day])),
  };
}

/**
 * The end date a start date gives: every duration type fixes it (a SEASONAL ticket ends with its
 * season), so the buyer never types it. Empty when the start date gives none.
 */
export function computeEndDate(rules: GuestRules, start: string): string {
  const valid = findValidEndDate(rules.durationType, start, rules.season ?? undefined);
  return valid.ok ? valid.end : '';
}

/** Keys of the `errors` namespace's field messages, and one of the checkout's own. */
export type GuestProblem =
  | 'errors:field.guestName'
  | 'errors:field.invalidDate'
  | 'errors:field.durationMismatch'
  | 'errors:field.closedDay'
  | 'checkout:problems.soldOut'
  | 'errors:field.invalidBirthYear'
  | 'errors:field.tooYoung'
  | 'errors:field.cardNumber'
  | 'errors:field.residentsOnly'
  | 'errors:field.invalidFiscalCode';

/** Whether a guest can start on a day: a real day from today on, open, with places left. */
export function findStartDateProblem(rules: GuestRules, start: string): GuestProblem | undefined {
  const date = parseCalendarDate(start);
  if (!date || start < rules.today) return 'errors:field.invalidDate';
  const day = rules.calendar.get(start);
  if (day && !day.open) {
    if (day.reason === 'sold-out') return 'checkout:problems.soldOut';
    return day.reason === 'past' ? 'errors:field.invalidDate' : 'errors:field.closedDay';
  }
  if (!rules.openDays.includes(isoWeekday(date))) return 'errors:field.closedDay';
  if (rules.season && !findSeasonContaining(rules.season, date)) return 'errors:field.closedDay';
  if (!findValidEndDate(rules.durationType, start, rules.season ?? undefined).ok) {
    return 'errors:field.closedDay';
  }
  return undefined;
}

/** SPEC section 5: 'Start date and/or end date do not match the ticket duration.' */
export function findEndDateProblem(rules: GuestRules, start: string, end: string): GuestProblem | undefined {
  if (!parseCalendarDate(end) || end < start) return 'errors:field.invalidDate';
  return datesMatchDuration(rules.durationType, start, end, rules.season ?? undefined)
    ? undefined
    : 'errors:field.durationMismatch';
}

/** Every problem of one guest, by field; the first of each field, as the server words them. */
export function findGuestProblems(
  rules: GuestRules,
  guest: GuestDraft,
): Partial<Record<keyof GuestDraft, GuestProblem>> {
  const problems: Partial<Record<keyof GuestDraft, GuestProblem>> = {};
  const name = guest.full_name.trim();
  if (name.length > 120 || !GUEST_NAME.test(name)) problems.full_name = 'errors:field.guestName';

  const startProblem = findStartDateProblem(rules, guest.start_date);
  if (startProblem) problems.start_date = startProblem;
  else {
    const endProblem = findEndDateProblem(rules, guest.start_date, guest.end_date);
    if (endProblem) problems.end_date = endProblem;
  }

  if (rules.minAge > 0) {
    // Only the year is asked (SPEC's year picker): judged by the year the activity starts in.
    const year = Number(guest.birth_year);
    const startYear = Number((guest.start_date || rules.today).slice(0, 4));
    if (!guest.birth_year || !Number.isInteger(year) || year < FIRST_BIRTH_YEAR || year > startYear) {
      problems.birth_year = 'errors:field.invalidBirthYear';
    } else if (startYear - year < rules.minAge) problems.birth_year = 'errors:field.tooYoung';
  }

  if (rules.requiresFishingCard && !FISHING_CARD.test(guest.card_number.trim())) {
    problems.card_number = 'errors:field.cardNumber';
  }

  if (rules.residentCountries) {
    if (!rules.residentCountries.includes(guest.country)) problems.country = 'errors:field.residentsOnly';
    else if (guest.country === 'IT' && !checkItalianFiscalCode(guest.fiscal_code)) {
      problems.fiscal_code = 'errors:field.invalidFiscalCode';
    }
  }
  return problems;
}

/** SPEC section 5: year selection starts at 1900; the newest year first. */
export function listBirthYears(today: string): number[] {
  const current = Number(today.slice(0, 4));
  return Array.from({ length: current - FIRST_BIRTH_YEAR + 1 }, (_, index) => current - index);
}

/** A guest as the buy call takes it: only the fields the ticket asks for. */
export function toGuestInput(rules: GuestRules, guest: GuestDraft) {
  return {
    full_name: guest.full_name.trim(),
    start_date: guest.start_date,
    end_date: guest.end_date,
    ...(rules.minAge > 0 ? { birth_year: Number(guest.birth_year) } : {}),
    ...(rules.requiresFishingCard ? { card_number: guest.card_number.trim() } : {}),
    ...(rules.residentCountries
      ? {
          country: guest.country,
          ...(guest.fiscal_code.trim() ? { fiscal_code: guest.fiscal_code.trim() } : {}),
        }
      : {}),
  };
}

/**
 * The cart before the server prices it, from the ticket's prices and the discount the server gave
 * for a coupon: shown as an estimate until the purchase answers with the server's figures.
 */
export function estimateCart(ticket: TicketInfo, guests: GuestDraft[], couponCents = 0): CartSummary {
  const quantity = guests.length;
  const unit = ticket.discounted_price_cents ?? ticket.price_cents;
  const starts = guests
    .map((guest) => guest.start_date)
    .filter(Boolean)
    .sort();
  const ends = guests
    .map((guest) => guest.end_date)
    .filter(Boolean)
    .sort();
  return {
    location: `${ticket.location.area}, ${ticket.location.region}`,
    ticket: ticket.title,
    category: ticket.category.name,
    start_date: starts[0] ?? '',
    end_date: ends.at(-1) ?? '',
    max_usage: ticket.max_usage,
    quantity,
    unit_price_cents: unit,
    subtotal_cents: ticket.price_cents * quantity,
    discount_cents: (ticket.price_cents - unit) * quantity,
    coupon_discount_cents: couponCents,
    service_fee_cents: 0,
    total_cents: Math.max(0, unit * quantity - couponCents),
    currency: 'EUR',
  };
}
