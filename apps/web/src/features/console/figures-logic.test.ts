import { describe, expect, it } from 'vitest';
import { bucketLabel, figuresByRow, periodFrom, seriesOf } from './figures-logic.ts';

describe("the figures' period", () => {
  it('is the last twelve months, month by month, per operator, unless the address says otherwise', () => {
    const now = new Date('2026-11-23T08:00:00Z');
    expect(periodFrom(new URLSearchParams(), now)).toEqual({
      from: '2025-12-01',
      to: '2026-11-23',
      grain: 'month',
      split: 'operator',
    });
    expect(
      periodFrom(new URLSearchParams('from=2026-11-01&to=2026-11-07&grain=day&split=ticket'), now),
    ).toEqual({ from: '2026-11-01', to: '2026-11-07', grain: 'day', split: 'ticket' });
    expect(periodFrom(new URLSearchParams('grain=hour&split=planet&from=yesterday'), now)).toMatchObject({
      from: '2025-12-01',
      grain: 'month',
      split: 'operator',
    });
  });

  it("takes today in Italy: 23:30 UTC on 31 December is already the new year's day", () => {
    expect(periodFrom(new URLSearchParams(), new Date('2026-12-31T23:30:00Z')).to).toBe('2027-01-01');
  });
});

describe("the chart's series", () => {
  const labels = new Map([
    [1, 'Alpha'],
    [2, 'Beta'],
    [3, 'Gamma'],
  ]);
  const rows = [
    { bucket: '2026-10-01', key: 1, v: 5 },
    { bucket: '2026-11-01', key: 1, v: 5 },
    { bucket: '2026-11-01', key: 2, v: 7 },
    { bucket: '2026-10-01', key: 3, v: 1 },
  ];

  it('keeps the biggest keys apart and sums the rest as one, with a value per bucket', () => {
    const series = seriesOf(rows, ['2026-10-01', '2026-11-01'], labels, (row) => row.v, {
      keep: 1,
      other: 'Other',
    });
    expect(series).toEqual([
      { key: 1, label: 'Alpha', values: [5, 5] },
      { key: 'other', label: 'Other', values: [1, 7] },
    ]);
  });

  it('gives every key its own series when there are few', () => {
    const series = seriesOf(rows, ['2026-10-01', '2026-11-01'], labels, (row) => row.v, { other: 'Other' });
    expect(series.map((one) => one.label)).toEqual(['Alpha', 'Beta', 'Gamma']);
  });
});

describe('a bucket’s name', () => {
  it('is the month for months, the day for days and weeks', () => {
    expect(bucketLabel('2026-11-01', 'month', 'it')).toBe('nov 2026');
    expect(bucketLabel('2026-11-02', 'week', 'it')).toBe('2 nov 26');
  });
});

describe('the figures as the screen shows them', () => {
  it('turns each table that comes by column into rows, and leaves the rest as it came', () => {
    const answer = {
      from: '2026-11-01',
      to: '2026-11-30',
      grain: 'month' as const,
      split: 'ticket' as const,
      buckets: ['2026-11-01'],
      keys: [{ key: 4, label: 'Lago · Giornaliero' }],
      sales: {
        bucket: ['2026-11-01'],
        key: [4],
        gross_cents: [13_500],
        refunds_cents: [2250],
        net_cents: [11_250],
        orders: [4],
        refunds: [1],
        coupon_orders: [1],
        coupon_discount_cents: [500],
        check_ins: [1],
      },
      places: { bucket: ['2026-11-01', '2026-11-01'], key: [4, 5], sold: [6, 2], capacity: [10, null] },
      on_site: { bucket: [], key: [], orders: [], amount_cents: [] },
      cancelled_days: {
        bucket: [],
        key: [],
        days: [],
        orders: [],
        moved: [],
        refunds: [],
        refunds_cents: [],
      },
      premium: null,
    };
    const figures = figuresByRow(answer);
    expect(figures.sales).toEqual([
      {
        bucket: '2026-11-01',
        key: 4,
        gross_cents: 13_500,
        refunds_cents: 2250,
        net_cents: 11_250,
        orders: 4,
        refunds: 1,
        coupon_orders: 1,
        coupon_discount_cents: 500,
        check_ins: 1,
      },
    ]);
    expect(figures.places).toEqual([
      { bucket: '2026-11-01', key: 4, sold: 6, capacity: 10 },
      { bucket: '2026-11-01', key: 5, sold: 2, capacity: null },
    ]);
    expect(figures.on_site).toEqual([]);
    expect(figures.cancelled_days).toEqual([]);
    expect({
      ...figures,
      sales: undefined,
      places: undefined,
      on_site: undefined,
      cancelled_days: undefined,
    }).toEqual({
      ...answer,
      sales: undefined,
      places: undefined,
      on_site: undefined,
      cancelled_days: undefined,
    });
  });
});
