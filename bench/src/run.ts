/**
 * `npm run bench`: start-up times, the home page's JavaScript size, the request path against the
 * stack beneath it (a bare node:http server, /api/health, a public catalogue endpoint, each pair
 * in the same round, wrk from its own process), the server-rendered home page against
 * /api/health, Lighthouse on the storefront's pages and the API's memory under a minute of visitors;
 * with BENCH_DATABASE_URL all of it on PostgreSQL, then the growth table over 1k/10k/100k
 * listings, search latency, checkout throughput and Sentiero+'s renewal job; the user fetch with
 * the premium check against /api/health on either. Every figure is printed with its goal beside
 * it (DESIGN's budgets and issue 12). Traffic goes to 127.0.0.1 only and every run is bounded.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureHomeJavaScript } from './bundle-size.ts';
import { measureCompression, printCompression } from './compression.ts';
import { measureMainThread, printMainThread } from './main-thread.ts';
import { measurePremiumFetch, printPremiumFetch } from './premium-fetch.ts';
import { measureRenewals, printRenewals } from './premium-renewals.ts';
import { freshDataDir, startServer } from './server.ts';
import { measureMemory, measureStack, visitorPaths } from './stack.ts';
import {
  type LighthouseFigures,
  lighthouse,
  measureColdRendering,
  measureServerRendering,
  printRendering,
  printStorefront,
  STOREFRONT_PAGES,
} from './storefront.ts';

const port = Number(process.env.BENCH_PORT ?? 3200);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const memorySeconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const goal = (met: boolean) => (met ? 'met' : 'MISSED');
let missed = 0;
const check = (met: boolean) => {
  if (!met) missed += 1;
  return goal(met);
};

const dataDir = freshDataDir();
try {
  const first = await startServer({ port, dataDir });
  await first.stop();
  const second = await startServer({ port, dataDir });
  console.log(
    `\nStart-up (until /api/health answers): first ${(first.readyMs / 1000).toFixed(2)} s (build check, database creation, migration, seed), second ${(second.readyMs / 1000).toFixed(2)} s`,
  );

  const bundle = measureHomeJavaScript();
  console.log(
    `Home page initial JavaScript: ${(bundle.totalGzipBytes / 1024).toFixed(1)} KB gzipped (budget 120 KB)`,
  );
  for (const file of bundle.files) console.log(`  ${file.file}: ${(file.gzipBytes / 1024).toFixed(1)} KB`);

  const stack = await measureStack(second, { port: port + 50, rounds, seconds, connections });
  const compression = await measureCompression(second.url, { pid: second.pid, seconds, connections, rounds });
  const rendering = await measureServerRendering(second, { rounds, seconds, connections });
  const storefront: [string, LighthouseFigures][] = [];
  for (const page of STOREFRONT_PAGES)
    storefront.push([page, await lighthouse(`${second.url}${page}`, lighthouseRuns)]);
  const mainThread = await measureMainThread(second.url, STOREFRONT_PAGES, lighthouseRuns);
  await second.stop();
  const cold = await startServer({ port, dataDir, env: { PUBLIC_CACHE_SECONDS: '0' } });
  const coldRendering = await measureColdRendering(cold, { seconds, connections });
  await cold.stop();
  console.log(
    `\nRequest path: wrk, ${connections} connections, ${rounds} rounds of ${seconds} s, medians (${second.url})`,
  );
  console.table(
    Object.entries({
      'bare node:http': stack.bare,
      '/api/health': stack.health,
      'app/category/list': stack.catalogue,
    }).map(([endpoint, result]) => ({
      endpoint,
      'req/s': Math.round(result.rps),
      'p50 ms': result.p50.toFixed(2),
      'p95 ms': result.p95.toFixed(2),
      'p99 ms': result.p99.toFixed(2),
      errors: result.errors + result.non2xx,
    })),
  );
  console.log(
    `/api/health ÷ bare node:http: ${stack.healthToBare.toFixed(2)} (goal ≥ 0.3) ${check(stack.healthToBare >= 0.3)}`,
  );
  console.log(
    `app/category/list ÷ /api/health: ${stack.catalogueToHealth.toFixed(2)} (goal ≥ 0.6) ${check(stack.catalogueToHealth >= 0.6)}`,
  );
  printCompression(compression);
  if (!printRendering(rendering, coldRendering)) missed += 1;
  if (!printStorefront({ pages: storefront, runs: lighthouseRuns })) missed += 1;
  printMainThread(mainThread, lighthouseRuns);
  if (stack.health.errors + stack.health.non2xx + stack.catalogue.errors + stack.catalogue.non2xx > 0)
    missed += 1;

  // Memory on a process of its own: its resting size is not inflated by the runs above.
  const third = await startServer({ port, dataDir });
  await new Promise((done) => setTimeout(done, 5000));
  const memory = await measureMemory(third, visitorPaths({ areaId: 1, regionId: 1 }), {
    seconds: memorySeconds,
    connections,
    settleSeconds: 15,
  });
  await third.stop();
  const grown = memory.afterMb / memory.restingMb - 1;
  console.log(
    `\nMemory (RSS) of the API: ${memory.restingMb.toFixed(0)} MB at rest, ${memory.peakMb.toFixed(0)} MB at most during ${memorySeconds} s of a visitor mix (${Math.round(memory.loadRps)} req/s), ${memory.afterMb.toFixed(0)} MB 15 s later: ${grown >= 0 ? '+' : ''}${(grown * 100).toFixed(0)}% (goal ≤ +20%) ${check(grown <= 0.2)}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Sentiero+ (issue 14): the user fetch with the premium check against /api/health, a member with
// it and one without, on a server of its own (PGlite, or PostgreSQL with BENCH_DATABASE_URL).
const premiumFetch = await measurePremiumFetch({ rounds, seconds, connections, port: port + 60 });
if (!printPremiumFetch(premiumFetch, { seconds, connections })) missed += 1;

// The catalogue's growth, search, checkout and ticket mails are PostgreSQL budgets: measured
// when a server is given, each script in a process of its own.
if (process.env.BENCH_DATABASE_URL) {
  // The growth table over 1k/10k/100k listings; search over 100,000; 200 buyers racing for
  // places against pgbench replaying their statements; one worker process sending ticket mails.
  for (const script of ['./scale.ts', './search.ts', './orders.ts', './ticket-mails.ts']) {
    const run = spawnSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
      stdio: 'inherit',
      env: process.env,
    });
    if (run.status !== 0) process.exitCode = 1;
  }
  // Sentiero+'s renewal job over 100,000 due memberships, and two jobs at once.
  if (!printRenewals(await measureRenewals(process.env.BENCH_DATABASE_URL))) missed += 1;
} else {
  console.log(
    '\nThe growth table (1k/10k/100k listings), search latency, checkout throughput, ticket mails and the Sentiero+ renewal job: set BENCH_DATABASE_URL to measure them on PostgreSQL.',
  );
}
if (missed > 0) process.exitCode = 1;
