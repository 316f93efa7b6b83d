import type { ApiOutput } from '@sentiero/contract/api';
import type { CartSummary } from '@sentiero/contract/checkout';
import { parseCalendarDate } from '@sentiero/contract/durations';
import {
  computeGuestEndDate,
  findGuestProblems,
  findGuestStartProblem,
  type GuestProblem,
  type TicketRules,
} from '@sentiero/contract/rules/guests';
import { priceOrder } from '@sentiero/contract/rules/order-prices';
import type { TicketInfo } from '@sentiero/contract/tickets';
import type { GuestDraft } from './store.ts';

export type CalendarDay = ApiOutput<'ticketCalendarV2'>['days'][number];

/** What the guests step checks of a ticket (the contract's rules, which the server applies again on payment). */
export type GuestRules = TicketRules & {
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
    saleFrom: ticket.sale_from,
    saleUntil: ticket.sale_until,
    minAge: ticket.min_age,
    requiresFishingCard: ticket.requires_fishing_card,
    residentCountries: ticket.residents_only,
    today,
    calendar: new Map(days.map((day) => [day.date, day])),
  };
}

/**
 * The day chosen on the event page's calendar (`?date=`) starts every guest's stay and the
 * duration gives its end: a group usually goes together, and the buyer picked that day. Anything
 * that is not a day leaves the guests as they were.
 */
export function startGuestsOn(guests: GuestDraft[], rules: GuestRules, day: string | null): GuestDraft[] {
  if (!day || !parseCalendarDate(day)) return guests;
  const end = computeGuestEndDate(rules, day);
  return guests.map((guest) => ({ ...guest, start_date: day, end_date: end }));
}

/** Keys of the `errors` namespace's field messages, and one of the checkout's own. */
export type GuestDraftProblem = `errors:field.${GuestProblem}` | 'checkout:problems.soldOut';

/**
 * Whether a guest can start on a day picked in the form: the contract's rule, then what the
 * availability calendar answered for that day (sold out, closed).
 */
export function findPickedStartProblem(rules: GuestRules, start: string): GuestDraftProblem | undefined {
  const problem = findGuestStartProblem(rules, start, rules.today);
  if (problem) return `errors:field.${problem}`;
  const day = rules.calendar.get(start);
  if (day && !day.open) {
    if (day.reason === 'sold-out') return 'checkout:problems.soldOut';
    return day.reason === 'past' ? 'errors:field.invalidDate' : 'errors:field.closedDay';
  }
  return undefined;
}

/** Every problem of one guest as the form holds it, by field; the first of each, as the server words them. */
export function findGuestDraftProblems(
  rules: GuestRules,
  guest: GuestDraft,
): Partial<Record<keyof GuestDraft, GuestDraftProblem>> {
  const facts = { ...guest, birth_year: guest.birth_year ? Number(guest.birth_year) : undefined };
  const problems: Partial<Record<keyof GuestDraft, GuestDraftProblem>> = {};
  for (const [field, problem] of Object.entries(findGuestProblems(rules, facts, rules.today))) {
    problems[field as keyof GuestDraft] = `errors:field.${problem}`;
  }
  const startProblem = findPickedStartProblem(rules, guest.start_date);
  if (startProblem) {
    problems.start_date = startProblem;
    // The end follows from the start: its problem is the start's to fix.
    delete problems.end_date;
  }
  return problems;
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
 * The cart before the buy, priced by the contract's rule the server prices the buy with, with the
 * discount the server gave for a coupon: the purchase then answers with the same figures.
 */
export function priceCart(
  ticket: TicketInfo,
  guests: GuestDraft[],
  couponCents = 0,
  { member = false } = {},
): CartSummary {
  const quantity = guests.length;
  const prices = priceOrder(
    {
      priceCents: ticket.price_cents,
      discountedPriceCents: ticket.discounted_price_cents,
      memberPriceCents: ticket.member_price_cents,
    },
    quantity,
    couponCents,
    { member },
  );
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
    unit_price_cents: prices.unitPriceCents,
    subtotal_cents: prices.subtotalCents,
    discount_cents: prices.discountCents,
    coupon_discount_cents: prices.couponDiscountCents,
    service_fee_cents: prices.serviceFeeCents,
    total_cents: prices.totalCents,
    currency: 'EUR',
  };
}
