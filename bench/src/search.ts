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
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const port = Number(process.env.BENCH_PORT ?? 3201);

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

const name = `sentiero_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;

try {
  const database = await openDatabase({ driver: 'postgres', url: url.toString() });
  const seeding = performance.now();
  await database.migrate();
  await seedDatabase(database.db);
  await seedSyntheticTickets(database.db, listings);
  await database.close();
  console.log(
    `Catalogue: ${listings} synthetic tickets + the seed, indexed in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  process.env.BENCH_DATABASE_URL = url.toString();
  const server = await startServer({ port, dataDir: freshDataDir() });
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const worker = async () => {
    while (sent < requests) {
      const query = QUERIES[sent % QUERIES.length];
      sent += 1;
      const started = performance.now();
      const response = await fetch(`${server.url}/api/app/v2/search?${query}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker)); // warm-up round, not counted
  latencies.length = 0;
  sent = 0;
  await Promise.all(Array.from({ length: concurrency }, worker));
  await server.stop();

  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]?.toFixed(1);
  console.log(
    `Search over ${listings} listings, ${requests} requests, ${concurrency} at a time, ${QUERIES.length} query shapes:`,
  );
  console.log(
    `  p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (budget ≤ 30 ms), p99 ${at(0.99)} ms, failures ${failures}`,
  );
  if (failures > 0) process.exitCode = 1;
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
