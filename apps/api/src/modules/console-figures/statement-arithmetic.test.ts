import { describe, expect, it } from 'vitest';
import { commissionOf, statementTotals } from './statement-arithmetic.ts';

describe('a statement’s arithmetic', () => {
  it('takes the commission in basis points, rounding half a cent away from zero', () => {
    expect(commissionOf(10_000, 1000)).toBe(1000);
    // 1 005 × 10% = 100.5 cents → 101; 1 004 × 10% = 100.4 → 100
    expect(commissionOf(1005, 1000)).toBe(101);
    expect(commissionOf(1004, 1000)).toBe(100);
    expect(commissionOf(-1005, 1000)).toBe(-101);
    // 12.5% of 333 cents = 41.625 → 42
    expect(commissionOf(333, 1250)).toBe(42);
    expect(commissionOf(999, 0)).toBe(0);
    expect(commissionOf(999, 10_000)).toBe(999);
  });

  it('owes the operator the net taken online less the commission on all the net', () => {
    const totals = statementTotals(
      [
        { sales_cents: 9000, on_site_cents: 0, refunds_cents: 2500, orders: 2 },
        { sales_cents: 3000, on_site_cents: 3000, refunds_cents: 0, orders: 1 },
      ],
      1000,
    );
    expect(totals).toStrictEqual({
      sales_cents: 12_000,
      on_site_cents: 3000,
      refunds_cents: 2500,
      orders: 3,
      net_cents: 9500,
      commission_cents: 950,
      owed_cents: 9500 - 3000 - 950,
    });
  });

  it('leaves an operator paid only on site owing the commission', () => {
    const totals = statementTotals(
      [{ sales_cents: 4000, on_site_cents: 4000, refunds_cents: 0, orders: 1 }],
      1500,
    );
    expect(totals.commission_cents).toBe(600);
    expect(totals.owed_cents).toBe(-600);
  });

  it('gives the commission back on a month whose refunds exceed its sales', () => {
    const totals = statementTotals(
      [{ sales_cents: 1000, on_site_cents: 0, refunds_cents: 3000, orders: 1 }],
      1000,
    );
    expect(totals.net_cents).toBe(-2000);
    expect(totals.commission_cents).toBe(-200);
    expect(totals.owed_cents).toBe(-1800);
  });
});
