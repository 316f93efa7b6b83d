import type { consoleFigures, consoleFiguresCsv, FigureTable } from '@sentiero/contract/console-figures';
import { columnsOf } from '@sentiero/contract/figure-columns';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type CsvCell, euros, writeCsv } from './csv.ts';
import {
  type FigurePeriod,
  findCancelledDays,
  findKeyLabels,
  findOpenOnSite,
  findSalesAndPlaces,
} from './figures-repo.ts';
import { findPremiumFigures } from './premium-figures-repo.ts';

type FiguresInput = z.output<typeof consoleFigures.input>;
type Figures = z.input<typeof consoleFigures.output>;

/** Every bucket's first day from `from` to `to`: days, ISO weeks (from Monday) or months. */
export function bucketsOf({ from, to, grain }: Pick<FigurePeriod, 'from' | 'to' | 'grain'>): string[] {
  const day = new Date(`${from}T00:00:00Z`);
  if (grain === 'week') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  if (grain === 'month') day.setUTCDate(1);
  const last = new Date(`${to}T00:00:00Z`);
  const buckets: string[] = [];
  while (day <= last) {
    buckets.push(day.toISOString().slice(0, 10));
    if (grain === 'day') day.setUTCDate(day.getUTCDate() + 1);
    else if (grain === 'week') day.setUTCDate(day.getUTCDate() + 7);
    else day.setUTCMonth(day.getUTCMonth() + 1);
  }
  return buckets;
}

/**
 * Sentiero+'s figures are seen through `premiumFigures.read` held everywhere: a membership belongs
 * to no operator, so a grant for some operators or areas covers none of them.
 */
function seesPremium(ctx: Pick<ServiceContext, 'staff'>): boolean {
  return staffListScope(ctx, 'premiumFigures.read').everywhere;
}

/** The figures as rows, before they go by column: what the CSV files are written from. */
async function readFigures(ctx: ServiceContext, input: FiguresInput) {
  requireStaffAccess(ctx, 'figures.read');
  const scope = staffListScope(ctx, 'figures.read');
  const period: FigurePeriod = { from: input.from, to: input.to, grain: input.grain, split: input.split };
  // At once, each on a connection of the pool: the page waits for the slowest table, not the sum
  // of them (issue 23's goal is the whole page's p95; a handful of staff read figures at a time).
  const [{ sales, places }, onSite, cancelledDays, premium] = await Promise.all([
    findSalesAndPlaces(ctx.db, scope, period),
    findOpenOnSite(ctx.db, scope, period),
    findCancelledDays(ctx.db, scope, period),
    seesPremium(ctx) ? findPremiumFigures(ctx.db, period) : null,
  ]);
  const keys = [...new Set([...sales, ...places, ...onSite, ...cancelledDays].map((row) => row.key))];
  return {
    from: input.from,
    to: input.to,
    grain: input.grain,
    split: input.split,
    buckets: bucketsOf(period),
    keys: await findKeyLabels(ctx.db, input.split, keys, ctx.lang),
    sales: sales.map((row) => ({ ...row, net_cents: row.gross_cents - row.refunds_cents })),
    places,
    on_site: onSite,
    cancelled_days: cancelledDays,
    premium,
  };
}

/**
 * The figures of the period in the staff member's scope (`figures.read`, applied in the queries):
 * an operator's staff see only their operators' or areas' tickets. The tables per bucket and key
 * go by column (ADR 052).
 */
export async function getFigures(ctx: ServiceContext, input: FiguresInput): Promise<Figures> {
  const figures = await readFigures(ctx, input);
  const keyed = ['bucket', 'key'] as const;
  return {
    ...figures,
    sales: columnsOf(figures.sales, [
      ...keyed,
      'gross_cents',
      'refunds_cents',
      'net_cents',
      'orders',
      'refunds',
      'coupon_orders',
      'coupon_discount_cents',
      'check_ins',
    ]),
    places: columnsOf(figures.places, [...keyed, 'sold', 'capacity']),
    on_site: columnsOf(figures.on_site, [...keyed, 'orders', 'amount_cents']),
    cancelled_days: columnsOf(figures.cancelled_days, [
      ...keyed,
      'days',
      'orders',
      'moved',
      'refunds',
      'refunds_cents',
    ]),
  };
}

/** One table of the figures as CSV: a row per bucket and key, with the key's name. */
export async function getFiguresCsv(
  ctx: ServiceContext,
  input: z.output<typeof consoleFiguresCsv.input>,
): Promise<{ filename: string; body: string }> {
  // Sentiero+ is no operator's: its table is refused, not answered empty.
  if (input.table === 'premium' && !seesPremium(ctx)) throw new AppError('FORBIDDEN', 403);
  const figures = await readFigures(ctx, input);
  const label = new Map(figures.keys.map(({ key, label }) => [key, label]));
  const money = (cents: number) => euros(cents, ctx.lang);
  const table: FigureTable = input.table;
  const filename = `figures-${table}-${input.from}-${input.to}-${input.grain}-${input.split}.csv`;
  const keyed = (row: { bucket: string; key: number }): CsvCell[] => [
    row.bucket,
    row.key,
    label.get(row.key) ?? '',
  ];
  const head = ['period', input.split, 'name'];
  if (table === 'sales') {
    return {
      filename,
      body: writeCsv(
        [
          ...head,
          'gross_eur',
          'refunds_eur',
          'net_eur',
          'orders',
          'refunds',
          'coupon_orders',
          'coupon_discount_eur',
          'check_ins',
        ],
        figures.sales.map((row) => [
          ...keyed(row),
          money(row.gross_cents),
          money(row.refunds_cents),
          money(row.net_cents),
          row.orders,
          row.refunds,
          row.coupon_orders,
          money(row.coupon_discount_cents),
          row.check_ins,
        ]),
      ),
    };
  }
  if (table === 'places') {
    return {
      filename,
      body: writeCsv(
        [...head, 'places_sold', 'capacity'],
        figures.places.map((row) => [...keyed(row), row.sold, row.capacity]),
      ),
    };
  }
  if (table === 'on_site') {
    return {
      filename,
      body: writeCsv(
        [...head, 'open_orders', 'open_amount_eur'],
        figures.on_site.map((row) => [...keyed(row), row.orders, money(row.amount_cents)]),
      ),
    };
  }
  return {
    filename,
    body: writeCsv(
      ['period', 'trials', 'conversions', 'renewals', 'cancellations', 'revenue_eur'],
      (figures.premium ?? []).map((row) => [
        row.bucket,
        row.trials,
        row.conversions,
        row.renewals,
        row.cancellations,
        money(row.revenue_cents),
      ]),
    ),
  };
}
