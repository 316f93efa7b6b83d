import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_PRESETS,
  type CancellationRule,
  cancellationTerms,
  describeCancellationRule,
  guestRefundCents,
  ZCancellationRule,
} from './cancellation.ts';

/** Rafting on the Soča: the area's day is Europe/Ljubljana (UTC+1 in winter, UTC+2 in summer). */
const timeZone = 'Europe/Ljubljana';
const firstDay = '2026-07-18';
const moderate: CancellationRule = CANCELLATION_PRESETS.moderate;

/**
 * Each tier at its boundaries: the last minute a day still counts (23:59 local) and the first
 * minute of the next day (00:00 local), given as UTC instants so the time zone does the work.
 */
const MODERATE_EDGES: [string, string, number, number, boolean][] = [
  // [what, now (UTC), days before, percent, open]
  ['8 days before', '2026-07-09T21:59:00Z', 9, 100, true],
  ['last minute of 7 days before', '2026-07-11T21:59:00Z', 7, 100, true],
  ['first minute of 6 days before', '2026-07-11T22:00:00Z', 6, 50, true],
  ['last minute of 2 days before', '2026-07-16T21:59:00Z', 2, 50, true],
  ['first minute of the day before', '2026-07-16T22:00:00Z', 1, 0, false],
  ['on the day', '2026-07-18T08:00:00Z', 0, 0, false],
  ['after the day', '2026-07-19T08:00:00Z', -1, 0, false],
];

const DAY_BEFORE_EDGES: [string, string, number, number, boolean][] = [
  ['last minute of the day before', '2026-07-17T21:59:00Z', 1, 100, true],
  ['first minute of the day', '2026-07-17T22:00:00Z', 0, 0, false],
];

describe('cancellation terms', () => {
  it.each(MODERATE_EDGES)('moderate, %s', (_what, now, daysBefore, percent, open) => {
    expect(cancellationTerms(moderate, { firstDay, now: new Date(now), timeZone })).toEqual({
      daysBefore,
      percent,
      open,
    });
  });

  it.each(DAY_BEFORE_EDGES)('free until the day before, %s', (_what, now, daysBefore, percent, open) => {
    const rule = CANCELLATION_PRESETS.flexible;
    expect(cancellationTerms(rule, { firstDay, now: new Date(now), timeZone })).toEqual({
      daysBefore,
      percent,
      open,
    });
  });

  it('counts days in the area, not in UTC', () => {
    // 23:30 UTC on the 10th is already the 11th in Ljubljana: 7 days left there, 8 in UTC.
    const now = new Date('2026-07-10T23:30:00Z');
    expect(cancellationTerms(moderate, { firstDay, now, timeZone }).daysBefore).toBe(7);
    expect(cancellationTerms(moderate, { firstDay, now, timeZone: 'UTC' }).daysBefore).toBe(8);
  });

  it('never opens a rule without refunds', () => {
    const rule = CANCELLATION_PRESETS.strict;
    const now = new Date('2026-01-01T10:00:00Z');
    expect(cancellationTerms(rule, { firstDay, now, timeZone })).toMatchObject({ percent: 0, open: false });
  });
});

describe('what a guest gets back', () => {
  const withFee: CancellationRule = { ...moderate, fee_cents: 300 };
  it.each([
    [moderate, 2200, 100, 2200],
    [moderate, 2200, 50, 1100],
    [moderate, 2199, 50, 1099],
    [withFee, 2200, 100, 1900],
    [withFee, 2200, 50, 800],
    [withFee, 250, 50, 0],
    [moderate, 0, 100, 0],
    [moderate, 2200, 0, 0],
  ] as const)('%#: paid %i at %i %% gives %i', (rule, paid, percent, refund) => {
    expect(guestRefundCents(rule, paid, percent)).toBe(refund);
  });
});

describe('the rule as it is written', () => {
  it('refuses tiers that give more for later cancellations, repeated days and empty tiers', () => {
    const tiers = (list: { days: number; percent: number }[]) =>
      ZCancellationRule.safeParse({ kind: 'tiers', tiers: list, fee_cents: 0, move_allowed: false }).success;
    expect(
      tiers([
        { days: 7, percent: 50 },
        { days: 2, percent: 100 },
      ]),
    ).toBe(false);
    expect(
      tiers([
        { days: 7, percent: 100 },
        { days: 7, percent: 50 },
      ]),
    ).toBe(false);
    expect(tiers([])).toBe(false);
    expect(
      tiers([
        { days: 2, percent: 50 },
        { days: 7, percent: 100 },
      ]),
    ).toBe(true);
  });

  it('writes each tier, the fee and the move in the language asked, with its plural forms', () => {
    const t = (key: string, values: Record<string, string | number> = {}) =>
      `${key}${Object.keys(values).length ? JSON.stringify(values) : ''}`;
    const money = (cents: number) => `€${cents / 100}`;
    const rule: CancellationRule = {
      kind: 'tiers',
      tiers: [
        { days: 2, percent: 50 },
        { days: 7, percent: 100 },
      ],
      fee_cents: 300,
      move_allowed: true,
    };
    expect(describeCancellationRule(rule, 'sl', t, money)).toEqual([
      'tierFull_other{"days":7}',
      'tierPart_two{"days":2,"percent":50}',
      'after',
      'fee{"fee":"€3"}',
      'moveAllowed',
      'operatorCancels',
    ]);
    expect(describeCancellationRule(CANCELLATION_PRESETS.strict, 'it', t, money)).toEqual([
      'none',
      'moveNotAllowed',
      'operatorCancels',
    ]);
  });
});
