/**
 * `npm run bench:mails`: ticket mails, each with its PDF, sent per second by one worker process
 * (issue 12: ≥ 50). The API queues them (JOB_WORKERS=off) as buyers pay; then a worker process
 * alone sends them to a mail server on the loopback. Needs BENCH_DATABASE_URL (a server where it
 * may create a database); traffic goes to 127.0.0.1 only and every round is bounded in time.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { createBuyers, openSlots, queuedTicketMails, type Slot } from './checkout-load.ts';
import { cpuSecondsOf } from './checkout-replay.ts';
import { startMailSink } from './mail-sink.ts';
import { freshDataDir, startServer } from './server.ts';

export type TicketMailsOptions = {
  /** A PostgreSQL server where the benchmark may create (and then drops) its own database. */
  serverUrl: string;
  /** Mails queued and sent per round. */
  mails?: number;
  rounds?: number;
  /** How long one round's worker may take to send its mails. */
  roundSeconds?: number;
  /** Guests per order: each is a page of the order's PDF. */
  guests?: number;
};

export type TicketMailsRound = {
  queued: number;
  sent: number;
  withPdf: number;
  /** From the first mail received to the last, so the worker's start-up is left out. */
  mailsPerSecond: number;
  /** From starting the worker process to the last mail. */
  mailsPerSecondWithStartUp: number;
  /**
   * CPU per mail of the worker process once it sends (start-up left out), and of the PostgreSQL
   * backends during the whole round (the worker's queries, its start-up's included).
   */
  workerCpuMsPerMail: number;
  postgresCpuMsPerMail: number;
  loadAverage: number;
};

export type TicketMailsResult = { rounds: TicketMailsRound[]; medianMailsPerSecond: number };

const GOAL = 50;
/** Members buying at once while the mails are queued, one buy each at a time. */
const BUYERS = 16;
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
/** Every language the mails and PDFs are written in; holders with the letters Helvetica lacks. */
const LANGUAGES = ['it', 'en', 'es', 'de', 'sl'] as const;
const HOLDERS = ['Žiga Šinkovec', 'Nicolò Čarman', 'Anna Conti', 'Jürgen Weiß', 'Begoña Núñez'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** A port nothing listens on now: a server left by another benchmark must not answer our health check. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The PostgreSQL backends serving the benchmark's database, by pid, with their CPU seconds. */
async function backendCpu(db: pg.Client): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(rows.map((row) => [row.pid, cpuSecondsOf(row.pid)]));
}

/** Buys `count` orders through the API, languages and holders in turn; the API queues their mails. */
async function buyOrders(baseUrl: string, cookies: string[], slots: Slot[], count: number, guests: number) {
  let next = 0;
  let failed = 0;
  const buyer = async (cookie: string) => {
    while (next < count) {
      const index = next++;
      const slot = slots[index % slots.length] as Slot;
      const language = LANGUAGES[index % LANGUAGES.length];
      const response = await fetch(`${baseUrl}/api/app/v4/ticket/buy?lng=${language}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
        body: JSON.stringify({
          id_ticket: slot.ticket,
          guests: Array.from({ length: guests }, (_, guest) => ({
            full_name: HOLDERS[(index + guest) % HOLDERS.length],
            start_date: slot.day,
            end_date: slot.day,
            birth_year: 1990,
          })),
          payment_method: 'sandbox',
          card: CARD,
          idempotency_key: randomUUID(),
        }),
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      if (!response.ok) failed++;
    }
  };
  await Promise.all(cookies.map(buyer));
  if (failed) throw new Error(`${failed} of ${count} buys failed`);
}

/** One worker process (JOB_WORKERS=on) sends the queued mails to a sink on the loopback. */
async function sendQueuedMails(
  db: pg.Client,
  databaseUrl: string,
  queued: number,
  roundSeconds: number,
): Promise<TicketMailsRound> {
  const sink = await startMailSink();
  const postgresBefore = await backendCpu(db);
  const started = performance.now();
  const workerDataDir = freshDataDir();
  const worker = await startServer({
    port: await freePort(),
    dataDir: workerDataDir,
    env: { DATABASE_URL: databaseUrl, SMTP_URL: sink.url, JOB_WORKERS: 'on' },
  });
  let workerCpu = 0;
  let postgresCpu = 0;
  // The worker's CPU from its first mail on: its start-up (loading modules, checking the schema)
  // is not what a mail costs.
  let fromFirstMail: { sent: number; cpu: number } | undefined;
  try {
    const deadline = started + roundSeconds * 1000;
    while (performance.now() < deadline && sink.received() < queued) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (!fromFirstMail && sink.received() > 0) {
        fromFirstMail = { sent: sink.received(), cpu: cpuSecondsOf(worker.pid) };
      }
    }
    workerCpu = cpuSecondsOf(worker.pid);
    // Backends the worker opened count whole; the API's idle ones only for what they did since.
    for (const [pid, seconds] of await backendCpu(db))
      postgresCpu += seconds - (postgresBefore.get(pid) ?? 0);
  } finally {
    await worker.stop();
    await sink.close();
    rmSync(workerDataDir, { recursive: true, force: true });
  }
  const arrivals = sink.arrivals();
  const first = arrivals[0] ?? started;
  const last = arrivals.at(-1) ?? started;
  const sent = arrivals.length;
  return {
    queued,
    sent,
    withPdf: sink.withPdf(),
    mailsPerSecond: sent > 1 ? ((sent - 1) * 1000) / (last - first) : 0,
    mailsPerSecondWithStartUp: (sent * 1000) / (last - started),
    workerCpuMsPerMail:
      fromFirstMail && sent > fromFirstMail.sent
        ? ((workerCpu - fromFirstMail.cpu) * 1000) / (sent - fromFirstMail.sent)
        : 0,
    postgresCpuMsPerMail: sent ? (postgresCpu * 1000) / sent : 0,
    loadAverage: loadavg()[0] ?? 0,
  };
}

/**
 * Runs the benchmark in a database of its own, dropped afterwards, and prints each round and the
 * median. Rounds that leave mails unsent or send them without their PDF fail the benchmark.
 */
export async function measureTicketMails(options: TicketMailsOptions): Promise<TicketMailsResult> {
  const { serverUrl, mails = 300, rounds = 3, roundSeconds = 90, guests = 1 } = options;
  const name = `sentiero_mails_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = freshDataDir();
  const results: TicketMailsRound[] = [];
  try {
    await admin.query(`create database ${name}`);
    const api = await startServer({
      port: await freePort(),
      dataDir,
      // Every buyer comes from 127.0.0.1, and the card simulator pays although the API runs as production.
      env: { DATABASE_URL: databaseUrl, RATE_LIMITS: 'off', PAYMENTS_SANDBOX: 'on', JOB_WORKERS: 'off' },
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const cookies = (await createBuyers(db, BUYERS)).map((buyer) => buyer.cookie);
      // Room for every order of the run: the mails are measured, not selling out.
      const { slots } = await openSlots(db, api.url, 1_000_000);
      if (!slots.length) throw new Error('no one-day ticket is on sale');
      console.log(
        `\nTicket mail sending: ${rounds} rounds of ${mails} orders (${guests} ticket${guests > 1 ? 's' : ''} each, languages ${LANGUAGES.join('/')}) queued by the API, then sent with their PDF by one worker process; ${availableParallelism()} cores, load average ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
      );
      for (let round = 1; round <= rounds; round++) {
        await buyOrders(api.url, cookies, slots, mails, guests);
        const queued = await queuedTicketMails(db);
        const result = await sendQueuedMails(db, databaseUrl, queued, roundSeconds);
        results.push(result);
        console.log(
          `  round ${round}: ${result.sent} of ${result.queued} sent (${result.withPdf} with their PDF), ${result.mailsPerSecond.toFixed(1)} mails/s (${result.mailsPerSecondWithStartUp.toFixed(1)} counting the worker's start-up); CPU per mail: worker ${result.workerCpuMsPerMail.toFixed(1)} ms, PostgreSQL ${result.postgresCpuMsPerMail.toFixed(1)} ms; load average ${result.loadAverage.toFixed(2)}`,
        );
        if (result.sent < result.queued) {
          console.log(`  round ${round} left ${result.queued - result.sent} mails after ${roundSeconds} s`);
          process.exitCode = 1;
        }
        if (result.withPdf < result.sent) process.exitCode = 1;
        // Whatever a round left is not counted again by the next.
        await db.query(`delete from pgboss.job where name in ('tickets-mail', 'mail-send')`);
      }
    } finally {
      await db.end();
      await api.stop();
    }
  } finally {
    if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${name} with (force)`);
    else console.log(`Kept the database ${name}.`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const medianMailsPerSecond = median(results.map((result) => result.mailsPerSecond));
  console.log(
    `Ticket mails: ${medianMailsPerSecond.toFixed(1)} mails/s per worker process (goal ≥ ${GOAL}), median of ${results.length} rounds: ${results.map((result) => result.mailsPerSecond.toFixed(1)).join(', ')}; worker CPU ${median(results.map((result) => result.workerCpuMsPerMail)).toFixed(1)} ms per mail`,
  );
  return { rounds: results, medianMailsPerSecond };
}

if (import.meta.main) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.error(
      'bench:mails measures PostgreSQL: set BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres',
    );
    process.exit(1);
  }
  await measureTicketMails({
    serverUrl,
    mails: Number(process.env.BENCH_MAILS ?? 300),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    roundSeconds: Number(process.env.BENCH_MAIL_SECONDS ?? 90),
    guests: Number(process.env.BENCH_GUESTS ?? 1),
  });
}
