/**
 * `npm run bench:console`: the console over years of orders (issue 23, "Tests and figures").
 *
 * 1. Data: on PostgreSQL (BENCH_DATABASE_URL, by default postgres://postgres@127.0.0.1:5432/postgres,
 *    where it creates `sentiero_console_<orders>`), after the migrations and the seed, 40
 *    operators with 3 areas and 5 tickets each, and BENCH_ORDERS orders (1,000,000 by default;
 *    50,000 for a quick run) with about twice as many guests over three years, written set-based
 *    (console/generate.ts); the time it takes is printed. The database is dropped at the end,
 *    unless BENCH_KEEP=1: then it is kept, and the next run with BENCH_KEEP=1 and the same size
 *    uses it again (only new migrations run).
 * 2. Order search: Sentiero's admin and the manager of the operator with the most orders, signed in
 *    through the console's password and TOTP sign-in, search `/api/console/orders` by each field
 *    (order code, ticket code, buyer email and name, guest name, fiscal code, area, ticket, day,
 *    state; plus the first page without a filter and a guest's surname alone) with 20 values of
 *    the manager's operator asked in turn. wrk sends them from its own process, BENCH_CONNECTIONS
 *    (4) at a time for BENCH_SECONDS (4) per field and role, BENCH_ROUNDS (2) rounds, the median
 *    round kept; /api/health in the same rounds is the floor. Goal: p95 ≤ 50 ms for both roles,
 *    and the manager's p95 no worse than the admin's (20% or 5 ms of slack for the noise).
 * 3. The figures page (a year, all operators and one; p95 ≤ 300 ms) and the CSV export of every
 *    issued order, read as fast as it streams (the API process's RSS, read from /proc/<pid>/status
 *    every 50 ms and with each piece, grows ≤ 50 MB up to the 100,000th order; the growth over
 *    the whole export is printed too):
 *    measured once their endpoints are in the OpenAPI document, skipped with a line saying so
 *    until then (console/figures-export.ts).
 *
 * The machine's load average is printed beside the figures. Traffic goes to 127.0.0.1 only and
 * every step is bounded in time. BENCH_ONLY=guest measures only the fields whose name contains it.
 */
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { openDatabase } from '@sentiero/db/client';
import pg from 'pg';
import { rollUpDays } from '../../apps/api/src/modules/console-figures/index.ts';
import {
  benchExport,
  benchFigures,
  consoleOperations,
  EXPORT_GOAL_MB,
  EXPORT_GOAL_ORDERS,
  FIGURES_GOAL_MS,
} from './console/figures-export.ts';
import { prepareConsoleDatabase } from './console/generate.ts';
import {
  busiestOperator,
  checkAnswers,
  type FieldResult,
  measureSearch,
  searchPaths,
} from './console/search.ts';
import { createBenchStaff, signIn } from './console/staff.ts';
import { loadAverage } from './premium-shared.ts';
import { freshDataDir, startServer } from './server.ts';

const SEARCH_GOAL_MS = 50;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const port = Number(process.env.BENCH_PORT ?? 3700);

/** The manager is not slower than the admin: p95 within 20% or 5 ms of the admin's. */
const scopeKept = ({ admin, manager }: FieldResult) =>
  manager.p95 <= Math.max(admin.p95 * 1.2, admin.p95 + 5);

function printSearch(fields: FieldResult[], health: { p95: number; rps: number }): boolean {
  console.log(
    `\nOrder search, p50 / p95 ms and req/s at ${connections} connections (median of ${rounds} rounds of ${seconds} s); /api/health p95 ${health.p95.toFixed(1)} ms, ${Math.round(health.rps)} req/s; goal p95 ≤ ${SEARCH_GOAL_MS} ms for both, the manager no slower`,
  );
  let met = true;
  console.table(
    fields.map((result) => {
      const ok =
        result.admin.p95 <= SEARCH_GOAL_MS &&
        result.manager.p95 <= SEARCH_GOAL_MS &&
        scopeKept(result) &&
        result.admin.errors + result.admin.non2xx + result.manager.errors + result.manager.non2xx === 0;
      if (!ok) met = false;
      const cell = (run: FieldResult['admin']) =>
        `${run.p50.toFixed(1)} / ${run.p95.toFixed(1)} (${Math.round(run.rps)}/s)`;
      return {
        field: result.field,
        admin: cell(result.admin),
        manager: cell(result.manager),
        'manager ÷ admin p95': (result.manager.p95 / result.admin.p95).toFixed(2),
        // The floor on this machine at this moment: what any request waits, however little it asks.
        'p95 ÷ /api/health p95': `${(result.admin.p95 / health.p95).toFixed(1)} / ${(result.manager.p95 / health.p95).toFixed(1)}`,
        goal: ok ? 'met' : 'MISSED',
      };
    }),
  );
  return met;
}

const database = await prepareConsoleDatabase(serverUrl, orders);
const dataDir = freshDataDir();
let ok = true;
try {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows: counts } = await client.query<{ orders: number; guests: number }>(
    'select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as guests',
  );
  console.log(
    `\nDatabase ${database.name}: ${counts[0]?.orders.toLocaleString('en')} orders, ${counts[0]?.guests.toLocaleString('en')} guests; ${
      database.generatedSeconds === null
        ? 'kept from an earlier run'
        : `generated in ${database.generatedSeconds.toFixed(1)} s`
    }; load average ${loadAverage()}, ${availableParallelism()} cores`,
  );
  // What the nightly job does (ADR 036): the closed days' sums, which the figures page reads.
  const started = performance.now();
  const figuresDb = await openDatabase({ driver: 'postgres', url: database.url, poolSize: 1 });
  const today = new Date().toISOString().slice(0, 10);
  await rollUpDays(figuresDb.db, { from: '2020-01-01', to: today, now: new Date() });
  await figuresDb.close();
  console.log(`Figures' daily sums rolled up in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  const operator = await busiestOperator(client);
  const staff = await createBenchStaff(client, operator.id);
  const paths = await searchPaths(client, operator.id);
  await client.end();
  const only = process.env.BENCH_ONLY;
  if (only) for (const field of [...paths.keys()]) if (!field.includes(only)) paths.delete(field);

  const server = await startServer({
    port,
    dataDir,
    env: {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '6',
      JOB_WORKERS: 'off',
      // Both staff members sign in from 127.0.0.1, and wrk asks far faster than a person.
      RATE_LIMITS: 'off',
    },
  });
  try {
    const [admin, manager] = await Promise.all(staff.map((member) => signIn(server.url, member)));
    const cookies = { admin: admin as string, manager: manager as string };
    console.log(
      `Admin and the manager of operator ${operator.id} (${operator.orders.toLocaleString('en')} orders, the most of the ${40}) signed in with password and TOTP code.`,
    );
    const problems = await checkAnswers(server.url, paths, cookies);
    for (const problem of problems.slice(0, 20)) console.log(`  answer check: ${problem}`);
    if (problems.length > 0) ok = false;
    const { health, fields } = await measureSearch(server.url, paths, cookies, {
      rounds,
      seconds,
      connections,
    });
    ok = printSearch(fields, health) && ok;
    console.log(`Load average after the search: ${loadAverage()}`);

    const operations = await consoleOperations(server.url);
    const figures = await benchFigures(server.url, operations, cookies, operator.id);
    if ('skipped' in figures) console.log(`\nFigures page: skipped, ${figures.skipped}.`);
    else {
      console.log(
        `\nFigures page, one request at a time (goal p95 ≤ ${FIGURES_GOAL_MS} ms; load average ${loadAverage()}):`,
      );
      console.table(
        figures.rows.map((row) => ({
          ...row,
          p50: Number(row.p50.toFixed(1)),
          p95: Number(row.p95.toFixed(1)),
        })),
      );
      ok = figures.met && ok;
    }
    const exported = await benchExport(server.url, operations, cookies, server.pid as number);
    if ('skipped' in exported) console.log(`CSV export: skipped, ${exported.skipped}.`);
    else {
      console.log(
        `CSV export: ${exported.status} ${exported.contentType}, ${exported.rows.toLocaleString('en')} orders, ${exported.mb.toFixed(1)} MB in ${exported.seconds.toFixed(1)} s; API process RSS grew at most ${exported.growthMb.toFixed(1)} MB up to the ${EXPORT_GOAL_ORDERS.toLocaleString('en')}th order (goal ≤ ${EXPORT_GOAL_MB} MB) ${exported.met ? 'met' : 'MISSED'}, ${exported.wholeGrowthMb.toFixed(1)} MB over the whole export; load average ${loadAverage()}`,
      );
      ok = exported.met && ok;
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
if (!ok) process.exitCode = 1;
