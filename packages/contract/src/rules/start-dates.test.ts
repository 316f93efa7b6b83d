import { describe, expect, it } from 'vitest';
import { DURATION_TYPES, type DurationType } from '../durations.ts';
import {
  findFirstStartDate,
  findLastStartDate,
  findStartDateProblem,
  type StartDateRules,
} from './start-dates.ts';

/** A mushroom permit of the Apennines: season 1 June – 30 November, every day open, always on sale. */
const summerPermit = (durationType: DurationType): StartDateRules => ({
  durationType,
  season: { start: '06-01', end: '11-30' },
  openDays: [1, 2, 3, 4, 5, 6, 7],
  saleFrom: null,
  saleUntil: null,
});
const today = '2026-05-20';

/**
 * Per duration type, the last day a ticket can start on in the 2026 season (1 June – 30 November;
 * 30 November is a Monday) and the day after it, refused with its reason.
 */
const SEASON_EDGES: Record<DurationType, { last: string; refused: string; reason: string }> = {
  HOURLY: { last: '2026-11-30', refused: '2026-12-01', reason: 'outside-season' },
  DAILY: { last: '2026-11-30', refused: '2026-12-01', reason: 'outside-season' },
  TWODAYS: { last: '2026-11-29', refused: '2026-11-30', reason: 'ends-after-season' },
  THREEDAYS: { last: '2026-11-28', refused: '2026-11-29', reason: 'ends-after-season' },
  FOURDAYS: { last: '2026-11-27', refused: '2026-11-28', reason: 'ends-after-season' },
  WEEKLY: { last: '2026-11-24', refused: '2026-11-25', reason: 'ends-after-season' },
  // Tuesday 24 November to Monday 30 November are five weekdays; from Wednesday they end on 1 December.
  WEEKDAYS: { last: '2026-11-24', refused: '2026-11-25', reason: 'ends-after-season' },
  TWOWEEKS: { last: '2026-11-17', refused: '2026-11-18', reason: 'ends-after-season' },
  MONTHLY: { last: '2026-11-01', refused: '2026-11-02', reason: 'ends-after-season' },
  TRIMESTER: { last: '2026-09-01', refused: '2026-09-02', reason: 'ends-after-season' },
  SEMIANNUAL: { last: '2026-06-01', refused: '2026-06-02', reason: 'ends-after-season' },
  SEASONAL: { last: '2026-11-30', refused: '2026-12-01', reason: 'outside-season' },
  // Longer than the season: no day of it can start one.
  YEARLY: { last: '', refused: '2026-06-01', reason: 'ends-after-season' },
  BIANNUAL: { last: '', refused: '2026-06-01', reason: 'ends-after-season' },
  TRIENNIAL: { last: '', refused: '2026-06-01', reason: 'ends-after-season' },
};

describe("a ticket's whole validity lies in its season", () => {
  it.each(DURATION_TYPES)('offers a %s ticket only start days whose validity ends by 30 November', (type) => {
    const { last, refused, reason } = SEASON_EDGES[type];
    const ticket = summerPermit(type);
    if (last) expect(findStartDateProblem(ticket, last, today)).toBeUndefined();
    expect(findStartDateProblem(ticket, refused, today)).toBe(reason);
    expect(findLastStartDate(ticket, '2026-06-01', today)).toBe(last || undefined);
  });

  it('refuses the weekly Borgotaro permit starting Thursday 26 November, which would run to 2 December', () => {
    const borgotaroWeekly = { ...summerPermit('WEEKLY'), openDays: [2, 4, 6, 7] };
    expect(findStartDateProblem(borgotaroWeekly, '2026-11-26', today)).toBe('ends-after-season');
    expect(findStartDateProblem(borgotaroWeekly, '2026-11-24', today)).toBeUndefined();
    // Wednesday is a closed day of the area, whatever its validity.
    expect(findStartDateProblem(borgotaroWeekly, '2026-11-18', today)).toBe('closed-day');
    expect(findLastStartDate(borgotaroWeekly, '2026-11-01', today)).toBe('2026-11-24');
  });

  it('follows a winter season across the new year', () => {
    const nordicPass = { ...summerPermit('TRIMESTER'), season: { start: '12-01', end: '03-31' } };
    expect(findStartDateProblem(nordicPass, '2027-01-01', today)).toBeUndefined();
    expect(findStartDateProblem(nordicPass, '2027-01-02', today)).toBe('ends-after-season');
    expect(findStartDateProblem(nordicPass, '2026-11-30', today)).toBe('outside-season');
    expect(findFirstStartDate(nordicPass, today, today)).toBe('2026-12-01');
    expect(findLastStartDate(nordicPass, today, today)).toBe('2027-01-01');
  });

  it('lets a validity run on into the next year when the season covers the whole year', () => {
    const weekly = { ...summerPermit('WEEKLY'), season: { start: '01-01', end: '12-31' } };
    expect(findStartDateProblem(weekly, '2026-12-28', today)).toBeUndefined();
  });

  it('lets tickets without a season start any open day', () => {
    const yearly = { ...summerPermit('YEARLY'), season: null };
    expect(findStartDateProblem(yearly, '2026-12-24', today)).toBeUndefined();
    expect(findLastStartDate(yearly, today, today)).toBeUndefined();
  });
});

describe('the other bounds of a start day', () => {
  it('refuses past days and days that are not dates', () => {
    expect(findStartDateProblem(summerPermit('DAILY'), '2026-05-19', today)).toBe('past');
    expect(findStartDateProblem(summerPermit('DAILY'), '2026-06-31', today)).toBe('invalid-date');
  });

  it('bounds the purchase day and the start day by the sale period, not the last valid day', () => {
    // The Engadin season pass for winter 2026/27 is on sale from October to mid-March and runs to 31 March.
    const seasonPass = {
      ...summerPermit('SEASONAL'),
      season: { start: '12-01', end: '03-31' },
      saleFrom: '2026-10-01',
      saleUntil: '2027-03-15',
    };
    expect(findStartDateProblem(seasonPass, '2026-12-01', '2026-09-30')).toBe('not-on-sale');
    expect(findStartDateProblem(seasonPass, '2026-12-01', '2026-10-01')).toBeUndefined();
    expect(findStartDateProblem(seasonPass, '2027-03-15', '2027-03-01')).toBeUndefined();
    expect(findStartDateProblem(seasonPass, '2027-03-16', '2027-03-01')).toBe('not-on-sale');
    expect(findLastStartDate(seasonPass, '2027-03-01', '2027-03-01')).toBe('2027-03-15');
  });
});
