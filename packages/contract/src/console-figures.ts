import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { parseCalendarDate } from './durations.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';

/*
 * The console's figures and money owed (issue 23, item 4; ADR 036). Figures add up what the
 * staff member's operators and areas sold, gave back, filled and checked in over a period, per
 * day, week or month, per operator, area or ticket; Sentiero's admins also see Sentiero+.
 * A statement is one operator's month: sales, refunds, Sentiero's commission and what is owed.
 */

import { FIGURE_GRAINS, FIGURE_SPLITS, FIGURE_TABLES, type FigureGrain } from './figure-choices.ts';

export {
  FIGURE_GRAINS,
  FIGURE_SPLITS,
  FIGURE_TABLES,
  type FigureGrain,
  type FigureSplit,
  type FigureTable,
} from './figure-choices.ts';

/** The longest period per grain: enough buckets to read, few enough rows for one answer. */
export const FIGURE_MAX_DAYS: Record<FigureGrain, number> = { day: 93, week: 742, month: 1861 };

function daysBetween(from: string, to: string): number {
  const start = parseCalendarDate(from);
  const end = parseCalendarDate(to);
  if (!start || !end) return Number.NaN;
  return Math.round((end.getTime() - start.getTime()) / 86_400_000) + 1;
}

const ZPeriod = z
  .object({
    lng: ZLanguageParam,
    /** The first and last day, both included, in Sentiero's time zone (Europe/Rome). */
    from: ZCalendarDate,
    to: ZCalendarDate,
    grain: z.enum(FIGURE_GRAINS, { error: 'field.invalid' }).default('month'),
    split: z.enum(FIGURE_SPLITS, { error: 'field.invalid' }).default('operator'),
  })
  .superRefine((input, context) => {
    const days = daysBetween(input.from, input.to);
    if (!(days >= 1)) context.addIssue({ code: 'custom', path: ['to'], message: 'field.periodReversed' });
    else if (days > FIGURE_MAX_DAYS[input.grain])
      context.addIssue({ code: 'custom', path: ['to'], message: 'field.periodTooLong' });
  });

/** A column of whole numbers. */
const ZInts = z.array(z.number().int());

/**
 * The keyed tables go by column (`figure-columns.ts`, ADR 052): row i is the i-th value of each.
 * Each row is one bucket of one split key: the bucket's first day, and who (operator, area or
 * ticket).
 */
const ZBucketKeyColumns = { bucket: z.array(z.string()), key: ZInts };

export const ZSalesColumns = z.object({
  ...ZBucketKeyColumns,
  gross_cents: ZInts,
  refunds_cents: ZInts,
  net_cents: ZInts,
  orders: ZInts,
  refunds: ZInts,
  coupon_orders: ZInts,
  coupon_discount_cents: ZInts,
  check_ins: ZInts,
});
export const ZPlacesColumns = z.object({
  ...ZBucketKeyColumns,
  /** Places taken (sold, or held by an order being paid), summed over the bucket's days. */
  sold: ZInts,
  /** The capacity of the tickets that have one, summed over the same days; null: no limit. */
  capacity: z.array(z.number().int().nullable()),
});
export const ZOnSiteColumns = z.object({
  ...ZBucketKeyColumns,
  orders: ZInts,
  amount_cents: ZInts,
});
/** Days cancelled for everyone (a storm, ADR 049), by the cancelled day: apart from the sales. */
export const ZCancelledDaysColumns = z.object({
  ...ZBucketKeyColumns,
  /** Each ticket's cancelled days. */
  days: ZInts,
  orders: ZInts,
  moved: ZInts,
  refunds: ZInts,
  refunds_cents: ZInts,
});
export const ZPremiumRow = z.object({
  bucket: z.string(),
  trials: z.number().int(),
  conversions: z.number().int(),
  renewals: z.number().int(),
  cancellations: z.number().int(),
  revenue_cents: z.number().int(),
});

export const consoleFigures = defineEndpoint({
  path: '/console/figures',
  kind: 'read',
  access: 'figures.read',
  tag: 'console',
  summary:
    "The figures of the staff member's operators and areas over a period, per day, week or month and per operator, area or ticket: sales, refunds and net by payment day, orders, coupon use and check-ins; places taken against capacity by activity day; pay-on-site orders still unpaid by their first day; for Sentiero's admins, Sentiero+ trials, conversions, renewals, cancellations and revenue. The tables per bucket and key come by column (row i is the i-th value of each column).",
  input: ZPeriod,
  output: z.object({
    from: z.string(),
    to: z.string(),
    grain: z.enum(FIGURE_GRAINS),
    split: z.enum(FIGURE_SPLITS),
    /** The buckets' first days, in order: every bucket of the period, also those with nothing. */
    buckets: z.array(z.string()),
    /** The names of the operators, areas or tickets the rows refer to. */
    keys: z.array(z.object({ key: z.number().int(), label: z.string() })),
    /** By column, as the other keyed tables: row i is the i-th value of each column. */
    sales: ZSalesColumns,
    places: ZPlacesColumns,
    on_site: ZOnSiteColumns,
    cancelled_days: ZCancelledDaysColumns,
    /** Sentiero+, for Sentiero's admins only; null for everyone else. */
    premium: z.array(ZPremiumRow).nullable(),
  }),
});

export const consoleFiguresCsv = defineEndpoint({
  path: '/console/figures.csv',
  kind: 'read',
  access: 'figures.read',
  cache: 'private',
  tag: 'console',
  summary:
    'One table of the figures (sales, places, on_site, premium) as a CSV file, with the same period and scope.',
  input: ZPeriod.safeExtend({ table: z.enum(FIGURE_TABLES, { error: 'field.invalid' }).default('sales') }),
  output: z.string().meta({ contentMediaType: 'text/csv' }),
});

/** `YYYY-MM`: a calendar month. */
const ZMonth = z.string().regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, { error: 'field.invalidDate' });

const ZCommissionRate = z.object({ from_month: z.string(), commission_bps: z.number().int() });

const ZStatementInput = z.object({
  lng: ZLanguageParam,
  /** The operator; the first the staff member may read statements of when absent. */
  operator_id: z.coerce.number().int().positive().optional(),
  month: ZMonth,
});

export const ZStatement = z.object({
  operator: z.object({
    id: z.number().int(),
    name: z.string(),
    vat_number: z.string().nullable(),
    /** The rate in force in the statement's month (ADR 042). */
    commission_bps: z.number().int(),
  }),
  /** The operator's rates, each from a month on, oldest first. */
  commission_rates: z.array(ZCommissionRate),
  month: z.string(),
  /** Per ticket, then the totals: every amount in cents. */
  lines: z.array(
    z.object({
      ticket_id: z.number().int(),
      label: z.string(),
      orders: z.number().int(),
      sales_cents: z.number().int(),
      on_site_cents: z.number().int(),
      refunds_cents: z.number().int(),
      net_cents: z.number().int(),
    }),
  ),
  totals: z.object({
    orders: z.number().int(),
    sales_cents: z.number().int(),
    /** Paid on site: the operator already holds this money. */
    on_site_cents: z.number().int(),
    refunds_cents: z.number().int(),
    net_cents: z.number().int(),
    commission_cents: z.number().int(),
    /** What Sentiero pays the operator: the net taken online less the commission on all the net. */
    owed_cents: z.number().int(),
  }),
});

export const consoleStatement = defineEndpoint({
  path: '/console/statement',
  kind: 'read',
  access: 'statements.read',
  tag: 'console',
  summary:
    "An operator's monthly statement: sales, refunds and net per ticket, Sentiero's commission and the amount owed to the operator; with the operators the staff member may pick.",
  input: ZStatementInput,
  output: z.object({
    statement: ZStatement.nullable(),
    operators: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});

export const consoleStatementCsv = defineEndpoint({
  path: '/console/statement.csv',
  kind: 'read',
  access: 'statements.read',
  cache: 'private',
  tag: 'console',
  summary: "An operator's monthly statement as a CSV file.",
  input: ZStatementInput,
  output: z.string().meta({ contentMediaType: 'text/csv' }),
});

export const consoleStatementPdf = defineEndpoint({
  path: '/console/statement.pdf',
  kind: 'read',
  access: 'statements.read',
  cache: 'private',
  tag: 'console',
  summary: "An operator's monthly statement as a PDF document.",
  input: ZStatementInput,
  output: z.string().meta({ contentMediaType: 'application/pdf' }),
});

export const consoleOperatorCommission = defineEndpoint({
  path: '/console/operator/commission',
  kind: 'write',
  access: 'operators.manage',
  tag: 'console',
  summary:
    "Sets Sentiero's commission on an operator's sales, in basis points (1000 = 10%), from a month on (this month or a later one; 400 for a month gone by), replacing a rate set for that same month; audited. The statements of earlier months keep their rate (ADR 042).",
  input: z.object({
    lng: ZLanguageParam,
    operator_id: ZId,
    from_month: ZMonth,
    commission_bps: z.coerce
      .number()
      .int({ error: 'field.invalid' })
      .min(0, 'field.invalid')
      .max(10_000, 'field.invalid'),
  }),
  output: z.object({ operator_id: z.number().int(), commission_rates: z.array(ZCommissionRate) }),
});
