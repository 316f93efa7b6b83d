import type { ApiOutput } from '@sentiero/contract/api';
import {
  FIGURE_GRAINS,
  FIGURE_SPLITS,
  type FigureGrain,
  type FigureSplit,
} from '@sentiero/contract/figure-choices';
import { type RowOf, rowsOf } from '@sentiero/contract/figure-columns';

/*
 * What the figures' screen works out in the browser: the period from the address (or the last
 * twelve months), and the chart's series, keeping the biggest keys apart and the rest together.
 */

export type Period = { from: string; to: string; grain: FigureGrain; split: FigureSplit };

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Today's date as a calendar day in Italy, where the figures' days are counted. */
export function todayInItaly(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
}

/** The period the address asks for; by default the last twelve months, month by month, per operator. */
export function periodFrom(params: URLSearchParams, now: Date): Period {
  const today = todayInItaly(now);
  const [year = 0, month = 1] = today.split('-').map(Number);
  const start = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
  const grain = params.get('grain');
  const split = params.get('split');
  return {
    from: isDay(params.get('from')) ? (params.get('from') as string) : start,
    to: isDay(params.get('to')) ? (params.get('to') as string) : today,
    grain: (FIGURE_GRAINS as readonly string[]).includes(grain ?? '') ? (grain as FigureGrain) : 'month',
    split: (FIGURE_SPLITS as readonly string[]).includes(split ?? '') ? (split as FigureSplit) : 'operator',
  };
}

export type Series = { key: number | 'other'; label: string; values: number[] };

/**
 * One series per key, the `keep` biggest by their total apart and the others summed into one
 * ("other"), each with a value per bucket (0 where the key has no row).
 */
export function seriesOf<Row extends { bucket: string; key: number }>(
  rows: readonly Row[],
  buckets: readonly string[],
  labels: ReadonlyMap<number, string>,
  value: (row: Row) => number,
  { keep = 6, other }: { keep?: number; other: string },
): Series[] {
  const index = new Map(buckets.map((bucket, position) => [bucket, position]));
  const byKey = new Map<number, number[]>();
  for (const row of rows) {
    const values = byKey.get(row.key) ?? buckets.map(() => 0);
    const position = index.get(row.bucket);
    if (position !== undefined) values[position] = (values[position] ?? 0) + value(row);
    byKey.set(row.key, values);
  }
  const total = (values: number[]) => values.reduce((sum, one) => sum + one, 0);
  const ranked = [...byKey.entries()].sort((a, b) => total(b[1]) - total(a[1]) || a[0] - b[0]);
  const kept: Series[] = ranked
    .slice(0, keep)
    .map(([key, values]) => ({ key, label: labels.get(key) ?? String(key), values }));
  const rest = ranked.slice(keep);
  if (rest.length === 0) return kept;
  const values = buckets.map((_, position) => rest.reduce((sum, [, one]) => sum + (one[position] ?? 0), 0));
  return [...kept, { key: 'other', label: other, values }];
}

/** A bucket's name: the day, the week's Monday, or the month, as the language writes it. */
export function bucketLabel(bucket: string, grain: FigureGrain, language: string): string {
  const date = new Date(`${bucket}T00:00:00Z`);
  if (grain === 'month') {
    return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      date,
    );
  }
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}

type FiguresAnswer = ApiOutput<'consoleFigures'>;

/** The figures as the screen shows them: each table per bucket and key as rows. */
export type Figures = Omit<FiguresAnswer, 'sales' | 'places' | 'on_site' | 'cancelled_days'> & {
  sales: RowOf<FiguresAnswer['sales']>[];
  places: RowOf<FiguresAnswer['places']>[];
  on_site: RowOf<FiguresAnswer['on_site']>[];
  cancelled_days: RowOf<FiguresAnswer['cancelled_days']>[];
};

/** The answer's tables, which come by column (ADR 052), as rows. */
export function figuresByRow(answer: FiguresAnswer): Figures {
  return {
    ...answer,
    sales: rowsOf(answer.sales),
    places: rowsOf(answer.places),
    on_site: rowsOf(answer.on_site),
    cancelled_days: rowsOf(answer.cancelled_days),
  };
}
