import { describe, expect, it } from 'vitest';
import { bucketLabel, periodFrom, seriesOf } from './figures-logic.ts';

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
