import type { FastifyBaseLogger } from 'fastify';
import type { BillingProvider } from '../../platform/billing/provider.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { chargeAllDue, chargeDue, type DueCharge, inParallel } from './charges.ts';
import { applyEvent } from './lifecycle.ts';
import { fromMembership, renewalsOf, toMembership } from './membership.ts';
import { type BillingContext, notifyMember } from './notices.ts';
import {
  findDueMemberships,
  findMembershipById,
  findRemindersDue,
  type MembershipRow,
  takeReminder,
  updateMembership,
} from './repo.ts';
import type { PremiumDeps } from './service.ts';

/**
 * Memberships read per batch (one statement); batches worked at once (`LANES`); and charges
 * asked at once within a batch: each is one statement of the provider's, and two batches of
 * eight keep a pool of 8 busy while either batch waits on its reads and writes.
 */
const BATCH = 500;
const LANES = 2;
const AT_ONCE = 8;
/**
 * A run stops taking new batches after this long, well inside the scheduled queue's 10-minute
 * expiry (ADR 012): an expired run would be sent again and run beside itself.
 */
const RUN_BUDGET_MS = 7 * 60 * 1000;

export type RenewalReport = {
  charged: number;
  failed: number;
  ended: number;
  reminded: number;
  errors: number;
};

type Outcome = 'charged' | 'failed' | 'ended' | null;

/**
 * The membership's scheduled work, every few minutes: reminders of coming charges, the charges
 * due (trial ends, renewals, retries) on the saved method, and the ends of canceled and unpaid
 * memberships. Each membership is looked at under the state it was read in: two runs at once
 * cannot charge one period twice (the charge's idempotency key) nor move it twice (`updated_at`).
 * The charges of a batch are written, settled and recorded together (`chargeAllDue`).
 */
export async function runRenewals(
  ctx: BillingContext,
  deps: PremiumDeps,
  { budgetMs = RUN_BUDGET_MS }: { budgetMs?: number } = {},
): Promise<RenewalReport> {
  // Measured on the process's own clock, not the business clock tests fix.
  const stopAt = performance.now() + budgetMs;
  const report: RenewalReport = { charged: 0, failed: 0, ended: 0, reminded: 0, errors: 0 };
  const now = ctx.clock.now();

  for (;;) {
    const due = await findRemindersDue(ctx.db, now, BATCH);
    if (due.length === 0) break;
    await inParallel(due, AT_ONCE, async (row) => {
      if (row.remindAt && (await takeReminder(ctx.db, row.id, row.remindAt))) {
        await notifyMember(ctx, row, { kind: 'upcomingCharge' });
        report.reminded += 1;
      }
    });
  }

  // A membership handled moves its next date on; one that failed or was left as it was is skipped
  // for the rest of this run (the next run tries it again).
  const skipped: number[] = [];
  const tally = (id: number, outcome: Outcome) => {
    if (outcome) report[outcome] += 1;
    else skipped.push(id);
  };
  const failed = (id: number, error: unknown) => {
    skipped.push(id);
    report.errors += 1;
    ctx.log.error({ err: error, subscription: id }, 'membership renewal failed');
  };
  // Two batches at once: one's charges are being asked while the other is read, opened or
  // recorded (one statement each, which leave the pool mostly idle). A batch is read with the
  // other's rows left out, one read at a time, so no membership is in both.
  const inFlight = new Set<number>();
  let reading: Promise<unknown> = Promise.resolve();
  const nextBatch = () => {
    const read = reading.then(async () => {
      // What is left when the budget is spent waits for the next run, five minutes later.
      if (performance.now() > stopAt) return [];
      const rows = await findDueMemberships(ctx.db, now, BATCH, [...skipped, ...inFlight]);
      for (const row of rows) inFlight.add(row.id);
      return rows;
    });
    reading = read.catch(() => {});
    return read;
  };
  const lane = async () => {
    for (;;) {
      const rows = await nextBatch();
      if (rows.length === 0) break;
      try {
        await renewBatch(rows);
      } finally {
        for (const row of rows) inFlight.delete(row.id);
      }
    }
  };
  const renewBatch = async (rows: MembershipRow[]) => {
    const charges: DueCharge[] = [];
    await inParallel(rows, AT_ONCE, async (row) => {
      try {
        const step = await renewWithoutCharge(ctx, deps, row);
        if ('charge' in step) charges.push({ row, provider: step.charge });
        else tally(row.id, step.outcome);
      } catch (error) {
        failed(row.id, error);
      }
    });
    // A statement of the whole batch that fails (its charges' rows) fails each of its memberships.
    const outcomes = await chargeAllDue(ctx, deps, charges, { atOnce: AT_ONCE }).catch((error: unknown) =>
      charges.map(() => ({ ok: false, error }) as const),
    );
    for (const [index, outcome] of outcomes.entries()) {
      const id = charges[index]?.row.id as number;
      if (outcome.ok) tally(id, outcomeOf(outcome.saved));
      else failed(id, outcome.error);
    }
  };
  // A lane that cannot read (the database is gone) fails the run, once the other has stopped too.
  const lanes = await Promise.allSettled(Array.from({ length: LANES }, lane));
  for (const ended of lanes) if (ended.status === 'rejected') throw ended.reason;
  return report;
}

/**
 * One due membership's work, but its charge: an expired one is left uncharged, a canceled or
 * unpaid one ends. A membership whose period Sentiero charges answers its provider instead, to
 * be charged (alone with `chargeDue`, or with its batch).
 */
async function renewWithoutCharge(
  ctx: BillingContext,
  deps: PremiumDeps,
  row: MembershipRow,
): Promise<{ outcome: Outcome } | { charge: BillingProvider }> {
  const { providers } = deps;
  const now = ctx.clock.now();
  if (!row.nextChargeAt || row.nextChargeAt > now) return { outcome: null };
  if (row.status === 'expired') {
    // Ended already (by a store, or by hand): nothing is charged, and it is not due again.
    await updateMembership(ctx.db, row, { nextChargeAt: null, remindAt: null }, now);
    return { outcome: null };
  }
  const renewals = renewalsOf(row, providers);
  const provider = row.paymentMethod ? providers[row.paymentMethod] : undefined;

  if (row.status === 'canceled' || row.status === 'past_due' || renewals !== 'sentiero') {
    // Canceled: its last paid day has come. Past due with the provider or a store retrying: the
    // retry window is over. Either way it ends, and the provider stops billing it.
    const event =
      row.status === 'canceled'
        ? ({ type: 'expire', at: now.toISOString() } as const)
        : row.status === 'past_due' && renewals !== 'sentiero'
          ? ({ type: 'charge_failed', at: now.toISOString() } as const)
          : null;
    if (event) {
      const transition = applyEvent(toMembership(row), event, 'store');
      if (transition.ok && transition.membership.status === 'expired') {
        if (provider && row.providerReference && row.source === 'web')
          await provider.end(row.providerReference);
        const saved = await updateMembership(
          ctx.db,
          row,
          fromMembership(transition.membership, renewals, now),
          now,
        );
        if (saved) {
          await notifyMember(ctx, saved, {
            kind: 'ended',
            reason: row.status === 'canceled' ? 'canceled' : 'payment_failed',
          });
          return { outcome: 'ended' };
        }
        return { outcome: null };
      }
    }
    if (renewals !== 'sentiero') {
      await updateMembership(ctx.db, row, { nextChargeAt: null }, now);
      return { outcome: null };
    }
  }
  if (!provider) throw new Error(`no provider ${row.paymentMethod} for subscription ${row.id}`);
  return { charge: provider };
}

/** A membership charged: paid, refused (retried later) or ended; undefined when left as it was. */
function outcomeOf(saved: MembershipRow | undefined): Outcome {
  // A member's new card is being charged for this period right now: the next run looks again.
  if (!saved) return null;
  if (saved.status === 'active') return 'charged';
  return saved.status === 'expired' ? 'ended' : 'failed';
}

/**
 * One membership's scheduled work run now as if its moment had come (its next charge, retry or
 * end): what the job will do to it then, with the job's own code. For developers and end-to-end
 * tests only (registered outside production), which cannot wait seven days for a trial to end.
 */
export async function renewAsIfDue(ctx: BillingContext, deps: PremiumDeps, id: number): Promise<Outcome> {
  const row = await findMembershipById(ctx.db, id);
  if (!row?.nextChargeAt) return null;
  const due = row.nextChargeAt > ctx.clock.now() ? row.nextChargeAt : ctx.clock.now();
  const then = { ...ctx, clock: { now: () => due } };
  const step = await renewWithoutCharge(then, deps, row);
  if (!('charge' in step)) return step.outcome;
  return outcomeOf(await chargeDue(then, deps, step.charge, row));
}

/** Every five minutes: a trial that ends at 10:02 is charged by 10:05. */
export function renewalSchedule(
  ctx: BillingContext,
  deps: PremiumDeps,
  log: FastifyBaseLogger,
): ScheduledJob {
  return {
    queue: 'subscriptions-renew',
    cron: '*/5 * * * *',
    retryLimit: 2,
    retryDelaySeconds: 60,
    async run() {
      const report = await runRenewals(ctx, deps);
      if (report.charged + report.failed + report.ended + report.reminded + report.errors > 0) {
        log.info(report, 'membership renewals');
      }
      return report;
    },
  };
}
