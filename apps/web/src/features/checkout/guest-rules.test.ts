import type { TicketInfo } from '@sentiero/contract/tickets';
import { describe, expect, it } from 'vitest';
import {
  type CalendarDay,
  findGuestDraftProblems,
  findPickedStartProblem,
  getGuestRules,
  priceCart,
  startGuestsOn,
  toGuestInput,
} from './guest-rules.ts';
import { emptyGuest } from './store.ts';

const boatTrip = {
  id: 47,
  title: 'Boat trip to the coves of the Gulf of Orosei',
  category: { id: 17, name: 'For couples' },
  location: { area: 'Gulf of Orosei', region: 'Sardinia' },
  validity: { duration_type: 'DAILY', season: { start: '05-01', end: '10-15' } },
  open_days: [1, 2, 3, 4, 5, 6, 7],
  sale_from: null,
  sale_until: null,
  min_age: 0,
  requires_fishing_card: false,
  residents_only: null,
  max_usage: null,
  price_cents: 5000,
  discounted_price_cents: null,
} as unknown as TicketInfo;

const withRules = (changes: Partial<TicketInfo>) => ({ ...boatTrip, ...changes }) as TicketInfo;
const day = (date: string, open: boolean, reason: CalendarDay['reason'] = null): CalendarDay => ({
  date,
  open,
  reason,
  capacity: 24,
  remaining: open ? 24 : 0,
});
const guest = (changes: Partial<ReturnType<typeof emptyGuest>>) => ({
  ...emptyGuest(),
  full_name: 'Anna Rossi',
  start_date: '2026-06-02',
  end_date: '2026-06-02',
  ...changes,
});

describe('start dates picked in the form', () => {
  const rules = getGuestRules(boatTrip, '2026-05-20', [
    day('2026-05-20', true),
    day('2026-05-21', false, 'sold-out'),
    day('2026-05-22', false, 'closed-day'),
  ]);

  it('refuses a day before today and one that is not a date', () => {
    expect(findPickedStartProblem(rules, '2026-05-19')).toBe('errors:field.invalidDate');
    expect(findPickedStartProblem(rules, '2026-02-30')).toBe('errors:field.invalidDate');
  });

  it('flags the days the availability calendar says are closed or sold out', () => {
    expect(findPickedStartProblem(rules, '2026-05-20')).toBeUndefined();
    expect(findPickedStartProblem(rules, '2026-05-21')).toBe('checkout:problems.soldOut');
    expect(findPickedStartProblem(rules, '2026-05-22')).toBe('errors:field.closedDay');
  });

  it('names the sold-out start day, not the end date that follows from it', () => {
    const soldOut = guest({ start_date: '2026-05-21', end_date: '2026-05-22' });
    expect(findGuestDraftProblems(rules, soldOut)).toEqual({ start_date: 'checkout:problems.soldOut' });
  });

  it('judges days beyond the calendar by open days and season', () => {
    const weekdaysOnly = getGuestRules(withRules({ open_days: [1, 2, 3, 4, 5] }), '2026-05-20');
    expect(findPickedStartProblem(weekdaysOnly, '2026-06-06')).toBe('errors:field.closedDay');
    expect(findPickedStartProblem(weekdaysOnly, '2026-06-08')).toBeUndefined();
    expect(findPickedStartProblem(rules, '2026-12-01')).toBe('errors:field.closedDay');
  });

  it("refuses a week that would run past the season's end, even where the calendar has no answer", () => {
    const weekly = getGuestRules(
      withRules({ validity: { duration_type: 'WEEKLY', season: { start: '05-01', end: '10-15' } } }),
      '2026-05-20',
    );
    expect(findPickedStartProblem(weekly, '2026-10-09')).toBeUndefined();
    expect(findPickedStartProblem(weekly, '2026-10-10')).toBe('errors:field.startDate.endsAfterSeason');
  });
});

describe('guest checks on the form (the rules themselves are tested in the contract)', () => {
  const rules = getGuestRules(boatTrip, '2026-05-20');

  it('asks for a first and last name', () => {
    expect(findGuestDraftProblems(rules, guest({ full_name: 'Anna' }))).toEqual({
      full_name: 'errors:field.guestName',
    });
    expect(findGuestDraftProblems(rules, guest({ full_name: "Maria D'Angelo" }))).toEqual({});
  });

  it('refuses an end date that does not match the ticket duration', () => {
    expect(findGuestDraftProblems(rules, guest({ end_date: '2026-06-03' }))).toEqual({
      end_date: 'errors:field.durationMismatch',
    });
  });

  it('asks the birth year only when the activity has a minimum age, and checks it', () => {
    const adultsOnly = getGuestRules(withRules({ min_age: 14 }), '2026-05-20');
    expect(findGuestDraftProblems(adultsOnly, guest({}))).toEqual({
      birth_year: 'errors:field.invalidBirthYear',
    });
    expect(findGuestDraftProblems(adultsOnly, guest({ birth_year: '2015' }))).toEqual({
      birth_year: 'errors:field.tooYoung',
    });
    expect(findGuestDraftProblems(adultsOnly, guest({ birth_year: '1985' }))).toEqual({});
  });

  it('asks for a fishing card and, for residents-only tickets, the country and fiscal code', () => {
    const fishing = getGuestRules(withRules({ requires_fishing_card: true }), '2026-05-20');
    expect(findGuestDraftProblems(fishing, guest({}))).toEqual({ card_number: 'errors:field.cardNumber' });
    expect(findGuestDraftProblems(fishing, guest({ card_number: 'FIPSAS 123456' }))).toEqual({});

    const residents = getGuestRules(withRules({ residents_only: ['IT'] }), '2026-05-20');
    expect(findGuestDraftProblems(residents, guest({ country: 'CH' }))).toEqual({
      country: 'errors:field.residentsOnly',
    });
    expect(
      findGuestDraftProblems(residents, guest({ country: 'IT', fiscal_code: 'RSSMRA85T10A562X' })),
    ).toEqual({
      fiscal_code: 'errors:field.invalidFiscalCode',
    });
    expect(
      findGuestDraftProblems(residents, guest({ country: 'IT', fiscal_code: 'RSSMRA85T10A562S' })),
    ).toEqual({});
  });
});

describe('what goes to the server and what the cart shows first', () => {
  it('sends only the fields the ticket asks for', () => {
    const rules = getGuestRules(withRules({ min_age: 14 }), '2026-05-20');
    expect(
      toGuestInput(rules, guest({ full_name: ' Anna Rossi ', birth_year: '1985', card_number: 'x' })),
    ).toEqual({
      full_name: 'Anna Rossi',
      start_date: '2026-06-02',
      end_date: '2026-06-02',
      birth_year: 1985,
    });
  });

  it('estimates the cart from the ticket prices, discount included', () => {
    const discounted = withRules({ price_cents: 5500, discounted_price_cents: 4900 });
    const cart = priceCart(discounted, [
      guest({}),
      guest({ start_date: '2026-06-04', end_date: '2026-06-04' }),
    ]);
    expect(cart).toMatchObject({
      location: 'Gulf of Orosei, Sardinia',
      quantity: 2,
      start_date: '2026-06-02',
      end_date: '2026-06-04',
      subtotal_cents: 11000,
      discount_cents: 1200,
      total_cents: 9800,
    });
  });

  it("takes off the coupon's discount as the server answered it", () => {
    const cart = priceCart(boatTrip, [guest({}), guest({})], 1000);
    expect(cart).toMatchObject({ subtotal_cents: 10000, coupon_discount_cents: 1000, total_cents: 9000 });
  });
});

describe('the day chosen on the event page', () => {
  const rules = getGuestRules(
    withRules({ validity: { duration_type: 'WEEKLY', season: null } } as Partial<TicketInfo>),
    '2026-06-01',
  );

  it('starts every guest on that day and ends them as the duration says', () => {
    const guests = startGuestsOn(
      [guest({ start_date: '' }), guest({ full_name: 'Marco Neri' })],
      rules,
      '2026-06-10',
    );
    expect(guests.map((entry) => [entry.full_name, entry.start_date, entry.end_date])).toEqual([
      ['Anna Rossi', '2026-06-10', '2026-06-16'],
      ['Marco Neri', '2026-06-10', '2026-06-16'],
    ]);
  });

  it('leaves the guests as they were without a real day', () => {
    const guests = [guest({})];
    expect(startGuestsOn(guests, rules, null)).toBe(guests);
    expect(startGuestsOn(guests, rules, '2026-02-30')).toBe(guests);
    expect(startGuestsOn(guests, rules, 'tomorrow')).toBe(guests);
  });
});
