import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDateIn,
  DURATION_TYPES,
  type DurationType,
  datesMatchDuration,
  findValidEndDate,
} from './durations.ts';

const end = (type: DurationType, start: string, season?: { start: string; end: string }) => {
  const result = findValidEndDate(type, start, season);
  return result.ok ? result.end : result.reason;
};

describe('ticket duration types', () => {
  it('defines the fifteen types of SPEC section 3', () => {
    expect(DURATION_TYPES).toHaveLength(15);
  });

  it('keeps HOURLY and DAILY tickets to the start day', () => {
    expect(end('HOURLY', '2026-09-12')).toBe('2026-09-12');
    expect(end('DAILY', '2026-09-12')).toBe('2026-09-12');
  });

  it('counts TWODAYS, THREEDAYS and FOURDAYS as consecutive days, across a month end', () => {
    expect(end('TWODAYS', '2026-09-30')).toBe('2026-10-01');
    expect(end('THREEDAYS', '2026-12-30')).toBe('2027-01-01');
    expect(end('FOURDAYS', '2028-02-27')).toBe('2028-03-01');
  });

  it('gives WEEKLY seven days and TWOWEEKS fourteen', () => {
    expect(end('WEEKLY', '2026-08-03')).toBe('2026-08-09');
    expect(end('TWOWEEKS', '2026-08-03')).toBe('2026-08-16');
  });

  it('gives WEEKDAYS five working days, skipping the weekend, and refuses a weekend start', () => {
    expect(end('WEEKDAYS', '2026-11-23')).toBe('2026-11-27'); // Monday to Friday
    expect(end('WEEKDAYS', '2026-11-25')).toBe('2026-12-01'); // Wednesday to the next Tuesday
    expect(end('WEEKDAYS', '2026-11-28')).toBe('weekend');
  });

  it('ends MONTHLY the day before the same date next month, or on the last day of a shorter month', () => {
    expect(end('MONTHLY', '2026-03-15')).toBe('2026-04-14');
    expect(end('MONTHLY', '2026-01-31')).toBe('2026-02-28');
    expect(end('MONTHLY', '2028-01-30')).toBe('2028-02-29');
    expect(end('MONTHLY', '2026-12-10')).toBe('2027-01-09');
  });

  it('gives TRIMESTER three months, SEMIANNUAL six and YEARLY twelve', () => {
    expect(end('TRIMESTER', '2026-05-01')).toBe('2026-07-31');
    expect(end('SEMIANNUAL', '2026-09-01')).toBe('2027-02-28');
    expect(end('YEARLY', '2026-06-10')).toBe('2027-06-09');
    expect(end('YEARLY', '2028-02-29')).toBe('2029-02-28');
  });

  it('gives BIANNUAL two years and TRIENNIAL three, as Piedmont mushroom permits', () => {
    expect(end('BIANNUAL', '2026-04-01')).toBe('2028-03-31');
    expect(end('TRIENNIAL', '2026-04-01')).toBe('2029-03-31');
  });

  it('ends SEASONAL on the last day of the season that contains the start, even across new year', () => {
    const summer = { start: '04-01', end: '10-31' };
    expect(end('SEASONAL', '2026-06-15', summer)).toBe('2026-10-31');
    expect(end('SEASONAL', '2026-11-15', summer)).toBe('outside-season');
    const winter = { start: '12-01', end: '03-31' };
    expect(end('SEASONAL', '2026-12-20', winter)).toBe('2027-03-31');
    expect(end('SEASONAL', '2027-02-10', winter)).toBe('2027-03-31');
    expect(end('SEASONAL', '2026-06-15')).toBe('outside-season');
  });

  it('refuses dates that are not real calendar days', () => {
    expect(end('DAILY', '2026-02-30')).toBe('invalid-date');
    expect(end('DAILY', '12/09/2026')).toBe('invalid-date');
  });

  it('refuses dates that do not match a WEEKLY ticket', () => {
    expect(datesMatchDuration('WEEKLY', '2026-08-03', '2026-08-09')).toBe(true);
    expect(datesMatchDuration('WEEKLY', '2026-08-03', '2026-08-10')).toBe(false);
  });
});

describe('calendar dates in an area', () => {
  it('takes today in the area time zone, not the server one', () => {
    const lateEvening = new Date('2026-11-22T23:30:00Z');
    expect(calendarDateIn('Europe/Rome', lateEvening)).toBe('2026-11-23');
    expect(calendarDateIn('UTC', lateEvening)).toBe('2026-11-22');
  });

  it("gives the same day as the zone database for every hour of two years in Sentiero's countries, across the clock changes", () => {
    const zones = [
      'Europe/Rome',
      'Europe/Zurich',
      'Europe/Madrid',
      'Europe/Ljubljana',
      'Atlantic/Canary',
      'Europe/Lisbon',
    ];
    const hour = 3_600_000;
    for (const timeZone of zones) {
      const database = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      const differing: string[] = [];
      for (let at = Date.parse('2026-01-01T00:00:00Z'); at < Date.parse('2028-01-01T00:00:00Z'); at += hour) {
        const instant = new Date(at);
        if (calendarDateIn(timeZone, instant) !== database.format(instant))
          differing.push(`${timeZone} ${instant.toISOString()}`);
      }
      expect(differing).toEqual([]);
    }
    // Summer time in Rome: 22:30 UTC on 28 March 2027 is already the 29th; on 27 March, still the 27th.
    expect(calendarDateIn('Europe/Rome', new Date('2027-03-28T22:30:00Z'))).toBe('2027-03-29');
    expect(calendarDateIn('Europe/Rome', new Date('2027-03-27T22:30:00Z'))).toBe('2027-03-27');
  });

  it('adds days across months and years', () => {
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
