import { describe, expect, it } from 'vitest';
import { mayStartIn, rateInForce } from './commission-rates.ts';

describe('the commission rate in force', () => {
  const rates = [
    { from: '2026-09', basisPoints: 1200 },
    { from: '2026-03', basisPoints: 800 },
    { from: '2027-01', basisPoints: 900 },
  ];

  it('is the latest rate that started by the month', () => {
    expect(rateInForce(rates, '2026-03')).toBe(800);
    expect(rateInForce(rates, '2026-08')).toBe(800);
    expect(rateInForce(rates, '2026-09')).toBe(1200);
    expect(rateInForce(rates, '2026-12')).toBe(1200);
    expect(rateInForce(rates, '2027-06')).toBe(900);
  });

  it('charges the months before the first rate at the first rate', () => {
    expect(rateInForce(rates, '2025-11')).toBe(800);
  });

  it('knows no rate without rates', () => {
    expect(rateInForce([], '2026-01')).toBeUndefined();
  });

  it('lets a rate start this month or later, never in a month gone by', () => {
    expect(mayStartIn('2026-11', '2026-11')).toBe(true);
    expect(mayStartIn('2027-02', '2026-11')).toBe(true);
    expect(mayStartIn('2026-10', '2026-11')).toBe(false);
  });
});
