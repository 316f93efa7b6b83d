import { describe, expect, it } from 'vitest';
import { type AreaSignals, alertEventsFor, pushTimeAfterQuietHours } from './rules.ts';

const SIGNALS: AreaSignals = {
  today: '2026-10-11',
  growth: [
    { date: '2026-10-11', level: 'scarce' },
    { date: '2026-10-12', level: 'good' },
    { date: '2026-10-13', level: 'abundant' },
    { date: '2026-10-14', level: 'good' },
  ],
  warnings: new Map([
    ['2026-10-12', ['storm'] as const],
    ['2026-10-13', ['heavyRain', 'frost'] as const],
  ]),
};
const ALL = ['growth', 'storm', 'heavyRain', 'frost'] as const;

describe('alertEventsFor', () => {
  it('tells the best level of the week on its first day once it reaches the member’s level', () => {
    expect(alertEventsFor({ kinds: ['growth'], minLevel: 'good' }, SIGNALS, [], [])).toEqual([
      { kind: 'growth', date: '2026-10-13', level: 'abundant' },
    ]);
    expect(alertEventsFor({ kinds: ['growth'], minLevel: 'miraculous' }, SIGNALS, [], [])).toEqual([]);
  });

  it('does not tell a flush again, unless it grows past what was told', () => {
    const told = [{ kind: 'growth', date: '2026-10-12', level: 'good' }] as const;
    expect(alertEventsFor({ kinds: ['growth'], minLevel: 'good' }, SIGNALS, [], told)).toHaveLength(1);
    const toldAbundant = [{ kind: 'growth', date: '2026-10-13', level: 'abundant' }] as const;
    expect(alertEventsFor({ kinds: ['growth'], minLevel: 'good' }, SIGNALS, [], toldAbundant)).toEqual([]);
  });

  it('warns only on ticket days, of the kinds chosen, once per kind and day', () => {
    const follow = { kinds: ALL, minLevel: 'miraculous' } as const;
    expect(alertEventsFor(follow, SIGNALS, ['2026-10-13', '2026-10-12'], [])).toEqual([
      { kind: 'storm', date: '2026-10-12' },
      { kind: 'heavyRain', date: '2026-10-13' },
      { kind: 'frost', date: '2026-10-13' },
    ]);
    expect(alertEventsFor({ kinds: ['frost'], minLevel: 'good' }, SIGNALS, ['2026-10-13'], [])).toEqual([
      { kind: 'frost', date: '2026-10-13' },
    ]);
    expect(alertEventsFor(follow, SIGNALS, ['2026-10-12'], [{ kind: 'storm', date: '2026-10-12' }])).toEqual(
      [],
    );
    expect(alertEventsFor(follow, SIGNALS, ['2026-10-14'], [])).toEqual([]);
  });
});

describe('pushTimeAfterQuietHours', () => {
  const rome = (start: string, end: string) => ({
    start: Number(start.slice(0, 2)) * 60 + Number(start.slice(3)),
    end: Number(end.slice(0, 2)) * 60 + Number(end.slice(3)),
    timeZone: 'Europe/Rome',
  });

  it('holds a push due inside quiet hours that cross midnight until they end, in the member’s zone', () => {
    // 23:30 and 06:47 in Rome (summer time, UTC+2).
    expect(
      pushTimeAfterQuietHours(new Date('2026-07-01T21:30:00Z'), rome('22:00', '07:00')).toISOString(),
    ).toBe('2026-07-02T05:00:00.000Z');
    expect(
      pushTimeAfterQuietHours(new Date('2026-07-02T04:47:00Z'), rome('22:00', '07:00')).toISOString(),
    ).toBe('2026-07-02T05:00:00.000Z');
  });

  it('sends at once outside quiet hours, within a daytime window’s edges, and without quiet hours', () => {
    const noon = new Date('2026-07-01T10:00:00Z');
    expect(pushTimeAfterQuietHours(noon, rome('22:00', '07:00'))).toBe(noon);
    expect(pushTimeAfterQuietHours(noon, rome('13:00', '15:00'))).toBe(noon);
    expect(pushTimeAfterQuietHours(noon, rome('12:00', '14:00')).toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    expect(pushTimeAfterQuietHours(noon, rome('07:00', '07:00'))).toBe(noon);
  });
});
