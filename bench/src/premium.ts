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
import { measurePremiumFetch, printPremiumFetch } from './premium-fetch.ts';
import { measureRenewals, printRenewals } from './premium-renewals.ts';

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
