/**
 * `npm run bench:premium`: Sentiero+'s two figures (issue 14).
 *
 * 1. The user fetch with the premium check: `/api/app/user/info` of a member with Sentiero+ and
 *    of one without, each against `/api/health` in the same round (wrk from its own process),
 *    the median of each round's ratio (goal ≥ 0.6). On PGlite, or with BENCH_DATABASE_URL on a
 *    PostgreSQL database of its own, dropped afterwards.
 * 2. The renewal job over 100,000 due memberships (goal: all of them in under 5 minutes), on
 *    PostgreSQL only: `runRenewals` in a worker process of its own (renewal-run.ts) with the app's
 *    pieces (a pool of 8, the sandbox provider, mails queued through pg-boss as the app queues
 *    them, workers off), then SQL that checks nothing was charged twice, the sandbox's ledger
 *    matches the charges and every due membership moved on; then two jobs at once over a fresh
 *    20,000, checked again. A job still running at twice the goal is ended, as a crash would.
 *
 * Traffic goes to 127.0.0.1 only and every run is bounded in time.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
// The API's session code reads cookies through @fastify/cookie's additions to Fastify's types.
import type {} from '@fastify/cookie';
import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import pg from 'pg';
import type { RenewalReport } from '../../apps/api/src/modules/premium/index.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { cpuSecondsOf } from './checkout-replay.ts';
import { freshDataDir, startServer, TICKET_SIGNING_KEY } from './server.ts';
import { median, type WrkResult, wrk } from './wrk.ts';

export const FETCH_GOAL = 0.6;
export const RENEWAL_GOAL_SECONDS = 5 * 60;
const USER_INFO = '/api/app/user/info';
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

const middle = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[half] ?? 0) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
};
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** A port nothing listens on now, in the range given (benchmarks share the machine). */
async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 50; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}–${from + 49}`);
}

/** A database of the benchmark's own on the server of `serverUrl`; `drop` removes it. */
async function createDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (process.env.BENCH_KEEP) {
        console.log(`Kept the database ${name}.`);
        return;
      }
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

// ── 1. The user fetch with the premium check ───────────────────────────────────────────────

export type FetchRound = {
  health: WrkResult;
  member: WrkResult;
  nonMember: WrkResult;
  memberRatio: number;
  nonMemberRatio: number;
  load: number;
};

export type FetchFigures = {
  engine: 'PGlite' | 'PostgreSQL';
  rounds: FetchRound[];
  health: WrkResult;
  member: WrkResult;
  nonMember: WrkResult;
  /** Medians of each round's ratio to /api/health. */
  memberRatio: number;
  nonMemberRatio: number;
  loadBefore: string;
};

/** The cookies a browser would send back after this answer: `name=value` of each Set-Cookie. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

/** Registers a member through the API and answers their cookies. */
async function register(baseUrl: string, label: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/app/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      firstname: 'Anna',
      lastname: 'Conti',
      email: `bench-${label}-${randomUUID().slice(0, 8)}@sentiero.localhost`,
      password: 'Porcini2025',
      country: 'IT',
      is_adult: true,
      policy_accepted: true,
    }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const cookie = cookiesOf(response);
  if (!cookie) throw new Error('register set no session cookie');
  return cookie;
}

async function isPremium(baseUrl: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}${USER_INFO}`, {
    headers: { cookie },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${USER_INFO} answered ${response.status}`);
  const body = (await response.json()) as { user?: { is_premium?: boolean } };
  if (typeof body.user?.is_premium !== 'boolean') throw new Error(`${USER_INFO} has no is_premium`);
  return body.user.is_premium;
}

/**
 * A production server on PGlite (or a PostgreSQL database of its own), a member who bought
 * Sentiero+ and one who did not; `rounds` rounds of /api/health, the member's user fetch and the
 * other member's, side by side.
 */
export async function measurePremiumFetch({
  rounds,
  seconds,
  connections,
  port,
}: {
  rounds: number;
  seconds: number;
  connections: number;
  port: number;
}): Promise<FetchFigures> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const database = serverUrl ? await createDatabase(serverUrl, 'sentiero_premium') : undefined;
  const dataDir = freshDataDir();
  try {
    const server = await startServer({
      port: await freePort(port),
      dataDir,
      env: {
        // One address registers and buys; the card simulator pays although it runs as production.
        RATE_LIMITS: 'off',
        PAYMENTS_SANDBOX: 'on',
        // The trial-started mail is queued, not sent to a mail server that is not there.
        JOB_WORKERS: 'off',
        ...(database ? { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '6' } : {}),
      },
    });
    try {
      const base = server.url;
      const member = await register(base, 'plus');
      const bought = await fetch(`${base}/api/app/subscription/buy`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: member },
        body: JSON.stringify({
          subscription_type: 'yearly',
          payment_method: 'sandbox',
          card: CARD,
          idempotency_key: randomUUID(),
        }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!bought.ok) throw new Error(`subscription/buy answered ${bought.status}: ${await bought.text()}`);
      const nonMember = await register(base, 'free');
      if (!(await isPremium(base, member))) throw new Error('the member who bought Sentiero+ is not premium');
      if (await isPremium(base, nonMember)) throw new Error('the member without Sentiero+ is premium');

      const health = `${base}/api/health`;
      const info = `${base}${USER_INFO}`;
      const run = (url: string, cookie?: string, time = seconds) =>
        wrk(url, { connections, seconds: time, headers: cookie ? { Cookie: cookie } : {} });
      // Warm-up, not counted.
      await run(health, undefined, 1);
      await run(info, member, 1);
      await run(info, nonMember, 1);
      const loadBefore = load();
      const results: FetchRound[] = [];
      for (let round = 0; round < rounds; round++) {
        const healthRun = await run(health);
        const memberRun = await run(info, member);
        const nonMemberRun = await run(info, nonMember);
        results.push({
          health: healthRun,
          member: memberRun,
          nonMember: nonMemberRun,
          memberRatio: memberRun.rps / healthRun.rps,
          nonMemberRatio: nonMemberRun.rps / healthRun.rps,
          load: loadavg()[0] ?? 0,
        });
      }
      // Still premium after the load: the answers wrk counted were the member's.
      if (!(await isPremium(base, member))) throw new Error('the member lost Sentiero+ during the run');
      return {
        engine: database ? 'PostgreSQL' : 'PGlite',
        rounds: results,
        health: median(results.map((result) => result.health)),
        member: median(results.map((result) => result.member)),
        nonMember: median(results.map((result) => result.nonMember)),
        memberRatio: middle(results.map((result) => result.memberRatio)),
        nonMemberRatio: middle(results.map((result) => result.nonMemberRatio)),
        loadBefore,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** Prints the rounds and the medians; true when the goal is met and nothing failed. */
export function printPremiumFetch(
  figures: FetchFigures,
  { seconds, connections }: { seconds: number; connections: number },
): boolean {
  console.log(
    `\nUser fetch with the Sentiero+ check (${USER_INFO}) against /api/health on ${figures.engine}: wrk, ${connections} connections, ${figures.rounds.length} rounds of ${seconds} s; ${availableParallelism()} cores, load average ${figures.loadBefore} before`,
  );
  console.table(
    figures.rounds.map((round, index) => ({
      round: index + 1,
      '/api/health req/s': Math.round(round.health.rps),
      'member req/s': Math.round(round.member.rps),
      'member ÷ health': round.memberRatio.toFixed(2),
      'no Sentiero+ req/s': Math.round(round.nonMember.rps),
      'no Sentiero+ ÷ health': round.nonMemberRatio.toFixed(2),
      'p95 ms (health/member/none)': `${round.health.p95.toFixed(1)}/${round.member.p95.toFixed(1)}/${round.nonMember.p95.toFixed(1)}`,
      load: round.load.toFixed(2),
    })),
  );
  const failures = figures.rounds.reduce(
    (sum, round) =>
      sum +
      [round.health, round.member, round.nonMember].reduce((all, run) => all + run.errors + run.non2xx, 0),
    0,
  );
  const met = figures.memberRatio >= FETCH_GOAL;
  console.log(
    `User fetch of a Sentiero+ member ÷ /api/health: ${figures.memberRatio.toFixed(2)} (median; goal ≥ ${FETCH_GOAL}) ${met ? 'met' : 'MISSED'}; of a member without it: ${figures.nonMemberRatio.toFixed(2)}`,
  );
  if (failures > 0) console.log(`${failures} requests failed or answered other than 2xx.`);
  return met && failures === 0;
}

// ── 2. The renewal job ──────────────────────────────────────────────────────────────────────

export type RenewalCheck = {
  /** Memberships with two paid charges for one period. */
  chargedTwice: number;
  /**
   * Settled charges without their sandbox ledger row or disagreeing with it (paid or not), and
   * ledger rows no charge of ours names.
   */
  ledgerMismatches: number;
  ledgerRows: number;
  /** Due memberships of the set whose next date did not move past the run's start. */
  notMoved: number;
  /** Charges written but never settled (only a run stopped at its time limit leaves some). */
  pending: number;
  paid: number;
  failed: number;
  /** Mails queued during the run, against the charges settled (one mail each). */
  mailsQueued: number;
};

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
const FAILING_EVERY = 50;
const PRICES = { yearly: 0, monthly: 0 };

/**
 * `count` members, each with a trialing web membership on the sandbox whose trial ended within
 * the last hour and a saved card (one in FAILING_EVERY declines every charge): set-based, three
 * statements. Answers the members' id range.
 */
async function insertDueMemberships(client: pg.Client, count: number, tag: string) {
  const started = performance.now();
  await client.query('begin');
  const { rows } = await client.query<{ first: number; last: number }>(
    `with inserted as (
       insert into users (email, password_hash, first_name, last_name, country, language, adult_confirmed_at, terms_accepted_at)
       select 'renew-${tag}-' || i || '@sentiero.localhost', 'not-a-login', 'Anna', 'Conti ' || i, 'IT',
              (array['it','en','de','es','sl'])[1 + i % 5], now(), now()
       from generate_series(1, $1::int) as i
       returning id)
     select min(id)::int as first, max(id)::int as last from inserted`,
    [count],
  );
  const { first, last } = rows[0] as { first: number; last: number };
  await client.query(
    `insert into sandbox_billing_cards (token, last4, exp_month, exp_year, fails_on_charge)
     select 'sbx_card_bench_' || u.id, case when u.id % $3 = 0 then '0341' else '4242' end, 12, 2030, u.id % $3 = 0
     from generate_series($1::int, $2::int) as u(id)`,
    [first, last, FAILING_EVERY],
  );
  // Half yearly, half monthly, at the plans' prices; the trial ended between a second and an hour ago.
  await client.query(
    `insert into subscriptions (user_id, status, source, plan_type, price_cents, payment_method, provider_reference,
                                payment_label, awaiting_approval, started_at, trial_end, period_end, next_charge_at,
                                idempotency_key, created_at, updated_at)
     select u.id, 'trialing', 'web', p.plan, p.price, 'sandbox', 'sbx_card_bench_' || u.id,
            'Visa •••• ' || case when u.id % $3 = 0 then '0341' else '4242' end, false,
            t.trial_end - interval '14 days', t.trial_end, t.trial_end, t.trial_end,
            'bench-' || u.id, t.trial_end - interval '14 days', now()
     from generate_series($1::int, $2::int) as u(id)
     cross join lateral (select now() - make_interval(secs => 1 + (u.id % 3600)) as trial_end) as t
     cross join lateral (select case when u.id % 2 = 0 then 'yearly' else 'monthly' end as plan,
                                case when u.id % 2 = 0 then $4::int else $5::int end as price) as p`,
    [first, last, FAILING_EVERY, PRICES.yearly, PRICES.monthly],
  );
  await client.query('commit');
  await client.query('analyze users; analyze subscriptions; analyze sandbox_billing_cards');
  return { first, last, seconds: (performance.now() - started) / 1000 };
}

/** The brief's checks, over the memberships of members `first`–`last`, for a run started at `startedAt`. */
async function checkRenewals(
  client: pg.Client,
  { first, last, startedAt }: { first: number; last: number; startedAt: Date },
): Promise<RenewalCheck> {
  const one = async (text: string, values: unknown[] = [first, last]) =>
    Number((await client.query<{ n: string }>(text, values)).rows[0]?.n ?? 0);
  const ofSet = 'subscription_id in (select id from subscriptions where user_id between $1 and $2)';
  const tokens = 'token in (select provider_reference from subscriptions where user_id between $1 and $2)';
  return {
    chargedTwice: await one(
      `select count(*) as n from (select subscription_id, period_end from subscription_charges
        where status = 'paid' and ${ofSet} group by 1, 2 having count(*) > 1) as twice`,
    ),
    ledgerMismatches:
      (await one(
        `select count(*) as n from subscription_charges c
         left join sandbox_billing_charges s using (idempotency_key)
         where c.status in ('paid', 'failed') and c.${ofSet}
           and (s.idempotency_key is null or (c.status = 'paid') <> (s.status = 'paid'))`,
      )) +
      (await one(
        `select count(*) as n from sandbox_billing_charges s where s.${tokens}
         and not exists (select 1 from subscription_charges c where c.idempotency_key = s.idempotency_key)`,
      )),
    ledgerRows: await one(`select count(*) as n from sandbox_billing_charges where ${tokens}`),
    notMoved: await one(
      `select count(*) as n from subscriptions
       where user_id between $1 and $2 and next_charge_at is not null and next_charge_at <= $3`,
      [first, last, startedAt],
    ),
    pending: await one(
      `select count(*) as n from subscription_charges where status = 'pending' and ${ofSet}`,
    ),
    paid: await one(`select count(*) as n from subscription_charges where status = 'paid' and ${ofSet}`),
    failed: await one(`select count(*) as n from subscription_charges where status = 'failed' and ${ofSet}`),
    mailsQueued: await one(
      // A paid charge queues its receipt (rendered by the receipts' worker), a failed one a mail.
      `select count(*) as n from pgboss.job
       where name in ('mail-send', 'membership-receipt') and created_on >= $1`,
      [startedAt],
    ),
  };
}

/** CPU seconds of the database's backends, each at the most seen (the pool closes idle ones). */
function postgresCpuSampler(client: pg.Client) {
  const seen = new Map<number, { from: number; to: number }>();
  const sample = async () => {
    const { rows } = await client
      .query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
      .catch(() => ({ rows: [] as { pid: number }[] }));
    for (const { pid } of rows) {
      const now = cpuSecondsOf(pid);
      const known = seen.get(pid);
      if (known) known.to = Math.max(known.to, now);
      else seen.set(pid, { from: now, to: now });
    }
  };
  const timer = setInterval(sample, 1000);
  return {
    start: sample,
    async stop() {
      clearInterval(timer);
      await sample();
      return [...seen.values()].reduce((sum, { from, to }) => sum + to - from, 0);
    },
  };
}

type JobProcess = {
  child: ChildProcess;
  done: Promise<{ report: RenewalReport; cpuSeconds: number } | null>;
};

/** A renewal job in a process of its own (renewal-run.ts), ready to start on 'go'. */
async function startJobProcess(url: string, poolSize: number, printErrors: number): Promise<JobProcess> {
  const child = fork(fileURLToPath(new URL('./renewal-run.ts', import.meta.url)), {
    env: {
      ...process.env,
      RENEWAL_DATABASE_URL: url,
      RENEWAL_POOL: String(poolSize),
      RENEWAL_PRINT_ERRORS: String(printErrors),
      TICKET_SIGNING_KEY: String(TICKET_SIGNING_KEY),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const done = new Promise<{ report: RenewalReport; cpuSeconds: number } | null>((resolve) => {
    child.on('message', (message) => {
      if (typeof message === 'object') resolve(message as { report: RenewalReport; cpuSeconds: number });
    });
    child.once('exit', () => resolve(null));
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the renewal job exited with ${code} before it started`)));
  });
  return { child, done };
}

/**
 * Starts the jobs at once and waits for them, each killed (as a crash would end it) at
 * `limitSeconds`; progress every 30 s. Answers each job's report, or null for one that was killed.
 */
async function timedRuns(
  jobs: JobProcess[],
  client: pg.Client,
  { limitSeconds, startedAt }: { limitSeconds: number; startedAt: Date },
) {
  const started = performance.now();
  const postgres = postgresCpuSampler(client);
  await postgres.start();
  // The jobs' CPU as /proc shows it, for one that is killed before it tells its own.
  const jobCpu = jobs.map(() => 0);
  const sampling = setInterval(() => {
    for (const [index, job] of jobs.entries())
      jobCpu[index] = Math.max(jobCpu[index] ?? 0, cpuSecondsOf(job.child.pid));
  }, 1000);
  const progress = setInterval(async () => {
    const { rows } = await client
      .query<{ n: string }>('select count(*) as n from subscriptions where next_charge_at <= $1', [startedAt])
      .catch(() => ({ rows: [{ n: '?' }] }));
    console.log(
      `  … ${((performance.now() - started) / 1000).toFixed(0)} s: ${rows[0]?.n} still due; load average ${load()}`,
    );
  }, 30_000);
  let stopped = false;
  const limit = setTimeout(() => {
    stopped = true;
    for (const job of jobs) job.child.kill('SIGKILL');
  }, limitSeconds * 1000);
  try {
    for (const job of jobs) job.child.send('go');
    const results = await Promise.all(jobs.map((job) => job.done));
    const seconds = (performance.now() - started) / 1000;
    return {
      reports: results.map((result) => result?.report ?? null),
      stopped,
      seconds,
      cpu: {
        job: results.reduce((sum, result, index) => sum + (result?.cpuSeconds ?? jobCpu[index] ?? 0), 0),
        postgres: await postgres.stop(),
      },
      load: load(),
    };
  } finally {
    clearTimeout(limit);
    clearInterval(sampling);
    clearInterval(progress);
    for (const job of jobs) if (job.child.exitCode === null) job.child.kill('SIGKILL');
  }
}

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
    const prices = loadConfig({ NODE_ENV: 'test' }).premium.plans;
    for (const plan of prices) PRICES[plan.type] = plan.priceCents;
    const set = await insertDueMemberships(client, memberships, 'a');
    const failingCards = Number(
      (
        await client.query<{ n: string }>(
          'select count(*) as n from sandbox_billing_cards where fails_on_charge',
        )
      ).rows[0]?.n,
    );
    console.log(
      `\nRenewal job: ${memberships.toLocaleString('en')} trialing web memberships due on the sandbox (${failingCards.toLocaleString('en')} cards that decline), in ${database.name} made, migrated, seeded and filled in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s (the memberships ${set.seconds.toFixed(1)} s); runRenewals in a worker process of its own, a pool of ${POOL}, mails queued through pg-boss (workers off), stopped after ${limitSeconds} s; ${availableParallelism()} cores, load average ${load()}`,
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
      const again = await insertDueMemberships(client, concurrentMemberships, 'b');
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

if (import.meta.main) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const port = Number(process.env.BENCH_PORT ?? 3600);
  // BENCH_ONLY=renewals skips the user fetch and measures the renewal job alone.
  const only = process.env.BENCH_ONLY;
  let ok =
    only === 'renewals' ||
    printPremiumFetch(await measurePremiumFetch({ rounds, seconds, connections, port }), {
      seconds,
      connections,
    });
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    ok = printRenewals(await measureRenewals(serverUrl)) && ok;
  } else {
    console.log(
      '\nRenewal job over 100,000 due memberships: skipped, it measures PostgreSQL (set BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres).',
    );
  }
  if (!ok) process.exitCode = 1;
}
