/**
 * The buyers of `bench:orders`: members with sessions written to the database, the one-day
 * tickets they race for, and the loop that buys with them.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type pg from 'pg';
import { hashPassword } from '../../apps/api/src/platform/passwords.ts';

export type Slot = { ticket: number; day: string };
export type Tally = { statuses: Map<string, number>; latencies: number[]; elapsedMs: number };
export type Buyer = { cookie: string; tokenHash: string; userId: number };

const FIRST_DAY = '2027-06-01';
const CALENDAR_DAYS = 60;
/** server.ts runs the API as production, where the session cookie carries the `__Host-` prefix. */
const SESSION_COOKIE = '__Host-sentiero_session';
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

export const percentile = (values: number[], share: number) =>
  [...values]
    .sort((a, b) => a - b)
    [Math.min(values.length - 1, Math.floor(share * values.length))]?.toFixed(1);

/**
 * Ids of members, orders and order lines start far from the tickets' and from each other: the
 * pgbench replay tells a buy's values apart by what they are equal to (pgbench.ts).
 */
export async function spreadIds(db: pg.Client): Promise<void> {
  for (const [table, from] of [
    ['users', 10_000_000],
    ['orders', 20_000_000],
    ['order_lines', 30_000_000],
  ] as const) {
    await db.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), $1::bigint))`,
      [from],
    );
  }
}

/**
 * Members made in the database, with consecutive ids: registering through the API is rate
 * limited and hashes each password.
 */
export async function createBuyers(db: pg.Client, count: number): Promise<Buyer[]> {
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
  return rows
    .map((row, i) => ({
      cookie: `${SESSION_COOKIE}=${tokens[i]}`,
      tokenHash: hashes[i] as string,
      userId: row.id,
    }))
    .sort((a, b) => a.userId - b.userId);
}

/**
 * One-day tickets (daily and hourly) an adult can buy without a fishing card or residence, given
 * a capacity (this database is the benchmark's own), and the days their calendar says are open.
 * The seed has only two daily tickets without a minimum age: too few places for 300 orders a second.
 */
export async function openSlots(
  db: pg.Client,
  baseUrl: string,
  capacity: number,
): Promise<{ tickets: number[]; slots: Slot[] }> {
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

/**
 * Keep-alive connections, one per buyer at most: node:http costs the load generator about half
 * the CPU of fetch per request, and the generator shares the cores with the API and PostgreSQL.
 */
const agent = new Agent({ keepAlive: true });

/** Closes the buyers' connections: the benchmark's process may then end. */
export function stopBuying(): void {
  agent.destroy();
}

/** One buy of one place with the sandbox card: its status and body. */
export function buyPlace(
  baseUrl: string,
  cookie: string,
  slot: Slot,
  idempotencyKey: string = randomUUID(),
): Promise<{ status: string; body: string }> {
  const payload = JSON.stringify({
    id_ticket: slot.ticket,
    guests: [{ full_name: 'Anna Conti', start_date: slot.day, end_date: slot.day, birth_year: 1990 }],
    payment_method: 'sandbox',
    card: CARD,
    idempotency_key: idempotencyKey,
  });
  return new Promise((resolve) => {
    const sent = request(
      `${baseUrl}/api/app/v4/ticket/buy`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: baseUrl,
          cookie,
        },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: String(response.statusCode), body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', () => resolve({ status: 'error', body: '' }));
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('no answer within 30 s')));
    sent.on('error', () => resolve({ status: 'error', body: '' }));
    sent.end(payload);
  });
}

/** One worker per buyer, each buying one place after another until the time is up or nothing is left. */
export async function fire(
  baseUrls: string[],
  buyers: Buyer[],
  queue: Slot[],
  { seconds, hotSlots }: { seconds: number; hotSlots: number },
): Promise<Tally> {
  const tally: Tally = { statuses: new Map(), latencies: [], elapsedMs: 0 };
  const onSale = queue.splice(0, hotSlots);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  // Each buyer keeps to one API process, as a load balancer with sticky sessions would send it.
  const worker = async ({ cookie }: Buyer, index: number) => {
    const baseUrl = baseUrls[index % baseUrls.length] as string;
    while (performance.now() < deadline && onSale.length > 0) {
      const slot = onSale[Math.floor(Math.random() * onSale.length)] as Slot;
      const sent = performance.now();
      const { status } = await buyPlace(baseUrl, cookie, slot);
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
  await Promise.all(buyers.map(worker));
  tally.elapsedMs = performance.now() - started;
  // Whatever stayed on sale goes back to the front of the line for the next round.
  queue.unshift(...onSale);
  return tally;
}

/** Ticket mails (each with its PDF) still queued, whatever their retry state. */
export async function queuedTicketMails(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from pgboss.job where name = 'tickets-mail' and state in ('created', 'retry', 'active')`,
  );
  return rows[0]?.count ?? 0;
}
