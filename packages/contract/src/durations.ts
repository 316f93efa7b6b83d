/**
 * Ticket duration types (SPEC section 3) and the rule that turns a start date into the last
 * valid day. Dates are calendar dates (`YYYY-MM-DD`) in the area's time zone, so the arithmetic
 * is on calendar days and never on instants.
 */
export const DURATION_TYPES = [
  'HOURLY',
  'DAILY',
  'TWODAYS',
  'THREEDAYS',
  'FOURDAYS',
  'WEEKLY',
  'WEEKDAYS',
  'TWOWEEKS',
  'MONTHLY',
  'TRIMESTER',
  'SEMIANNUAL',
  'SEASONAL',
  'BIANNUAL',
  'TRIENNIAL',
  'YEARLY',
] as const;
export type DurationType = (typeof DURATION_TYPES)[number];

/** A recurring season, as month-day pairs: `{ start: '04-01', end: '11-30' }`; it may wrap the new year. */
export type Season = { start: string; end: string };

const DAYS: Partial<Record<DurationType, number>> = {
  HOURLY: 1,
  DAILY: 1,
  TWODAYS: 2,
  THREEDAYS: 3,
  FOURDAYS: 4,
  WEEKLY: 7,
  TWOWEEKS: 14,
};

const MONTHS: Partial<Record<DurationType, number>> = {
  MONTHLY: 1,
  TRIMESTER: 3,
  SEMIANNUAL: 6,
  YEARLY: 12,
  // Piedmont sells two- and three-year mushroom permits.
  BIANNUAL: 24,
  TRIENNIAL: 36,
};

/** Working days a WEEKDAYS ticket covers: five days Monday to Friday, weekends not counted. */
const WEEKDAYS_COVERED = 5;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads `YYYY-MM-DD` as a calendar day; undefined when it is not a real date. */
export function parseCalendarDate(value: string): Date | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : undefined;
}

/** A UTC midnight as the `YYYY-MM-DD` text the API and the database exchange. */
export function toIsoCalendarDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: Date, days: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The day before the same day `months` later: 15 March + 1 month ends 14 April. When that day
 * does not exist (31 January + 1 month), the period ends on the last day of the target month.
 */
function endAfterMonths(start: Date, months: number): Date {
  const targetMonth = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(targetMonth / 12);
  const monthIndex = ((targetMonth % 12) + 12) % 12;
  const lastDay = daysInMonth(year, monthIndex);
  if (start.getUTCDate() > lastDay) return new Date(Date.UTC(year, monthIndex, lastDay));
  return addDays(new Date(Date.UTC(year, monthIndex, start.getUTCDate())), -1);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(date: Date): number {
  return ((date.getUTCDay() + 6) % 7) + 1;
}

function seasonBounds(season: Season, year: number): { start: Date; end: Date } | undefined {
  const start = parseCalendarDate(`${year}-${season.start}`);
  const endYear = season.end < season.start ? year + 1 : year;
  const end = parseCalendarDate(`${endYear}-${season.end}`);
  return start && end ? { start, end } : undefined;
}

/** The season occurrence that contains `date`, if any. */
export function findSeasonContaining(season: Season, date: Date): { start: Date; end: Date } | undefined {
  for (const year of [date.getUTCFullYear() - 1, date.getUTCFullYear()]) {
    const bounds = seasonBounds(season, year);
    if (bounds && bounds.start <= date && date <= bounds.end) return bounds;
  }
  return undefined;
}

export type ValidityResult =
  | { ok: true; end: string }
  | { ok: false; reason: 'invalid-date' | 'outside-season' | 'weekend' };

/** The last valid day of a ticket of `type` that starts on `start`. */
export function findValidEndDate(type: DurationType, start: string, season?: Season): ValidityResult {
  const startDate = parseCalendarDate(start);
  if (!startDate) return { ok: false, reason: 'invalid-date' };

  const days = DAYS[type];
  if (days !== undefined) return { ok: true, end: toIsoCalendarDate(addDays(startDate, days - 1)) };

  const months = MONTHS[type];
  if (months !== undefined) return { ok: true, end: toIsoCalendarDate(endAfterMonths(startDate, months)) };

  if (type === 'WEEKDAYS') {
    if (isoWeekday(startDate) > 5) return { ok: false, reason: 'weekend' };
    let end = startDate;
    for (let counted = 1; counted < WEEKDAYS_COVERED; ) {
      end = addDays(end, 1);
      if (isoWeekday(end) <= 5) counted += 1;
    }
    return { ok: true, end: toIsoCalendarDate(end) };
  }

  // SEASONAL: valid from the chosen day to the end of the season that contains it.
  if (!season) return { ok: false, reason: 'outside-season' };
  const occurrence = findSeasonContaining(season, startDate);
  return occurrence
    ? { ok: true, end: toIsoCalendarDate(occurrence.end) }
    : { ok: false, reason: 'outside-season' };
}

/** SPEC section 5: 'Start date and/or end date do not match the ticket duration.' when false. */
export function datesMatchDuration(type: DurationType, start: string, end: string, season?: Season): boolean {
  const valid = findValidEndDate(type, start, season);
  return valid.ok && valid.end === end;
}

/**
 * The time zones of Sentiero's countries, with their standard offset in minutes: all keep the
 * European Union's summer time, one hour ahead from 01:00 UTC on the last Sunday of March to 01:00
 * UTC on the last Sunday of October. Their "today" is arithmetic; the first Intl formatter with a
 * time zone loads the zone database, 50–60 ms of a phone's main thread while the event page's
 * weather appears (issue 21). Any other zone asks Intl. durations.test.ts checks, hour by hour
 * over two years, that both ways give the same day.
 */
const EU_SUMMER_TIME_ZONES = new Map<string, number>([
  ['Europe/Rome', 60],
  ['Europe/Vatican', 60],
  ['Europe/San_Marino', 60],
  ['Europe/Zurich', 60],
  ['Europe/Madrid', 60],
  ['Europe/Ljubljana', 60],
  ['Europe/Vienna', 60],
  ['Europe/Paris', 60],
  ['Europe/Berlin', 60],
  ['Europe/Zagreb', 60],
  ['Atlantic/Canary', 0],
  ['Europe/Lisbon', 0],
]);

/** 01:00 UTC on the last Sunday of a month (`month` from 0): when the EU's clocks change. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Per other time zone, its formatter (building one costs far more than using one) and the last
 * answer with the minute it holds for: every time zone's offset is a whole number of minutes, so
 * the date cannot change within a minute, and a list of cards asks for the same zones again.
 */
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

/** The calendar date of an instant in a time zone: what "today" is for an area. */
export function calendarDateIn(timeZone: string, instant: Date): string {
  const standard = EU_SUMMER_TIME_ZONES.get(timeZone);
  if (standard !== undefined) {
    const at = instant.getTime();
    const year = instant.getUTCFullYear();
    const summer = at >= lastSundayOneUtc(year, 2) && at < lastSundayOneUtc(year, 9);
    return toIsoCalendarDate(new Date(at + (standard + (summer ? 60 : 0)) * 60_000));
  }
  const minute = Math.floor(instant.getTime() / 60_000);
  let known = dayFormats.get(timeZone);
  if (!known) {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    known = { format, minute: Number.NaN, day: '' };
    dayFormats.set(timeZone, known);
  }
  if (known.minute !== minute) {
    known.day = known.format.format(instant);
    known.minute = minute;
  }
  return known.day;
}

export function addCalendarDays(date: string, days: number): string {
  const parsed = parseCalendarDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${date}`);
  return toIsoCalendarDate(addDays(parsed, days));
}
