import { describe, expect, it } from 'vitest';
import {
  computeGuestEndDate,
  findGuestProblems,
  findGuestStartProblem,
  type GuestFacts,
  listBirthYears,
  type TicketRules,
} from './guests.ts';

/** A boat trip in the Gulf of Orosei: every day of its season, no other requirement. */
const boatTrip: TicketRules = {
  durationType: 'DAILY',
  season: { start: '05-01', end: '10-15' },
  openDays: [1, 2, 3, 4, 5, 6, 7],
  saleFrom: null,
  saleUntil: null,
  minAge: 0,
  requiresFishingCard: false,
  residentCountries: null,
};
const withRules = (changes: Partial<TicketRules>): TicketRules => ({ ...boatTrip, ...changes });
const guest = (changes: Partial<GuestFacts>): GuestFacts => ({
  full_name: 'Anna Rossi',
  start_date: '2026-06-02',
  end_date: '2026-06-02',
  ...changes,
});
const today = '2026-05-20';

describe('end dates from the duration type', () => {
  it('ends a DAILY ticket on the day it starts', () => {
    expect(computeGuestEndDate(boatTrip, '2026-06-02')).toBe('2026-06-02');
  });

  it('ends a WEEKLY ticket six days later and a MONTHLY one the day before a month later', () => {
    expect(computeGuestEndDate(withRules({ durationType: 'WEEKLY', season: null }), '2026-06-02')).toBe(
      '2026-06-08',
    );
    expect(computeGuestEndDate(withRules({ durationType: 'MONTHLY', season: null }), '2026-03-15')).toBe(
      '2026-04-14',
    );
  });

  it('ends a SEASONAL ticket with its season, and gives no end outside it', () => {
    const seasonal = withRules({ durationType: 'SEASONAL', season: { start: '04-01', end: '11-30' } });
    expect(computeGuestEndDate(seasonal, '2026-06-02')).toBe('2026-11-30');
    expect(computeGuestEndDate(seasonal, '2026-12-10')).toBe('');
  });
});

describe('start dates', () => {
  it('refuses a day before today and one that is not a date', () => {
    expect(findGuestStartProblem(boatTrip, '2026-05-19', today)).toBe('invalidDate');
    expect(findGuestStartProblem(boatTrip, '2026-02-30', today)).toBe('invalidDate');
  });

  it('judges days by open days and season', () => {
    const weekdaysOnly = withRules({ openDays: [1, 2, 3, 4, 5] });
    expect(findGuestStartProblem(weekdaysOnly, '2026-06-06', today)).toBe('closedDay');
    expect(findGuestStartProblem(weekdaysOnly, '2026-06-08', today)).toBeUndefined();
    expect(findGuestStartProblem(boatTrip, '2026-12-01', today)).toBe('closedDay');
  });

  it("refuses a day whose validity would run past the season's end, with its own message", () => {
    const weekly = withRules({ durationType: 'WEEKLY', season: { start: '06-01', end: '11-30' } });
    expect(findGuestStartProblem(weekly, '2026-11-26', today)).toBe('startDate.endsAfterSeason');
    expect(findGuestStartProblem(weekly, '2026-11-24', today)).toBeUndefined();
  });

  it('refuses a day outside the sale period', () => {
    const onSaleFromJune = withRules({ saleFrom: '2026-06-01', saleUntil: null });
    expect(findGuestStartProblem(onSaleFromJune, '2026-05-31', today)).toBe('startDate.notOnSale');
  });

  it('closes a Saturday to a WEEKDAYS ticket, which gives it no end date', () => {
    const weekdays = withRules({ durationType: 'WEEKDAYS', season: null });
    expect(findGuestStartProblem(weekdays, '2026-06-06', today)).toBe('closedDay');
    expect(findGuestStartProblem(weekdays, '2026-06-08', today)).toBeUndefined();
  });
});

describe('guest checks (SPEC section 5)', () => {
  it('asks for a first and last name', () => {
    expect(findGuestProblems(boatTrip, guest({ full_name: 'Anna' }), today)).toEqual({
      full_name: 'guestName',
    });
    expect(findGuestProblems(boatTrip, guest({ full_name: "Maria D'Angelo" }), today)).toEqual({});
  });

  it('refuses an end date that does not match the ticket duration', () => {
    expect(findGuestProblems(boatTrip, guest({ end_date: '2026-06-03' }), today)).toEqual({
      end_date: 'durationMismatch',
    });
    expect(findGuestProblems(boatTrip, guest({ end_date: '2026-06-01' }), today)).toEqual({
      end_date: 'invalidDate',
    });
  });

  it("names the start date's problem, not the end date it gives, when both are wrong", () => {
    expect(
      findGuestProblems(boatTrip, guest({ start_date: '2026-05-19', end_date: '2026-06-03' }), today),
    ).toEqual({ start_date: 'invalidDate' });
  });

  it('asks the birth year only when the activity has a minimum age, and checks it', () => {
    const adultsOnly = withRules({ minAge: 14 });
    expect(findGuestProblems(boatTrip, guest({}), today)).toEqual({});
    expect(findGuestProblems(adultsOnly, guest({}), today)).toEqual({ birth_year: 'invalidBirthYear' });
    expect(findGuestProblems(adultsOnly, guest({ birth_year: 2027 }), today)).toEqual({
      birth_year: 'invalidBirthYear',
    });
    expect(findGuestProblems(adultsOnly, guest({ birth_year: 2015 }), today)).toEqual({
      birth_year: 'tooYoung',
    });
    expect(findGuestProblems(adultsOnly, guest({ birth_year: 1985 }), today)).toEqual({});
  });

  it('judges the age by the year the activity starts in', () => {
    const adultsOnly = withRules({ minAge: 14, season: null });
    const born2013 = { birth_year: 2013 };
    expect(
      findGuestProblems(
        adultsOnly,
        guest({ ...born2013, start_date: '2026-12-31', end_date: '2026-12-31' }),
        today,
      ),
    ).toEqual({ birth_year: 'tooYoung' });
    expect(
      findGuestProblems(
        adultsOnly,
        guest({ ...born2013, start_date: '2027-01-01', end_date: '2027-01-01' }),
        today,
      ),
    ).toEqual({});
  });

  it('asks for a fishing card and, for residents-only tickets, the country and fiscal code', () => {
    const fishing = withRules({ requiresFishingCard: true });
    expect(findGuestProblems(fishing, guest({}), today)).toEqual({ card_number: 'cardNumber' });
    expect(findGuestProblems(fishing, guest({ card_number: 'FIPSAS 123456' }), today)).toEqual({});

    const residents = withRules({ residentCountries: ['IT'] });
    expect(findGuestProblems(residents, guest({}), today)).toEqual({ country: 'residentsOnly' });
    expect(findGuestProblems(residents, guest({ country: 'CH' }), today)).toEqual({
      country: 'residentsOnly',
    });
    expect(
      findGuestProblems(residents, guest({ country: 'IT', fiscal_code: 'RSSMRA85T10A562X' }), today),
    ).toEqual({ fiscal_code: 'invalidFiscalCode' });
    expect(
      findGuestProblems(residents, guest({ country: 'IT', fiscal_code: 'RSSMRA85T10A562S' }), today),
    ).toEqual({});
  });
});

describe('years of birth offered', () => {
  it('offers every year from the activity year down to 1900 when there is no minimum age', () => {
    const years = listBirthYears(boatTrip, 2026);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(127);
  });

  it('offers only the years old enough for the minimum age in the year the activity starts', () => {
    const fromFourteen = withRules({ minAge: 14 });
    expect(listBirthYears(fromFourteen, 2026)[0]).toBe(2012);
    expect(listBirthYears(fromFourteen, 2027)[0]).toBe(2013);
    expect(listBirthYears(fromFourteen, 2026).at(-1)).toBe(1900);
    for (const year of listBirthYears(fromFourteen, 2026)) {
      expect(findGuestProblems(fromFourteen, guest({ birth_year: year }), today).birth_year).toBeUndefined();
    }
  });
});
