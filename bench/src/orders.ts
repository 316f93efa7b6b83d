/**
 * `npm run bench:orders`: checkout throughput on PostgreSQL with concurrent buyers, and a count of
 * places sold beyond capacity (DESIGN: ≥ 300 orders per second with 200 buyers, zero oversold).
 * Needs BENCH_DATABASE_URL (a server where it may create a database); traffic goes to 127.0.0.1
 * only and the run is bounded.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { hashPassword } from '../../apps/api/src/platform/passwords.ts';
import { freshDataDir, startServer } from './server.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:orders measures PostgreSQL: set BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres',
  );
  process.exit(1);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const buyers = Number(process.env.BENCH_BUYERS ?? 200);
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
const MAIL_DRAIN_SECONDS = Number(process.env.BENCH_MAIL_SECONDS ?? 60);
const FIRST_DAY = '2027-06-01';
const CALENDAR_DAYS = 60;
/** server.ts runs the API as production, where the session cookie carries the `__Host-` prefix. */
const SESSION_COOKIE = '__Host-sentiero_session';
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

type Slot = { ticket: number; day: string };
type Tally = { statuses: Map<string, number>; latencies: number[]; elapsedMs: number };

const percentile = (values: number[], share: number) =>
  [...values]
    .sort((a, b) => a - b)
    [Math.min(values.length - 1, Math.floor(share * values.length))]?.toFixed(1);

/** Members made in the database: registering through the API is rate limited and hashes each password. */
async function createBuyers(db: pg.Client, count: number): Promise<string[]> {
  const passwordHash = await hashPassword('Bench2026pass');
  const { rows } = await db.query<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, country, language, adult_confirmed_at, terms_accepted_at)
     select 'bench-buyer-' || i || '@sentiero.localhost', $1, 'Anna', 'Conti', 'IT', 'it', now(), now()
     from generate_series(1, $2::int) as i returning id`,
    [passwordHash, count],
  );
  // As sessions.ts makes them: a random token in the cookie, its SHA-256 in the table.
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at)
     select token_hash, user_id, now() + interval '1 day' from unnest($1::text[], $2::int[]) as s(token_hash, user_id)`,
    [hashes, rows.map((row) => row.id)],
  );
  return tokens.map((token) => `${SESSION_COOKIE}=${token}`);
}

/**
 * One-day tickets (daily and hourly) an adult can buy without a fishing card or residence, given
 * a capacity (this database is the benchmark's own), and the days their calendar says are open.
 * The seed has only two daily tickets without a minimum age: too few places for 300 orders a second.
 */
async function openSlots(db: pg.Client, baseUrl: string): Promise<{ tickets: number[]; slots: Slot[] }> {
  const { rows } = await db.query<{ id: number }>(
    `select id from tickets
     where active and duration_type in ('DAILY', 'HOURLY') and min_age <= 18 and not requires_fishing_card
       and resident_countries is null and coalesce(discounted_price_cents, price_cents) > 0
     order by id`,
  );
  const tickets = rows.map((row) => row.id);
  await db.query('update tickets set daily_capacity = $1 where id = any($2)', [capacity, tickets]);
  const slots: Slot[] = [];
  for (const ticket of tickets) {
    const response = await fetch(
      `${baseUrl}/api/app/ticket/calendar?id=${ticket}&from=${FIRST_DAY}&days=${CALENDAR_DAYS}`,
    );
    if (!response.ok) throw new Error(`calendar of ticket ${ticket} answered ${response.status}`);
    const { days } = (await response.json()) as { days: { date: string; open: boolean }[] };
    for (const day of days) if (day.open) slots.push({ ticket, day: day.date });
  }
  // Day by day, so the slots on sale at once belong to different tickets.
  slots.sort((a, b) => a.day.localeCompare(b.day) || a.ticket - b.ticket);
  return { tickets, slots };
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 where there is none. */
function cpuSecondsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The API process and the PostgreSQL backends serving its database: where the CPU goes. */
async function cpuSeconds(db: pg.Client, serverPid: number | undefined) {
  const { rows } = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return {
    server: cpuSecondsOf(serverPid),
    postgres: rows.reduce((sum, row) => sum + cpuSecondsOf(row.pid), 0),
  };
}

/** One worker per buyer, each buying one place after another until the time is up or nothing is left. */
async function fire(baseUrl: string, cookies: string[], queue: Slot[], forSeconds: number): Promise<Tally> {
  const tally: Tally = { statuses: new Map(), latencies: [], elapsedMs: 0 };
  const onSale = queue.splice(0, hotSlots);
  const started = performance.now();
  const deadline = started + forSeconds * 1000;
  const worker = async (cookie: string) => {
    while (performance.now() < deadline && onSale.length > 0) {
      const slot = onSale[Math.floor(Math.random() * onSale.length)] as Slot;
      const body = {
        id_ticket: slot.ticket,
        guests: [{ full_name: 'Anna Conti', start_date: slot.day, end_date: slot.day, birth_year: 1990 }],
        payment_method: 'sandbox',
        card: CARD,
        idempotency_key: randomUUID(),
      };
      const sent = performance.now();
      let status: string;
      try {
        const response = await fetch(`${baseUrl}/api/app/v4/ticket/buy`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        status = String(response.status);
      } catch {
        status = 'error';
      }
      tally.latencies.push(performance.now() - sent);
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
      // Sold out: the next day in line goes on sale in its place.
      const at = onSale.indexOf(slot);
      if (status === '409' && at !== -1) {
        const next = queue.shift();
        if (next) onSale[at] = next;
        else onSale.splice(at, 1);
      }
    }
  };
  await Promise.all(cookies.map(worker));
  tally.elapsedMs = performance.now() - started;
  // Whatever stayed on sale goes back to the front of the line for the next round.
  queue.unshift(...onSale);
  return tally;
}

/** A mail server on the loopback that accepts everything and counts it. */
async function startMailSink(): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port: smtpPort } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Ticket mails (each with its PDF) still queued, whatever their retry state. */
async function queuedTicketMails(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from pgboss.job where name = 'tickets-mail' and state in ('created', 'retry', 'active')`,
  );
  return rows[0]?.count ?? 0;
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
  process.env.DATABASE_POOL_SIZE ??= String(availableParallelism() * 3);
  const server = await startServer({ port, dataDir }); // migrates and seeds the empty database
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    let run: {
      tickets: number[];
      slotsLeft: number;
      warmup: Tally;
      tally: Tally;
      clientCpuMs: number;
      serverCpu: number;
      postgresCpu: number;
    };
    try {
      const cookies = await createBuyers(db, buyers);
      const { tickets, slots } = await openSlots(db, server.url);
      console.log(
        `\nCheckout: ${buyers} buyers, ${seconds} s after a ${WARMUP_SECONDS} s warm-up, ${tickets.length} one-day tickets × open days from ${FIRST_DAY} = ${slots.length} (ticket, day) of ${capacity} places, ${hotSlots} on sale at a time, database pool ${process.env.DATABASE_POOL_SIZE}, ticket mails ${jobWorkersInApi ? 'rendered and sent by the API process' : 'queued for a worker process'}`,
      );
      const warmup = await fire(server.url, cookies, slots, WARMUP_SECONDS);
      const cpuBefore = process.cpuUsage();
      const usedBefore = await cpuSeconds(db, server.pid);
      const tally = await fire(server.url, cookies, slots, seconds);
      const usedAfter = await cpuSeconds(db, server.pid);
      const cpu = process.cpuUsage(cpuBefore);
      run = {
        tickets,
        slotsLeft: slots.length,
        warmup,
        tally,
        clientCpuMs: (cpu.user + cpu.system) / 1000,
        serverCpu: usedAfter.server - usedBefore.server,
        // Backends opened during the run are counted whole; those closed during it are missed.
        postgresCpu: usedAfter.postgres - usedBefore.postgres,
      };
    } finally {
      // Stopping waits for the requests in flight, so the check below sees every order finished.
      await server.stop();
    }

    const { tally } = run;
    // The buyers share the machine with the server and PostgreSQL: their CPU time says how much.
    console.log(
      `  load generator CPU: ${(run.clientCpuMs / 1000).toFixed(1)} s in ${(tally.elapsedMs / 1000).toFixed(1)} s, on a machine with ${availableParallelism()} cores`,
    );
    const answers = [...tally.statuses.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `  CPU during the run: API process ${run.serverCpu.toFixed(1)} s, PostgreSQL backends ${run.postgresCpu.toFixed(1)} s; per answer ${((run.serverCpu * 1000) / answers).toFixed(2)} ms + ${((run.postgresCpu * 1000) / answers).toFixed(2)} ms`,
    );
    const count = (status: string) => tally.statuses.get(status) ?? 0;
    const ordered = count('200');
    const failures =
      [...tally.statuses].filter(([status]) => status.startsWith('5')).reduce((sum, [, n]) => sum + n, 0) +
      count('error');
    const other = [...tally.statuses].filter(([status]) => status !== '200' && status !== '409');
    console.log(`  orders per second: ${(ordered / (tally.elapsedMs / 1000)).toFixed(0)} (budget ≥ 300)`);
    console.log(
      `  latency, all answers: p50 ${percentile(tally.latencies, 0.5)} ms, p95 ${percentile(tally.latencies, 0.95)} ms, p99 ${percentile(tally.latencies, 0.99)} ms`,
    );
    console.log(
      `  answers: 200 ${ordered}, 409 (sold out) ${count('409')}, other ${other.map(([status, n]) => `${status}×${n}`).join(', ') || 'none'}`,
    );
    if (count('429') > 0) console.log('  429: the server still limits per IP; is RATE_LIMITS=off supported?');
    if (run.slotsLeft === 0)
      console.log('  every place was sold before the time was up: raise BENCH_CAPACITY');

    const check = await checkPlaces(db, run.tickets);
    const answered = ordered + (run.warmup.statuses.get('200') ?? 0);
    console.log(
      `  places: ${check.days} (ticket, day) checked, ${check.soldOutDays} sold out, ${check.oversold.length} oversold, ${check.miscounted.length} where taken ≠ paid + pending lines`,
    );
    console.log(
      `  paid order lines ${check.paidLines}, pending ${check.pendingLines}; orders answered 200 (with warm-up) ${answered}`,
    );
    for (const row of [...check.oversold, ...check.miscounted].slice(0, 10)) console.log('   ', row);
    await drainTicketMails(db);
    if (check.oversold.length + check.miscounted.length + failures > 0) process.exitCode = 1;
  } finally {
    await db.end();
  }
} finally {
  if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${name} with (force)`);
  else console.log(`Kept the database ${name}.`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
