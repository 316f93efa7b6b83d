import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { createDatabase, loadAverage } from './premium-shared.ts';
import { freshDataDir, startServer } from './server.ts';
import { median, type WrkResult, wrk } from './wrk.ts';

/*
 * `bench:premium`'s first figure: the user fetch with the premium check, of a member with
 * Sentiero+ and of one without, against /api/health in the same round.
 */

export const FETCH_GOAL = 0.6;
const USER_INFO = '/api/app/user/info';
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

const middle = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[half] ?? 0) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
};

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
      const loadBefore = loadAverage();
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
