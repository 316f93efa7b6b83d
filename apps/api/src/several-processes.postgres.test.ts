import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { verifyTicketCode } from '@sentiero/contract/ticket-code';
import { issuedTickets, orders } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  buy,
  checkPlaces,
  createMembers,
  createTicketsWithPlaces,
  type Member,
  openDays,
  ordersByCode,
  post,
  type Slot,
  signUp,
  startBuying,
} from './test/buyers.ts';
import { createTestDatabase, type TestDatabase } from './test/database.ts';
import { MEMBER_PASSWORD } from './test/factories.ts';
import { type ServerProcess, startServerProcess, waitFor } from './test/server-process.ts';

/**
 * README "Running several processes": two API processes behind a load balancer and one job
 * worker, on one PostgreSQL. Runs only in the `api:postgres` project (PGlite has one owner).
 * Per-IP limits stay on: each buyer comes from its own loopback address, as buyers have their IPs.
 */
const BUYERS = 20;
/** Orders acknowledged by A before it is killed, and by B after: counts, not times. */
const ORDERS_ON_A = 20;
const ORDERS_AFTER_KILL = 20;

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
let worker: ServerProcess;
let members: Member[];
let ticketIds: number[];

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  if (!database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
  // The balancer in front is at 127.0.0.1; buyers come straight from their own 127.0.0.x.
  const shared = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    TRUST_PROXY: '127.0.0.1',
    // README: every process signs tickets with the same key.
    TICKET_SIGNING_KEY: String(
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
    ),
  };
  // All three start at once on the empty database, as after a deploy: one migrates and seeds
  // (an advisory lock, a marker row per seed step), the others wait for it and find the work done.
  [a, b, worker] = await Promise.all([
    startServerProcess({ ...shared, JOB_WORKERS: 'off' }),
    startServerProcess({ ...shared, JOB_WORKERS: 'off' }),
    startServerProcess({ ...shared, JOB_WORKERS: 'on', DATABASE_POOL_SIZE: '2' }),
  ]);
  members = await createMembers(database.db, BUYERS, 'several');
  ticketIds = await createTicketsWithPlaces(database.db, 30);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill(), worker?.kill()]);
  await database?.drop();
});

const json = (answer: Answer) => {
  if (answer.status === 'dropped') throw new Error(`no answer: ${answer.error}`);
  return JSON.parse(answer.body);
};

async function get<Body>(url: string, cookie?: string) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as Body };
}

describe('two API processes and a job worker on one PostgreSQL', () => {
  it('share sessions: logged in on A, known on B; logged out on B, gone on A', async () => {
    const [member] = members as [Member];
    const login = await fetch(`${a.url}/api/app/user/login?lng=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ email: member.email, password: MEMBER_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(
      (await get<{ user: { email: string } }>(`${b.url}/api/app/user/info`, cookie)).body.user.email,
    ).toBe(member.email);

    expect((await post(`${b.url}/api/app/user/logout`, {}, { cookie })).status).toBe(200);
    expect((await get(`${a.url}/api/app/user/info`, cookie)).status).toBe(401);
  });

  it('share rate limits: hits on A and on B count against one allowance per IP', async () => {
    // The area-activation form allows 10 a minute per IP; this address sends 5 to each process.
    const from = { localAddress: '127.0.0.200' };
    const send = (server: ServerProcess, n: number) =>
      post(
        `${server.url}/api/app/area/activation/request?lng=en`,
        { id: 1, email: `hit${n}@example.it` },
        from,
      );
    for (let n = 0; n < 10; n++) expect((await send(n % 2 ? b : a, n)).status).not.toBe(429);
    expect((await send(a, 10)).status).toBe(429);
    expect((await send(b, 11)).status).toBe(429);
  });

  it('count per client behind the load balancer, which says who the client is', async () => {
    const through = (client: string) => ({
      localAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });
    const send = (server: ServerProcess, client: string, n: number) =>
      post(
        `${server.url}/api/app/area/activation/request?lng=en`,
        { id: 1, email: `fwd${n}@example.it` },
        through(client),
      );
    for (let n = 0; n < 10; n++) expect((await send(n % 2 ? b : a, '198.51.100.7', n)).status).not.toBe(429);
    expect((await send(a, '198.51.100.7', 10)).status).toBe(429);
    // Another buyer behind the same balancer keeps an allowance of their own.
    expect((await send(b, '198.51.100.8', 11)).status).not.toBe(429);
  });

  it('share holds: the places taken on A are sold out on B', async () => {
    const [, first, second] = members as [Member, Member, Member];
    const [slot] = (await openDays(a.url, ticketIds.slice(0, 1), 1)) as [Slot];
    await database.db.execute(
      // Two places on that ticket's days, so one buy of two guests takes them all.
      sql`update tickets set daily_capacity = 2 where id = ${slot.ticket}`,
    );
    const twoGuests = await post(
      `${a.url}/api/app/v4/ticket/buy?lng=en`,
      {
        id_ticket: slot.ticket,
        guests: ['Anna Conti', 'Marco Conti'].map((full_name) => ({
          full_name,
          start_date: slot.day,
          end_date: slot.day,
          birth_year: 1990,
        })),
        payment_method: 'sandbox',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
        idempotency_key: randomUUID(),
      },
      { cookie: first.cookie },
    );
    expect(twoGuests.status).toBe(200);
    const calendar = await get<{ days: unknown[] }>(
      `${b.url}/api/app/ticket/calendar?id=${slot.ticket}&from=${slot.day}&days=1`,
    );
    expect(calendar.body.days[0]).toMatchObject({
      date: slot.day,
      open: false,
      reason: 'sold-out',
      remaining: 0,
    });
    const late = await buy(b.url, second, { slot, key: randomUUID(), declined: false });
    expect(late.status).toBe(409);
    expect(json(late).code).toBe('TICKET_UNAVAILABLE');
    await database.db.execute(sql`update tickets set daily_capacity = 30 where id = ${slot.ticket}`);
  });

  it('share idempotency: one key sent to A and to B at once makes one order', async () => {
    const [, , , member] = members as [Member, Member, Member, Member];
    const [slot] = (await openDays(a.url, ticketIds.slice(1, 2), 1)) as [Slot];
    const purchase = { slot, key: randomUUID(), declined: false };
    const [onA, onB] = await Promise.all([buy(a.url, member, purchase), buy(b.url, member, purchase)]);
    expect(onA.status).toBe(200);
    expect(onB.status).toBe(200);
    expect(json(onA).order.code).toBe(json(onB).order.code);
    const stored = await ordersByCode(database.db);
    expect(stored.get(json(onA).order.code)).toBe('issued');
  });

  it('sign tickets with the key they share: a ticket sold on A verifies with the keys B publishes', async () => {
    const [ticket] = await database.db
      .select({ signedCode: issuedTickets.signedCode })
      .from(issuedTickets)
      .innerJoin(orders, eq(orders.id, issuedTickets.orderId))
      .limit(1);
    const { keys } = (await get<{ keys: { kid: string; x: string }[] }>(`${b.url}/api/app/ticket/keys`)).body;
    const published = Object.fromEntries(keys.map((key) => [key.kid, Buffer.from(key.x, 'base64url')]));
    expect(await verifyTicketCode(ticket?.signedCode ?? '', published)).toMatchObject({ valid: true });
  });

  it('leaves the jobs the API processes queue to the worker', async () => {
    // A sign-up on A queues its welcome mail; A and B work no queues, so only the worker can send it.
    const email = `several-welcome-${randomUUID()}@example.it`;
    expect((await signUp(a.url, email, '127.0.0.201')).status).toBe(200);
    await waitFor(
      async () =>
        (await get<{ messages: unknown[] }>(`${b.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).body
          .messages.length > 0,
      'the worker to send the welcome mail',
      15_000,
    );
  });

  it('loses no acknowledged order when one API process is killed with kill -9 mid-load', async () => {
    const slots = await openDays(b.url, ticketIds, 8);
    let aKilled = false;
    // The load balancer sends half the buyers to A until A dies, then everyone to B.
    const load = startBuying((buyer) => (buyer % 2 === 0 && !aKilled ? a.url : b.url), members, slots, {
      ownAddresses: true,
    });
    const acknowledgedByA = () =>
      load.sales.filter((sale) => sale.server === a.url && sale.answer.status === 200).length;
    await waitFor(() => acknowledgedByA() >= ORDERS_ON_A, `${ORDERS_ON_A} orders on A`, 30_000);
    // From now on the balancer sends new requests to B; those in flight on A are cut off.
    aKilled = true;
    await a.kill();
    const killedAt = Date.now();
    await waitFor(
      () => load.acknowledged(killedAt) >= ORDERS_AFTER_KILL,
      `${ORDERS_AFTER_KILL} orders on B after the kill`,
      30_000,
    );
    const answered = await load.stop();

    const acknowledged = answered.filter((sale) => sale.answer.status === 200);
    const dropped = answered.filter((sale) => sale.answer.status === 'dropped');
    console.info(
      `several processes: ${acknowledged.length} orders acknowledged, ${dropped.length} requests dropped by the kill, ${answered.filter((sale) => sale.answeredAt > killedAt && sale.answer.status === 200).length} served by B after it`,
    );
    expect(a.exit()).toBe('SIGKILL');
    expect(b.exit()).toBeNull();
    // Everything else was an answer: sold out (409) or a declined card (402).
    for (const sale of answered) expect([200, 402, 409, 'dropped']).toContain(sale.answer.status);
    // Only the process that was killed left requests without an answer.
    expect(dropped.filter((sale) => sale.server !== a.url)).toEqual([]);

    const orders = await ordersByCode(database.db);
    for (const sale of acknowledged)
      expect(orders.get(sale.orderCode as string), sale.orderCode).toBe('issued');
    const places = await checkPlaces(database.db, slots);
    expect(places.oversold).toEqual([]);
    expect(places.miscounted).toEqual([]);
  }, 120_000);
});
