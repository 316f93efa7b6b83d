/**
 * `npm run bench`: start-up times, the home page's JavaScript size, and autocannon against
 * /api/health and the public catalogue on the built server (DESIGN: performance budgets); with
 * BENCH_DATABASE_URL, all of it on PostgreSQL, followed by the search latency and checkout benchmarks.
 * Traffic goes to 127.0.0.1 only and every run is bounded in time.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { measureHomeJavaScript } from './bundle-size.ts';
import { freshDataDir, startServer } from './server.ts';

const port = Number(process.env.BENCH_PORT ?? 3200);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Measured = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(name: string, url: string): Promise<Measured> {
  await autocannon({ url, connections, duration: 2 }); // warm-up, not counted
  const result = await autocannon({ url, connections, duration });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

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

  console.log(`\nLoad: ${connections} connections, ${duration} s per endpoint, GET on ${second.url}`);
  const health = await load('/api/health', `${second.url}/api/health`);
  const catalogue = await load('app/category/list', `${second.url}/api/app/category/list?lng=it`);
  await second.stop();

  console.table(
    [health, catalogue].map(({ name, rps, p50, p99, errors, non2xx }) => ({
      endpoint: name,
      'req/s': rps,
      'p50 ms': p50,
      'p99 ms': p99,
      errors,
      non2xx,
    })),
  );
  const ratio = catalogue.rps / health.rps;
  console.log(`Catalogue / health: ${(ratio * 100).toFixed(0)}% (budget ≥ 40%)`);
  if (health.errors + catalogue.errors + health.non2xx + catalogue.non2xx > 0) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Search at 100,000 listings is a PostgreSQL budget: measured when a server is given.
if (process.env.BENCH_DATABASE_URL) {
  const search = spawnSync(process.execPath, [fileURLToPath(new URL('./search.ts', import.meta.url))], {
    stdio: 'inherit',
    env: process.env,
  });
  if (search.status !== 0) process.exitCode = 1;
  // Checkout throughput and overselling are PostgreSQL budgets too: 200 buyers racing for places.
  const orders = spawnSync(process.execPath, [fileURLToPath(new URL('./orders.ts', import.meta.url))], {
    stdio: 'inherit',
    env: process.env,
  });
  if (orders.status !== 0) process.exitCode = 1;
} else {
  console.log(
    '\nSearch latency at 100,000 listings and checkout throughput: set BENCH_DATABASE_URL to measure them on PostgreSQL.',
  );
}
