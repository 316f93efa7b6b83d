import { z } from 'zod';
import { calendarDateIn, parseCalendarDate } from '../durations.ts';

/**
 * A ticket's cancellation rule (issue 25, ADR 045): what a buyer gets back when they cancel a
 * guest, by whole calendar days between the day they cancel (in the area's time zone) and the
 * guest's first valid day.
 *
 * - `tiers`: the first tier whose `days` the buyer is still at or above gives its `percent`
 *   (`≥ 7 days 100 %, ≥ 2 days 50 %`); below the last tier the window is closed.
 * - `none`: nothing comes back and nothing can be cancelled by the buyer.
 * - `day_before`: everything comes back until the day before the first valid day (tier 1 → 100 %).
 *
 * `fee_cents` is kept from each cancelled guest's refund (never below zero); `move_allowed` says
 * whether a guest may move to another day instead (issue 25 item 3). The event page, the PDF,
 * the mails, `/user/mytickets`, the API and the console all read this one rule; an order keeps
 * the rule in force when it was bought.
 */
export const CANCELLATION_KINDS = ['tiers', 'none', 'day_before'] as const;
export type CancellationKind = (typeof CANCELLATION_KINDS)[number];

export const MAX_CANCELLATION_TIERS = 4;
export const MAX_CANCELLATION_DAYS = 365;
export const MAX_CANCELLATION_FEE_CENTS = 100_000;

const ZTier = z.object({
  days: z.number().int().min(1).max(MAX_CANCELLATION_DAYS),
  percent: z.number().int().min(1).max(100),
});
export type CancellationTier = z.infer<typeof ZTier>;

export const ZCancellationRule = z
  .object({
    kind: z.enum(CANCELLATION_KINDS),
    tiers: z.array(ZTier).max(MAX_CANCELLATION_TIERS).default([]),
    fee_cents: z.number().int().min(0).max(MAX_CANCELLATION_FEE_CENTS).default(0),
    move_allowed: z.boolean().default(false),
  })
  .superRefine((rule, issue) => {
    if (rule.kind !== 'tiers') return;
    if (rule.tiers.length === 0) issue.addIssue({ code: 'custom', path: ['tiers'], message: 'required' });
    const days = rule.tiers.map((tier) => tier.days);
    if (new Set(days).size !== days.length) {
      issue.addIssue({ code: 'custom', path: ['tiers'], message: 'duplicateDays' });
    }
    // An earlier cancellation never gets back less than a later one.
    const sorted = [...rule.tiers].sort((a, b) => b.days - a.days);
    if (sorted.some((tier, i) => i > 0 && tier.percent > (sorted[i - 1]?.percent ?? 100))) {
      issue.addIssue({ code: 'custom', path: ['tiers'], message: 'tiersOutOfOrder' });
    }
  })
  .meta({ id: 'CancellationRule' });
export type CancellationRule = z.infer<typeof ZCancellationRule>;

/** The tiers a rule applies, longest notice first. */
export function effectiveTiers(rule: CancellationRule): CancellationTier[] {
  if (rule.kind === 'none') return [];
  if (rule.kind === 'day_before') return [{ days: 1, percent: 100 }];
  return [...rule.tiers].sort((a, b) => b.days - a.days);
}

/** Whole calendar days from `today` to `firstDay` (both `YYYY-MM-DD`): 0 on the day itself. */
export function daysBetween(today: string, firstDay: string): number {
  const from = parseCalendarDate(today);
  const to = parseCalendarDate(firstDay);
  if (!from || !to) throw new RangeError(`Not calendar dates: ${today}, ${firstDay}`);
  return Math.round((to.getTime() - from.getTime()) / 86_400_000);
}

export type CancellationTerms = {
  /** Calendar days left before the first valid day, in the area's time zone. */
  daysBefore: number;
  /** What share of what the guest paid comes back; 0 when the window is closed. */
  percent: number;
  /** Whether the rule still lets the buyer cancel this guest. */
  open: boolean;
};

/** What the rule gives for a guest whose first valid day is `firstDay`, cancelled at `now` in `timeZone`. */
export function cancellationTerms(
  rule: CancellationRule,
  at: { firstDay: string; now: Date; timeZone: string },
): CancellationTerms {
  const daysBefore = daysBetween(calendarDateIn(at.timeZone, at.now), at.firstDay);
  const tier = effectiveTiers(rule).find((candidate) => daysBefore >= candidate.days);
  return { daysBefore, percent: tier?.percent ?? 0, open: tier !== undefined };
}

/**
 * What one guest gets back: their `percent` of what they paid (rounded down to the cent), less
 * the fee, never below zero and never above what they paid.
 */
export function guestRefundCents(rule: CancellationRule, paidCents: number, percent: number): number {
  if (paidCents <= 0 || percent <= 0) return 0;
  const share = Math.floor((paidCents * Math.min(percent, 100)) / 100);
  return Math.min(paidCents, Math.max(0, share - rule.fee_cents));
}

/**
 * The seeded tickets' policies, by the slug their texts had (migration 0036 turns each into the
 * same rule): 24 hours before and "before the first day of validity" both mean "until the day
 * before"; the moderate policy's 48 hours are two days.
 */
export const CANCELLATION_PRESETS = {
  flexible: { kind: 'day_before', tiers: [], fee_cents: 0, move_allowed: true },
  moderate: {
    kind: 'tiers',
    tiers: [
      { days: 7, percent: 100 },
      { days: 2, percent: 50 },
    ],
    fee_cents: 0,
    move_allowed: true,
  },
  strict: { kind: 'none', tiers: [], fee_cents: 0, move_allowed: false },
  permit: { kind: 'day_before', tiers: [], fee_cents: 0, move_allowed: false },
} as const satisfies Record<string, CancellationRule>;
export type CancellationPreset = keyof typeof CANCELLATION_PRESETS;

/** A text of the `cancellation` namespace, with its `{{values}}` filled in. */
export type CancellationText = (key: string, values?: Record<string, string | number>) => string;

/**
 * The rule in words, one sentence each, in the language `t` reads (texts in the `cancellation`
 * namespace, `…_one`/`…_two`/`…_few`/`…_other` chosen by the language's plural rules).
 */
export function describeCancellationRule(
  rule: CancellationRule,
  language: string,
  t: CancellationText,
  money: (cents: number) => string,
): string[] {
  const plural = new Intl.PluralRules(language);
  const counted = (key: string, days: number, values: Record<string, string | number> = {}) =>
    t(`${key}_${plural.select(days)}`, { days, ...values });
  const sentences: string[] = [];
  const tiers = effectiveTiers(rule);
  if (rule.kind === 'none') sentences.push(t('none'));
  else if (rule.kind === 'day_before') sentences.push(t('dayBefore'));
  else {
    for (const tier of tiers) {
      sentences.push(
        tier.percent === 100
          ? counted('tierFull', tier.days)
          : counted('tierPart', tier.days, { percent: tier.percent }),
      );
    }
    sentences.push(t('after'));
  }
  if (rule.fee_cents > 0 && tiers.length > 0) sentences.push(t('fee', { fee: money(rule.fee_cents) }));
  sentences.push(t(rule.move_allowed ? 'moveAllowed' : 'moveNotAllowed'));
  sentences.push(t('operatorCancels'));
  return sentences;
}

/** The rule as it is kept: tiers only for `tiers`, longest notice first. */
export function normalizeCancellationRule(rule: CancellationRule): CancellationRule {
  return { ...rule, tiers: rule.kind === 'tiers' ? effectiveTiers(rule) : [] };
}
