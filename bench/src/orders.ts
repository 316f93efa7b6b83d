/**
 * `npm run bench:orders`: checkout throughput on PostgreSQL with concurrent buyers, and a count of
 * places sold beyond capacity (DESIGN: ≥ 300 orders per second with 200 buyers, zero oversold).
 * Needs BENCH_DATABASE_URL (a server where it may create a database); traffic goes to 127.0.0.1
 * only and the run is bounded.
 */
import { existsSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  createBuyers,
  fire,
  openSlots,
  percentile,
  queuedTicketMails,
  spreadIds,
  stopBuying,
  type Tally,
} from './checkout-load.ts';
import { backendPids, cpuSecondsOf, probeBuys, replayWithPgbench } from './checkout-replay.ts';
import { startMailSink } from './mail-sink.ts';
import { PGBENCH } from './pgbench.ts';
import { freshDataDir, type Server, startServer } from './server.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:orders measures PostgreSQL: set BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres',
  );
  process.exit(1);
}
if (!existsSync(PGBENCH)) {
  console.error(
    `bench:orders compares the checkout with pgbench: install Debian's (apt-get install postgresql-client) for ${PGBENCH}`,
  );
  process.exit(1);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const buyerCount = Number(process.env.BENCH_BUYERS ?? 200);
const capacity = Number(process.env.BENCH_CAPACITY ?? 50);
/** (ticket, day) pairs on sale at once: few, so that buyers really race for the same places. */
const hotSlots = Number(process.env.BENCH_HOT_SLOTS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3202);
/**
 * DESIGN scales with API processes in front and pg-boss workers anywhere: by default the API
 * under load queues the ticket mails (JOB_WORKERS=off) and a worker process sends them after the
 * run, measured on its own. BENCH_JOB_WORKERS=on keeps the workers inside the API process.
 */
const jobWorkersInApi = process.env.BENCH_JOB_WORKERS === 'on';
const WARMUP_SECONDS = 2;
/** 0 leaves the queued mails unsent (quicker runs while working on the checkout). */
const MAIL_DRAIN_SECONDS = Number(process.env.BENCH_MAIL_SECONDS ?? 60);
/**
 * API processes behind the buyers (each buyer keeps to one), sharing the database pool's
 * connections: BENCH_API_PROCESSES=2 puts one per core of this machine.
 */
const apiProcesses = Number(process.env.BENCH_API_PROCESSES ?? 1);
/** The checkout's orders per second over pgbench's transactions per second: the goal. */
const RATIO_GOAL = 0.8;

/** The API processes and the PostgreSQL backends serving their database: where the CPU goes. */
async function cpuSeconds(db: pg.Client, serverPids: (number | undefined)[]) {
  const pids = await backendPids(db);
  return {
    server: serverPids.reduce<number>((sum, pid) => sum + cpuSecondsOf(pid), 0),
    postgres: pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
  };
}

/** One worker process (JOB_WORKERS=on) sends what the API queued: ticket mails with their PDF per second. */
async function drainTicketMails(db: pg.Client) {
  const queued = await queuedTicketMails(db);
  if (queued === 0) return;
  const sink = await startMailSink();
  const worker = await startServer({
    port: port + 1,
    dataDir: freshDataDir(),
    env: { SMTP_URL: sink.url, JOB_WORKERS: 'on' },
  });
  const started = performance.now();
  try {
    const deadline = started + MAIL_DRAIN_SECONDS * 1000;
    while (performance.now() < deadline && (await queuedTicketMails(db)) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await worker.stop();
    await sink.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const left = await queuedTicketMails(db);
  console.log(
    `  ticket mails with PDF: ${queued} queued, ${queued - left} sent by one worker process in ${seconds.toFixed(1)} s (${((queued - left) / seconds).toFixed(0)}/s, including its start-up)${left ? `, ${left} left after ${MAIL_DRAIN_SECONDS} s` : ''}`,
  );
}

type PlaceRow = {
  ticket_id: number;
  day: string;
  taken: number;
  capacity: number;
  sold: number;
  held: number;
};

/** Every (ticket, day) with places taken: lines of paid orders against the capacity and the counter. */
async function checkPlaces(db: pg.Client, tickets: number[]) {
  const { rows } = await db.query<PlaceRow>(
    `select p.ticket_id, p.day::text as day, p.taken, t.daily_capacity as capacity,
       (count(o.id) filter (where o.status in ('paid', 'issued')))::int as sold,
       (count(o.id) filter (where o.status in ('pending', 'paid', 'issued')))::int as held
     from ticket_day_places p
     join tickets t on t.id = p.ticket_id
     left join order_lines l on l.ticket_id = p.ticket_id and p.day between l.start_date and l.end_date
     left join orders o on o.id = l.order_id
     where p.ticket_id = any($1)
     group by p.ticket_id, p.day, p.taken, t.daily_capacity`,
    [tickets],
  );
  const { rows: lines } = await db.query<{ lines: number; pending: number }>(
    `select (count(*) filter (where o.status in ('paid', 'issued')))::int as lines,
       (count(*) filter (where o.status = 'pending'))::int as pending
     from order_lines l join orders o on o.id = l.order_id where l.ticket_id = any($1)`,
    [tickets],
  );
  return {
    days: rows.length,
    soldOutDays: rows.filter((row) => row.sold >= row.capacity).length,
    oversold: rows.filter((row) => row.held > row.capacity || row.taken > row.capacity),
    // Pending orders hold places too: the counter must equal paid lines plus held ones.
    miscounted: rows.filter((row) => row.taken !== row.held),
    paidLines: lines[0]?.lines ?? 0,
    pendingLines: lines[0]?.pending ?? 0,
  };
}

const name = `sentiero_orders_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const dataDir = freshDataDir();
const statementLog = join(tmpdir(), `${name}.statements.ndjson`);
const load = () =>
  loadavg()
    .map((average) => average.toFixed(2))
    .join(' ');

try {
  await admin.query(`create database ${name}`);
  process.env.BENCH_DATABASE_URL = url.toString();
  // Every buyer comes from 127.0.0.1: the per-IP limits are lifted (per-account ones stay), and the
  // card simulator is on although server.ts runs the API as production.
  process.env.RATE_LIMITS = 'off';
  process.env.PAYMENTS_SANDBOX = 'on';
  process.env.JOB_WORKERS = jobWorkersInApi ? 'on' : 'off';
  // PostgreSQL shares the cores with the API and the buyers: a few connections per core serve
  // them best (here 6 made 264 orders/s where the default 20 made 240).
  const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? availableParallelism() * 3);
  // The connections are shared out among the API processes: pgbench gets as many as they have.
  process.env.DATABASE_POOL_SIZE = String(Math.max(1, Math.floor(poolSize / apiProcesses)));
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    // The first server migrates and seeds the empty database, and logs what two probe buys send
    // (pgbench replays them after the run); the server measured logs nothing.
    const probing = await startServer({ port, dataDir, env: { DATABASE_STATEMENT_LOG: statementLog } });
    await db.connect();
    let setUp: Awaited<ReturnType<typeof prepareBuyers>>;
    try {
      setUp = await prepareBuyers(db, probing.url);
    } finally {
      await probing.stop();
    }
    const { buyers, tickets, slots, probes } = setUp;
    const servers: Server[] = [];
    for (let i = 0; i < apiProcesses; i++) servers.push(await startServer({ port: port + 2 + i, dataDir }));
    const urls = servers.map((server) => server.url);
    const pids = servers.map((server) => server.pid);
    let run: {
      warmup: Tally;
      tally: Tally;
      clientCpuMs: number;
      serverCpu: number;
      postgresCpu: number;
    };
    try {
      console.log(
        `\nCheckout: ${buyerCount} buyers, ${seconds} s after a ${WARMUP_SECONDS} s warm-up, ${tickets.length} one-day tickets × open days = ${slots.length} (ticket, day) of ${capacity} places, ${hotSlots} on sale at a time, ${apiProcesses} API process${apiProcesses > 1 ? 'es' : ''}, database pool ${poolSize}${apiProcesses > 1 ? ` (${process.env.DATABASE_POOL_SIZE} each)` : ''}, ticket mails ${jobWorkersInApi ? 'rendered and sent by the API process' : 'queued for a worker process'}; load average ${load()}`,
      );
      const warmup = await fire(urls, buyers, slots, { seconds: WARMUP_SECONDS, hotSlots });
      const cpuBefore = process.cpuUsage();
      const usedBefore = await cpuSeconds(db, pids);
      const tally = await fire(urls, buyers, slots, { seconds, hotSlots });
      const usedAfter = await cpuSeconds(db, pids);
      const cpu = process.cpuUsage(cpuBefore);
      run = {
        warmup,
        tally,
        clientCpuMs: (cpu.user + cpu.system) / 1000,
        serverCpu: usedAfter.server - usedBefore.server,
        // Backends opened during the run are counted whole; those closed during it are missed.
        postgresCpu: usedAfter.postgres - usedBefore.postgres,
      };
    } finally {
      // Stopping waits for the requests in flight, so the check below sees every order finished.
      await Promise.all(servers.map((server) => server.stop()));
    }

    const { tally } = run;
    const elapsed = tally.elapsedMs / 1000;
    // The buyers share the machine with the server and PostgreSQL: their CPU time says how much.
    console.log(
      `  load generator CPU: ${(run.clientCpuMs / 1000).toFixed(1)} s in ${elapsed.toFixed(1)} s, on a machine with ${availableParallelism()} cores`,
    );
    const answers = [...tally.statuses.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `  CPU during the run: API process${apiProcesses > 1 ? 'es' : ''} ${run.serverCpu.toFixed(1)} s, PostgreSQL backends ${run.postgresCpu.toFixed(1)} s; per answer ${((run.serverCpu * 1000) / answers).toFixed(2)} ms + ${((run.postgresCpu * 1000) / answers).toFixed(2)} ms`,
    );
    const count = (status: string) => tally.statuses.get(status) ?? 0;
    const ordered = count('200');
    const failures =
      [...tally.statuses].filter(([status]) => status.startsWith('5')).reduce((sum, [, n]) => sum + n, 0) +
      count('error');
    const other = [...tally.statuses].filter(([status]) => status !== '200' && status !== '409');
    const ordersPerSecond = ordered / elapsed;
    console.log(`  orders per second: ${ordersPerSecond.toFixed(0)} (budget ≥ 300)`);
    console.log(
      `  latency, all answers: p50 ${percentile(tally.latencies, 0.5)} ms, p95 ${percentile(tally.latencies, 0.95)} ms, p99 ${percentile(tally.latencies, 0.99)} ms`,
    );
    console.log(
      `  answers: 200 ${ordered}, 409 (sold out) ${count('409')}, other ${other.map(([status, n]) => `${status}×${n}`).join(', ') || 'none'}`,
    );
    if (count('429') > 0) console.log('  429: the server still limits per IP; is RATE_LIMITS=off supported?');
    if (slots.length === 0)
      console.log('  every place was sold before the time was up: raise BENCH_CAPACITY');

    const check = await checkPlaces(db, tickets);
    const answered = ordered + (run.warmup.statuses.get('200') ?? 0) + 3;
    console.log(
      `  places: ${check.days} (ticket, day) checked, ${check.soldOutDays} sold out, ${check.oversold.length} oversold, ${check.miscounted.length} miscounted (taken ≠ paid + pending lines)`,
    );
    console.log(
      `  paid order lines ${check.paidLines}, pending ${check.pendingLines}; orders answered 200 (with warm-up and probes) ${answered}`,
    );
    for (const row of [...check.oversold, ...check.miscounted].slice(0, 10)) console.log('   ', row);

    // Right after the run, on the same database: the database's own rate for the same statements.
    const replay = await replayWithPgbench(db, {
      url: url.toString(),
      probes,
      buyers,
      slots: slots.slice(0, hotSlots),
      capacity,
      clients: poolSize,
      seconds,
    });
    console.log(
      `  pgbench, the API's ${replay.statements.length} statements of a buy (${replay.statements.join(', ')}) and ${replay.ownStatements} of its own, -M prepared, ${poolSize} connections, ${seconds} s: ${replay.tps.toFixed(0)} transactions/s, ${replay.failed} failed; PostgreSQL ${((replay.postgresCpuSeconds * 1000) / replay.transactions).toFixed(2)} ms CPU per transaction; load average ${load()}`,
    );
    console.log(
      `  pgbench's average latency per statement: ${replay.latencies.map(({ label, latencyMs }) => `${label} ${latencyMs.toFixed(2)} ms`).join(', ')}`,
    );
    console.log(
      `  pgbench without its own statements' share of each transaction's latency: ${replay.tpsWithoutOwn.toFixed(0)} transactions/s`,
    );
    console.log(
      `  checkout ÷ database: ${(ordersPerSecond / replay.tpsWithoutOwn).toFixed(2)} (goal ≥ ${RATIO_GOAL}; ${(ordersPerSecond / replay.tps).toFixed(2)} of pgbench's measured rate)`,
    );
    // When the cores are what both runs wait for, an order of the checkout costs the API's, the load
    // generator's and PostgreSQL's CPU (sold-out answers included), a transaction of pgbench
    // little more than PostgreSQL's: their quotient is then about the ratio, whatever else waits.
    const perOrder = (cpuMs: number) => cpuMs / ordered;
    const orderCpu = perOrder(run.serverCpu * 1000 + run.postgresCpu * 1000 + run.clientCpuMs);
    const replayCpu = (replay.postgresCpuSeconds * 1000) / replay.transactions;
    console.log(
      `  CPU per order: checkout ${orderCpu.toFixed(2)} ms (API ${perOrder(run.serverCpu * 1000).toFixed(2)}, PostgreSQL ${perOrder(run.postgresCpu * 1000).toFixed(2)}, load generator ${perOrder(run.clientCpuMs).toFixed(2)}), pgbench's PostgreSQL ${replayCpu.toFixed(2)} ms: bound by the cores, the ratio would be about ${(replayCpu / orderCpu).toFixed(2)}`,
    );
    if (MAIL_DRAIN_SECONDS > 0) await drainTicketMails(db);
    if (check.oversold.length + check.miscounted.length + failures > 0) process.exitCode = 1;
  } finally {
    await db.end();
  }
} finally {
  stopBuying();
  if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${name} with (force)`);
  else console.log(`Kept the database ${name}.`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(statementLog, { force: true });
}

/** Buyers, the (ticket, day) they race for, and the probe buys the replay is written from. */
async function prepareBuyers(db: pg.Client, baseUrl: string) {
  await spreadIds(db);
  const buyers = await createBuyers(db, buyerCount);
  const { tickets, slots } = await openSlots(db, baseUrl, capacity);
  const probes = await probeBuys(db, baseUrl, statementLog, buyers, slots);
  return { buyers, tickets, slots, probes };
}
