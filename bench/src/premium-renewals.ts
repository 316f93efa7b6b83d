import { availableParallelism } from 'node:os';
// The API's session code reads cookies through @fastify/cookie's additions to Fastify's types.
import type {} from '@fastify/cookie';
import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import pg from 'pg';
import type { RenewalReport } from '../../apps/api/src/modules/premium/index.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { startJobProcess, timedRuns } from './premium-renewal-jobs.ts';
import {
  checkRenewals,
  insertDueMemberships,
  type PlanPrices,
  type RenewalCheck,
} from './premium-renewal-rows.ts';
import { createDatabase, loadAverage } from './premium-shared.ts';

/*
 * `bench:premium`'s second figure, on PostgreSQL only: the renewal job over 100,000 due
 * memberships, checked with SQL; then two jobs at once over a fresh 20,000, checked again.
 */

export const RENEWAL_GOAL_SECONDS = 5 * 60;

export type RenewalRun = {
  report: RenewalReport | null;
  /** Stopped at the time limit: the figures are what it did until then. */
  stopped: boolean;
  seconds: number;
  processed: number;
  check: RenewalCheck;
  cpu: { job: number; postgres: number };
  load: string;
};

export type RenewalFigures = {
  memberships: number;
  failingCards: number;
  single: RenewalRun;
  concurrent?: { memberships: number; runs: RenewalRun[]; seconds: number; check: RenewalCheck };
  limitSeconds: number;
};

/** The pool the job runs on, as the app's (`DATABASE_POOL_SIZE` is smaller on a shared machine). */
const POOL = Number(process.env.BENCH_RENEWAL_POOL ?? 8);
/** One card in fifty attaches, then declines every charge (the sandbox's 4000 0000 0000 0341). */

/**
 * 100,000 (BENCH_RENEWALS) due memberships renewed by one `runRenewals`, timed and checked; then
 * two runs at once over 20,000 more (BENCH_RENEWALS_CONCURRENT; 0 skips it), checked. A run is
 * stopped after BENCH_RENEWAL_LIMIT_SECONDS (default twice the goal).
 */
export async function measureRenewals(serverUrl: string): Promise<RenewalFigures> {
  const memberships = Number(process.env.BENCH_RENEWALS ?? 100_000);
  const concurrentMemberships = Number(process.env.BENCH_RENEWALS_CONCURRENT ?? 20_000);
  const limitSeconds = Number(process.env.BENCH_RENEWAL_LIMIT_SECONDS ?? 2 * RENEWAL_GOAL_SECONDS);
  const database = await createDatabase(serverUrl, 'sentiero_renewals');
  const client = new pg.Client({ connectionString: database.url });
  try {
    const setupStarted = performance.now();
    const setup = await openDatabase({ driver: 'postgres', url: database.url, poolSize: 2 });
    try {
      await setup.migrate();
      await seedDatabase(setup.db);
    } finally {
      await setup.close();
    }
    await client.connect();
    const prices: PlanPrices = { yearly: 0, monthly: 0 };
    for (const plan of loadConfig({ NODE_ENV: 'test' }).premium.plans) prices[plan.type] = plan.priceCents;
    const set = await insertDueMemberships(client, memberships, 'a', prices);
    const failingCards = Number(
      (
        await client.query<{ n: string }>(
          'select count(*) as n from sandbox_billing_cards where fails_on_charge',
        )
      ).rows[0]?.n,
    );
    console.log(
      `\nRenewal job: ${memberships.toLocaleString('en')} trialing web memberships due on the sandbox (${failingCards.toLocaleString('en')} cards that decline), in ${database.name} made, migrated, seeded and filled in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s (the memberships ${set.seconds.toFixed(1)} s); runRenewals in a worker process of its own, a pool of ${POOL}, mails queued through pg-boss (workers off), stopped after ${limitSeconds} s; ${availableParallelism()} cores, load average ${loadAverage()}`,
    );

    const job = await startJobProcess(database.url, POOL, 5);
    const startedAt = new Date();
    const first = await timedRuns([job], client, { limitSeconds, startedAt });
    const check = await checkRenewals(client, { first: set.first, last: set.last, startedAt });
    const single: RenewalRun = {
      report: first.reports[0] ?? null,
      stopped: first.stopped,
      seconds: first.seconds,
      processed: memberships - check.notMoved,
      check,
      cpu: first.cpu,
      load: first.load,
    };
    if (first.stopped) {
      // What the stopped run left is not the next run's to do.
      await client.query(
        'update subscriptions set next_charge_at = null where user_id between $1 and $2 and next_charge_at <= $3',
        [set.first, set.last, startedAt],
      );
    }

    let concurrent: RenewalFigures['concurrent'];
    if (concurrentMemberships > 0) {
      const again = await insertDueMemberships(client, concurrentMemberships, 'b', prices);
      // Two worker processes: a pool and a pg-boss each, half the connections each.
      const jobs = [
        await startJobProcess(database.url, Math.ceil(POOL / 2), 0),
        await startJobProcess(database.url, Math.ceil(POOL / 2), 0),
      ];
      const bothStartedAt = new Date();
      const both = await timedRuns(jobs, client, { limitSeconds, startedAt: bothStartedAt });
      const bothCheck = await checkRenewals(client, {
        first: again.first,
        last: again.last,
        startedAt: bothStartedAt,
      });
      concurrent = {
        memberships: concurrentMemberships,
        seconds: both.seconds,
        check: bothCheck,
        runs: both.reports.map((report) => ({
          report,
          stopped: both.stopped,
          seconds: both.seconds,
          processed: report ? report.charged + report.failed + report.ended : 0,
          check: bothCheck,
          cpu: both.cpu,
          load: both.load,
        })),
      };
    }
    return { memberships, failingCards, single, concurrent, limitSeconds };
  } finally {
    await client.end().catch(() => {});
    await database.drop();
  }
}

/** Whether a run's rows are as they must be; a stopped run may leave its last few charges pending. */
function judge(check: RenewalCheck, { stopped, processed }: { stopped: boolean; processed: number }) {
  const settled = check.paid + check.failed;
  const ok =
    check.chargedTwice === 0 &&
    check.ledgerMismatches === 0 &&
    (stopped || (check.notMoved === 0 && check.pending === 0 && check.mailsQueued === settled)) &&
    (stopped || settled === processed);
  return {
    ok,
    line:
      `checked with SQL: ${check.chargedTwice} memberships paid twice for one period; ${check.ledgerMismatches} charges without exactly one agreeing sandbox ledger row (${check.ledgerRows.toLocaleString('en')} ledger rows, one per key, for ${settled.toLocaleString('en')} charges settled); ` +
      `${check.notMoved.toLocaleString('en')} due memberships not moved on; ${check.pending} charges left pending; ${check.mailsQueued.toLocaleString('en')} receipts and mails queued — ${ok ? 'as they must be' : 'WRONG'}`,
  };
}

/** Prints the runs and the checks; true when every goal and check holds. */
export function printRenewals(figures: RenewalFigures): boolean {
  const { single } = figures;
  const { check } = single;
  const rate = single.processed / single.seconds;
  const inTime = !single.stopped && single.seconds <= RENEWAL_GOAL_SECONDS && check.notMoved === 0;
  const errors = single.report?.errors ?? 0;
  const total = single.stopped
    ? `stopped after ${single.seconds.toFixed(0)} s with ${check.notMoved.toLocaleString('en')} still due: all would take about ${(figures.memberships / rate).toFixed(0)} s`
    : `in ${single.seconds.toFixed(1)} s`;
  console.log(
    `Renewal job over ${figures.memberships.toLocaleString('en')} due memberships: ${single.processed.toLocaleString('en')} processed (${check.paid.toLocaleString('en')} charged, ${check.failed.toLocaleString('en')} failed, ${errors} errors) ${total}; ${rate.toFixed(0)} memberships/s (goal: all in under ${RENEWAL_GOAL_SECONDS} s) ${inTime ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  CPU: this process (the job, drizzle, pg; receipts are queued, their PDFs made by their own worker) ${single.cpu.job.toFixed(0)} s = ${((single.cpu.job * 1000) / Math.max(1, single.processed)).toFixed(1)} ms per membership; PostgreSQL ${single.cpu.postgres.toFixed(0)} s = ${((single.cpu.postgres * 1000) / Math.max(1, single.processed)).toFixed(1)} ms; load average ${single.load} after`,
  );
  const singleCheck = judge(check, single);
  console.log(`  ${singleCheck.line}`);
  let ok = inTime && singleCheck.ok && errors === 0;
  if (figures.concurrent) {
    const { runs, memberships, seconds, check: again } = figures.concurrent;
    const stopped = runs.some((run) => run.stopped);
    const processed = runs.reduce((sum, run) => sum + run.processed, 0);
    const moved = memberships - again.notMoved;
    const twice = judge(again, { stopped, processed: stopped ? moved : processed });
    console.log(
      `Two renewal jobs at once over ${memberships.toLocaleString('en')} more (two pools of ${Math.ceil(POOL / 2)}): ${runs
        .map((run, index) =>
          run.report
            ? `run ${index + 1} charged ${run.report.charged.toLocaleString('en')}, failed ${run.report.failed}, lost ${run.report.errors.toLocaleString('en')} races to the other`
            : `run ${index + 1} stopped`,
        )
        .join(
          '; ',
        )}; ${moved.toLocaleString('en')} moved on in ${seconds.toFixed(1)} s; load average ${runs[0]?.load} after`,
    );
    console.log(`  ${twice.line}`);
    const once = twice.ok && (stopped || processed === memberships);
    console.log(`  Two jobs at once charge and move each membership once: ${once ? 'met' : 'MISSED'}`);
    ok = ok && once;
  }
  return ok;
}
