import {
  addCalendarDays,
  type DurationType,
  findSeasonContaining,
  findValidEndDate,
  isoWeekday,
  parseCalendarDate,
  type Season,
  toIsoCalendarDate,
} from '../durations.ts';

/*
 * The one rule for the days a ticket can start on: the purchase flow offers only these days, the
 * availability calendar marks only these open, and the server sells only these (a weekly permit
 * starting 26 November sold valid until 2 December, past its season's end on 30 November).
 */

/** What the rule needs to know of a ticket. */
export type StartDateRules = {
  durationType: DurationType;
  season: Season | null;
  openDays: number[];
  /** The sale period, calendar days in the area: the days it can be bought on and started on. */
  saleFrom: string | null;
  saleUntil: string | null;
  /** Days the operator closed (the console's per-day overrides): no start on them. */
  closedDates?: readonly string[];
};

/** Why a ticket cannot start on a day: the availability calendar's reasons. */
export type StartDateProblem =
  | 'invalid-date'
  | 'past'
  | 'not-on-sale'
  | 'closed-day'
  | 'outside-season'
  | 'ends-after-season';

/** Whether `date` lies in the sale period (open-ended on a side with no date). */
export function isInSalePeriod(
  ticket: Pick<StartDateRules, 'saleFrom' | 'saleUntil'>,
  date: string,
): boolean {
  return (
    (ticket.saleFrom === null || ticket.saleFrom <= date) &&
    (ticket.saleUntil === null || date <= ticket.saleUntil)
  );
}

/**
 * Whether a ticket bought `today` (in the area's time zone) can start on `start`; undefined when
 * it can. Its WHOLE validity must lie in one occurrence of the season, not only its first day.
 * The start day must be an open day of the area, and not a day its operator closed; the days after it count even when closed
 * ("runs for seven calendar days from the start date, even when some of them are closed days"),
 * except for WEEKDAYS tickets, whose duration skips weekends. The sale period bounds the day it is
 * bought and the day it starts, not the last valid day: a season pass on sale until mid-March
 * still runs to the end of March.
 */
export function findStartDateProblem(
  ticket: StartDateRules,
  start: string,
  today: string,
): StartDateProblem | undefined {
  const date = parseCalendarDate(start);
  if (!date) return 'invalid-date';
  if (start < today) return 'past';
  if (!isInSalePeriod(ticket, today) || !isInSalePeriod(ticket, start)) return 'not-on-sale';
  if (!ticket.openDays.includes(isoWeekday(date))) return 'closed-day';
  if (ticket.closedDates?.includes(start)) return 'closed-day';
  const season = ticket.season ? findSeasonContaining(ticket.season, date) : undefined;
  if (ticket.season && !season) return 'outside-season';
  const validity = findValidEndDate(ticket.durationType, start, ticket.season ?? undefined);
  // A WEEKDAYS ticket starting on a Saturday has no valid end: the day is closed to it.
  if (!validity.ok) return validity.reason === 'outside-season' ? 'outside-season' : 'closed-day';
  if (
    ticket.season &&
    season &&
    validity.end > toIsoCalendarDate(season.end) &&
    !isYearRound(ticket.season, season)
  ) {
    return 'ends-after-season';
  }
  return undefined;
}

/**
 * A season whose next occurrence starts the day after this one ends (1 January – 31 December,
 * 1 April – 31 March) leaves no day out: a validity may run from one occurrence into the next.
 */
function isYearRound(season: Season, occurrence: { end: Date }): boolean {
  const next = addCalendarDays(toIsoCalendarDate(occurrence.end), 1);
  return next.slice(5) === season.start;
}

/** Far enough ahead for any season or sale period to come round again. */
const SEARCH_DAYS = 400;

/** The first day from `from` on that a ticket bought `today` can start on, within about a year. */
export function findFirstStartDate(ticket: StartDateRules, from: string, today: string): string | undefined {
  for (let offset = 0; offset < SEARCH_DAYS; offset++) {
    const day = addCalendarDays(from, offset);
    if (!findStartDateProblem(ticket, day, today)) return day;
  }
  return undefined;
}

/**
 * The last day a ticket can start on before the run of start days that `from` begins is broken
 * by the season's end or the sale period's, which the guests step names beside the date picker.
 * Undefined when the ticket has neither, or no start day lies ahead.
 */
export function findLastStartDate(ticket: StartDateRules, from: string, today: string): string | undefined {
  const first = findFirstStartDate(ticket, from, today);
  if (!first) return undefined;
  const season = ticket.season && findSeasonContaining(ticket.season, parseCalendarDate(first) as Date);
  const seasonEnd =
    ticket.season && season && !isYearRound(ticket.season, season)
      ? toIsoCalendarDate(season.end)
      : undefined;
  const bound = [seasonEnd, ticket.saleUntil ?? undefined]
    .filter((day): day is string => day !== undefined)
    .sort()[0];
  if (!bound) return undefined;
  for (let day = bound; day >= first; day = addCalendarDays(day, -1)) {
    if (!findStartDateProblem(ticket, day, today)) return day;
  }
  return first;
}
