/**
 * `npm run bench:search`: search latency over a large catalogue on PostgreSQL (DESIGN: p95 ≤ 30 ms
 * over 100,000 listings). Needs BENCH_DATABASE_URL (a server where it may create a database);
 * traffic goes to 127.0.0.1 only and the run is bounded.
 */
import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import { seedSyntheticTickets } from '@sentiero/db/seed/synthetic';
import pg from 'pg';
import { freshDataDir, startServer } from './server.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:search measures PostgreSQL: set BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres',
  );
  process.exit(1);
}
const listings = Number(process.env.BENCH_LISTINGS ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 600);
/** Latency alone (one request at a time), then under load on this machine's cores. */
const concurrencies = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const port = Number(process.env.BENCH_PORT ?? 3201);
/** An already seeded database (from an earlier run with BENCH_KEEP=1) skips the seeding. */
const reuse = process.env.BENCH_REUSE_DATABASE;

const QUERIES = [
  'q=porcni&lng=it',
  'q=rafting&lng=en',
  'q=kajak&lng=de',
  'q=funghi&country=IT&lng=it',
  'activity=fishing&max_price=5000&lng=en',
  'q=soca&order=price_asc&lng=sl',
  'id_category=18&start_date=2027-06-10&lng=es',
  'q=whale&page=3&lng=en',
];

const name = reuse ?? `sentiero_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const url = new URL(serverUrl);
url.pathname = `/${name}`;

const percentile = (values: number[], share: number) =>
  [...values]
    .sort((a, b) => a - b)
    [Math.min(values.length - 1, Math.floor(share * values.length))]?.toFixed(1);

async function measure(baseUrl: string, concurrency: number) {
  const latencies: number[] = [];
  const byShape = new Map<string, number[]>(QUERIES.map((query) => [query, []]));
  let failures = 0;
  let sent = 0;
  const worker = async () => {
    while (sent < requests) {
      const query = QUERIES[sent % QUERIES.length] as string;
      sent += 1;
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/app/v2/search?${query}`);
      await response.arrayBuffer();
      const took = performance.now() - started;
      latencies.push(took);
      byShape.get(query)?.push(took);
      if (!response.ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker)); // warm-up round, not counted
  latencies.length = 0;
  for (const shape of byShape.values()) shape.length = 0;
  sent = 0;
  await Promise.all(Array.from({ length: concurrency }, worker));
  console.log(
    `Search over ${listings} listings, ${requests} requests, ${concurrency} at a time, ${QUERIES.length} query shapes:`,
  );
  for (const [query, values] of byShape) {
    console.log(
      `  ${query.padEnd(44)} p50 ${percentile(values, 0.5)} ms, p95 ${percentile(values, 0.95)} ms`,
    );
  }
  console.log(
    `  all: p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms (budget ≤ 30 ms), p99 ${percentile(latencies, 0.99)} ms, failures ${failures}`,
  );
  return failures;
}

try {
  if (!reuse) {
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ driver: 'postgres', url: url.toString() });
    const seeding = performance.now();
    await database.migrate();
    await seedDatabase(database.db);
    await seedSyntheticTickets(database.db, listings);
    await database.close();
    console.log(
      `Catalogue: ${listings} synthetic tickets + the seed, indexed in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
  }
  process.env.BENCH_DATABASE_URL = url.toString();
  const server = await startServer({ port, dataDir: freshDataDir() });
  let failures = 0;
  try {
    for (const concurrency of concurrencies) failures += await measure(server.url, concurrency);
  } finally {
    await server.stop();
  }
  if (failures > 0) process.exitCode = 1;
} finally {
  if (!reuse && !process.env.BENCH_KEEP) await admin.query(`drop database if exists ${name} with (force)`);
  else console.log(`Kept the database ${name}.`);
  await admin.end();
}
