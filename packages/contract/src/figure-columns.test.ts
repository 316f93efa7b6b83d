import { describe, expect, it } from 'vitest';
import { columnsOf, rowsOf } from './figure-columns.ts';

describe("the figures' tables by column", () => {
  const rows = [
    { bucket: '2026-10-01', key: 7, sold: 3, capacity: 10 as number | null, label: 'left out' },
    { bucket: '2026-11-01', key: 7, sold: 0, capacity: null },
    { bucket: '2026-11-01', key: 9, sold: 12, capacity: 40 },
  ];

  it('puts each named field of the rows in a column, in the rows’ order', () => {
    expect(columnsOf(rows, ['bucket', 'key', 'sold', 'capacity'])).toEqual({
      bucket: ['2026-10-01', '2026-11-01', '2026-11-01'],
      key: [7, 7, 9],
      sold: [3, 0, 12],
      capacity: [10, null, 40],
    });
  });

  it('turns the columns back into the same rows', () => {
    const named = rows.map(({ bucket, key, sold, capacity }) => ({ bucket, key, sold, capacity }));
    expect(rowsOf(columnsOf(rows, ['bucket', 'key', 'sold', 'capacity']))).toEqual(named);
    expect(rowsOf(columnsOf([], ['bucket', 'key']))).toEqual([]);
  });
});
