/**
 * What `bench:orders` compares the checkout with: the statements the API sent for two probe
 * buys, replayed by pgbench on the same database (pgbench.ts writes the script).
 */
import { closeSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { readStatements } from '../../packages/db/src/statement-log.ts';
import { type Buyer, buyPlace, type Slot } from './checkout-load.ts';
import { fillSlot, type PgbenchResult, type ProbeBuy, runPgbench, writeReplay } from './pgbench.ts';

/** CPU seconds (user + system) a process has used so far, from /proc; 0 where there is none. */
export function cpuSecondsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends of this database, but for the one asking, optionally one application's. */
export async function backendPids(db: pg.Client, application?: string): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and ($1::text is null or application_name = $1)`,
    [application ?? null],
  );
  return rows.map((row) => row.pid);
}

function readFrom(path: string, from: number): string {
  const size = statSync(path).size;
  const buffer = Buffer.alloc(size - from);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

/**
 * One buy, alone, by a server started with DATABASE_STATEMENT_LOG=`log`: the statements it sent
 * and the values that are its own (its buyer's, its ticket's, its order's).
 */
async function probeBuy(
  db: pg.Client,
  baseUrl: string,
  log: string,
  buyer: Buyer,
  slot: Slot,
): Promise<ProbeBuy> {
  const from = statSync(log).size;
  const idempotencyKey = `probe-${buyer.userId}-${slot.ticket}-${slot.day}`;
  const { status, body } = await buyPlace(baseUrl, buyer.cookie, slot, idempotencyKey);
  if (status !== '200') throw new Error(`the probe buy answered ${status}: ${body.slice(0, 300)}`);
  const statements = readStatements(readFrom(log, from));
  const orderCode = (JSON.parse(body) as { order: { code: string } }).order.code;
  const { rows } = await db.query<{ order_id: number; line_id: number; code: string; share_token: string }>(
    `select o.id as order_id, l.id as line_id, t.code, t.share_token
     from orders o join order_lines l on l.order_id = o.id join issued_tickets t on t.order_line_id = l.id
     where o.code = $1`,
    [orderCode],
  );
  const made = rows[0];
  if (!made) throw new Error(`the probe order ${orderCode} has no ticket`);
  return {
    statements,
    tokenHash: buyer.tokenHash,
    userId: buyer.userId,
    ticketId: slot.ticket,
    day: slot.day,
    idempotencyKey,
    orderCode,
    orderId: made.order_id,
    lineId: made.line_id,
    ticketCode: made.code,
    shareToken: made.share_token,
  };
}

/**
 * Two probe buys of different buyers, tickets and days, and before them one of the first's
 * ticket and day by a third buyer (it also makes the process's first-buy lookups): the replay
 * tells from them which values belong to a buy, to a ticket, or to none.
 */
export async function probeBuys(
  db: pg.Client,
  baseUrl: string,
  log: string,
  buyers: Buyer[],
  slots: Slot[],
): Promise<{ pair: [ProbeBuy, ProbeBuy]; sameSlot: ProbeBuy }> {
  const [first, second, third] = buyers;
  const [a] = slots;
  const b = slots.find((slot) => slot.ticket !== a?.ticket && slot.day !== a?.day);
  if (!first || !second || !third || !a || !b)
    throw new Error('the probes need three buyers and two tickets');
  const sameSlot = await probeBuy(db, baseUrl, log, first, a);
  return {
    sameSlot,
    pair: [await probeBuy(db, baseUrl, log, second, a), await probeBuy(db, baseUrl, log, third, b)],
  };
}

export type ReplayFigures = PgbenchResult & {
  statements: string[];
  /** Each SQL command's average latency, labelled by statement name or as pgbench's own. */
  latencies: { label: string; latencyMs: number }[];
  ownStatements: number;
  /** pgbench's rate had its own statements taken no time (from their share of `-r`'s latencies). */
  tpsWithoutOwn: number;
  postgresCpuSeconds: number;
};

const SLOTS_TABLE = 'bench_pgbench_slots';

/**
 * pgbench on the same database: sessions whose token hash is a buyer's number, the hot
 * (ticket, day) to buy, then `clients` connections for `seconds`. Its ticket-mail jobs are
 * deleted afterwards: the worker measured next sends the API's only.
 */
export async function replayWithPgbench(
  db: pg.Client,
  {
    url,
    probes,
    buyers,
    slots,
    capacity,
    clients,
    seconds,
  }: {
    url: string;
    probes: { pair: [ProbeBuy, ProbeBuy]; sameSlot: ProbeBuy };
    buyers: Buyer[];
    slots: Slot[];
    capacity: number;
    clients: number;
    seconds: number;
  },
): Promise<ReplayFigures> {
  const replay = writeReplay(probes.pair, probes.sameSlot, {
    buyers: buyers.length,
    hotSlots: slots.length,
    capacity,
    slotsTable: SLOTS_TABLE,
  });
  const firstUser = buyers[0]?.userId ?? 0;
  if (buyers.some((buyer, i) => buyer.userId !== firstUser + i))
    throw new Error('the buyers’ ids are not consecutive');
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at)
     select i::text, $1::int + i - 1, now() + interval '1 day' from generate_series(1, $2::int) as i`,
    [firstUser, buyers.length],
  );
  const columns = replay.slotColumns.map(({ column }) => column);
  await db.query(
    `create table ${SLOTS_TABLE} (slot integer primary key, ticket integer not null, day text not null${columns.map((column) => `, ${column} text not null`).join('')})`,
  );
  for (const [i, slot] of slots.entries()) {
    const values = replay.slotColumns.map(({ template }) => fillSlot(template, slot));
    await db.query(
      `insert into ${SLOTS_TABLE} values ($1, $2, $3${values.map((_, k) => `, $${k + 4}`).join('')})`,
      [i + 1, slot.ticket, slot.day, ...values],
    );
  }
  const scriptPath = join(tmpdir(), `sentiero-orders-${process.pid}.pgbench`);
  writeFileSync(scriptPath, replay.script);
  if (process.env.BENCH_KEEP) console.log(`  pgbench script: ${scriptPath}`);

  const { rows } = await db.query<{ now: Date }>('select now()');
  const startedAt = rows[0]?.now ?? new Date();
  // Backends end with pgbench: their CPU is read while they run, the last reading kept.
  const cpu = new Map<number, number>();
  let running = true;
  const sampling = (async () => {
    while (running) {
      for (const pid of await backendPids(db, 'pgbench'))
        cpu.set(pid, cpuSecondsOf(pid) || (cpu.get(pid) ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  let result: PgbenchResult;
  try {
    result = await runPgbench({
      url,
      scriptPath,
      constants: { ...replay.constants, first_user: String(firstUser) },
      clients,
      seconds,
    });
  } finally {
    running = false;
    await sampling;
    if (!process.env.BENCH_KEEP) rmSync(scriptPath, { force: true });
  }
  await db.query(`delete from pgboss.job where name = 'tickets-mail' and created_on >= $1`, [startedAt]);

  if (result.commandLatencies.length !== replay.commands.length) {
    throw new Error(
      `pgbench reported ${result.commandLatencies.length} commands, the script has ${replay.commands.length}`,
    );
  }
  const total = result.commandLatencies.reduce((sum, { latencyMs }) => sum + latencyMs, 0);
  const own = result.commandLatencies.reduce(
    (sum, { latencyMs }, i) => (replay.commands[i]?.own ? sum + latencyMs : sum),
    0,
  );
  return {
    ...result,
    statements: replay.statements,
    latencies: result.commandLatencies
      .map(({ latencyMs }, i) => ({ label: replay.commands[i]?.label ?? '?', latencyMs }))
      .filter(({ label }) => !label.startsWith('\\')),
    ownStatements: replay.commands.filter(({ own, text }) => own && !text.startsWith('\\')).length,
    tpsWithoutOwn: total > own ? (result.tps * total) / (total - own) : result.tps,
    postgresCpuSeconds: [...cpu.values()].reduce((sum, seconds) => sum + seconds, 0),
  };
}
