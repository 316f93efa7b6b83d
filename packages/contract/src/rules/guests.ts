import { FIRST_BIRTH_YEAR, FISHING_CARD, GUEST_NAME } from '../checkout.ts';
import { datesMatchDuration, findValidEndDate, parseCalendarDate } from '../durations.ts';
import { checkItalianFiscalCode } from '../fiscal-code.ts';
import { findStartDateProblem, type StartDateProblem, type StartDateRules } from './start-dates.ts';

/*
 * SPEC section 5's guest checks, once: the guests step applies them as the buyer types, and the
 * server applies them again on payment whatever the client checked (issue 5).
 */

/** What the guest rules need to know of a ticket. */
export type TicketRules = StartDateRules & {
  minAge: number;
  requiresFishingCard: boolean;
  residentCountries: string[] | null;
};

/** A guest as the rules read it: the server's parsed guest and the form's draft both give this. */
export type GuestFacts = {
  full_name: string;
  start_date: string;
  end_date: string;
  birth_year?: number | undefined;
  card_number?: string | undefined;
  country?: string | undefined;
  fiscal_code?: string | undefined;
};

/** Keys of the `errors` namespace's `field` messages. */
export type GuestProblem =
  | 'guestName'
  | 'invalidDate'
  | 'durationMismatch'
  | 'closedDay'
  | 'startDate.endsAfterSeason'
  | 'startDate.notOnSale'
  | 'invalidBirthYear'
  | 'tooYoung'
  | 'cardNumber'
  | 'residentsOnly'
  | 'invalidFiscalCode';

export type GuestField = keyof GuestFacts;

/**
 * The end date a start date gives: every duration type fixes it (a SEASONAL ticket ends with its
 * season), so the buyer never types it. Empty when the start date gives none.
 */
export function computeGuestEndDate(ticket: TicketRules, start: string): string {
  const valid = findValidEndDate(ticket.durationType, start, ticket.season ?? undefined);
  return valid.ok ? valid.end : '';
}

const START_DATE_PROBLEMS: Record<StartDateProblem, GuestProblem> = {
  'invalid-date': 'invalidDate',
  past: 'invalidDate',
  'not-on-sale': 'startDate.notOnSale',
  'closed-day': 'closedDay',
  'outside-season': 'closedDay',
  'ends-after-season': 'startDate.endsAfterSeason',
};

/** Whether a guest can start on a day: the contract's one start-date rule (`start-dates.ts`), worded for a guest. */
export function findGuestStartProblem(
  ticket: TicketRules,
  start: string,
  today: string,
): GuestProblem | undefined {
  const problem = findStartDateProblem(ticket, start, today);
  return problem && START_DATE_PROBLEMS[problem];
}

/** SPEC section 5: 'Start date and/or end date do not match the ticket duration.' */
export function findEndDateProblem(
  ticket: TicketRules,
  start: string,
  end: string,
): GuestProblem | undefined {
  if (!parseCalendarDate(end) || end < start) return 'invalidDate';
  return datesMatchDuration(ticket.durationType, start, end, ticket.season ?? undefined)
    ? undefined
    : 'durationMismatch';
}

/** Only the year is asked (SPEC's year picker): the age is judged by the year the activity starts in. */
export function findBirthYearProblem(
  ticket: Pick<TicketRules, 'minAge'>,
  birthYear: number | undefined,
  startYear: number,
): GuestProblem | undefined {
  if (ticket.minAge <= 0) return undefined;
  if (birthYear === undefined || !Number.isInteger(birthYear)) return 'invalidBirthYear';
  if (birthYear < FIRST_BIRTH_YEAR || birthYear > startYear) return 'invalidBirthYear';
  return startYear - birthYear < ticket.minAge ? 'tooYoung' : undefined;
}

/**
 * The years of birth the guests step offers, newest first: from 1900 (SPEC section 5), only those
 * old enough for the ticket's minimum age in the year the activity starts, by the rule above.
 */
export function listBirthYears(ticket: Pick<TicketRules, 'minAge'>, startYear: number): number[] {
  const years: number[] = [];
  for (let year = startYear; year >= FIRST_BIRTH_YEAR; year--) {
    if (!findBirthYearProblem(ticket, year, startYear)) years.push(year);
  }
  return years;
}

/**
 * Every problem of one guest, the first of each field. The end date is judged only once the start
 * date is good: it follows from the start, so the start's problem is the one to fix.
 */
export function findGuestProblems(
  ticket: TicketRules,
  guest: GuestFacts,
  today: string,
): Partial<Record<GuestField, GuestProblem>> {
  const problems: Partial<Record<GuestField, GuestProblem>> = {};
  const name = guest.full_name.trim();
  if (name.length > 120 || !GUEST_NAME.test(name)) problems.full_name = 'guestName';

  const startProblem = findGuestStartProblem(ticket, guest.start_date, today);
  if (startProblem) problems.start_date = startProblem;
  else {
    const endProblem = findEndDateProblem(ticket, guest.start_date, guest.end_date);
    if (endProblem) problems.end_date = endProblem;
  }

  const startYear = Number((guest.start_date || today).slice(0, 4));
  const birthYearProblem = findBirthYearProblem(ticket, guest.birth_year, startYear);
  if (birthYearProblem) problems.birth_year = birthYearProblem;

  if (ticket.requiresFishingCard && !FISHING_CARD.test((guest.card_number ?? '').trim())) {
    problems.card_number = 'cardNumber';
  }

  if (ticket.residentCountries) {
    if (!guest.country || !ticket.residentCountries.includes(guest.country))
      problems.country = 'residentsOnly';
    else if (guest.country === 'IT' && !checkItalianFiscalCode(guest.fiscal_code ?? '')) {
      problems.fiscal_code = 'invalidFiscalCode';
    }
  }
  return problems;
}
