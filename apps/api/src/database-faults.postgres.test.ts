import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPlaces, createMembers, type Member, openSlots, type Slot, startBuying } from './test/buyers.ts';
import { createTestDatabase, type TestDatabase } from './test/database.ts';
import { createCoupon } from './test/factories.ts';
import { type ServerProcess, startServerProcess, waitFor } from './test/server-process.ts';

/**
 * Runs only in the `api:postgres` project: PostgreSQL ends its backends on an operator's
 * `pg_terminate_backend`, a failover or a restart, and the API process must outlive that.
 */
const BUYERS = 50;
const SLOTS = 12;
/** Buyers race for twelve days, with places enough for the whole run. */
const CAPACITY = 40;
/** A failover or restart seldom ends the connections once: they are ended again while reconnecting. */
const TERMINATIONS = 3;
/** Orders acknowledged before the fault, and after the recovery: counts, not times, so a slow machine only takes longer. */
const ORDERS_BEFORE = 60;
const ORDERS_AFTER = 30;
/** Generous for a busy 2-core machine. */
const LOAD_DEADLINE_MS = 30_000;

let database: TestDatabase;
let server: ServerProcess;
let members: Member[];
let slots: Slot[];
let coupon: string;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  if (!database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
  server = await startServerProcess({
    DATABASE_URL: database.url,
    // Fewer connections than buyers, as in production: requests queue for a connection.
    DATABASE_POOL_SIZE: '5',
    // 50 buyers from one address: the per-IP form limits would answer 429 instead of buying.
    RATE_LIMITS: 'off',
  });
  members = await createMembers(database.db, BUYERS, 'faults');
  slots = await openSlots(database.db, server.url, CAPACITY, SLOTS);
  // 10 % off everything, no limit of uses: a buy with it locks the coupon's row in a transaction,
  // so buyers with it queue inside transactions, as on a promotion day.
  coupon = (await createCoupon(database.db, { code: 'ESTATE10' })).code;
}, 120_000);
afterAll(async () => {
  await server?.kill();
  await database?.drop();
});

/** Ends every connection to the app's database, as an operator or a failover would. */
async function terminateBackends(url: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

describe('Database faults: PostgreSQL ends every connection while 50 buyers are buying', () => {
  it('keeps serving, answers the requests it cannot finish with 503, and oversells nothing', async () => {
    const started = Date.now();
    const load = startBuying(() => server.url, members, slots, { coupon });
    await waitFor(() => load.acknowledged() >= ORDERS_BEFORE, `${ORDERS_BEFORE} orders`, LOAD_DEADLINE_MS);

    let ended = 0;
    for (let round = 0; round < TERMINATIONS; round++) {
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      ended += await terminateBackends(database.url as string);
    }
    const terminatedAt = Date.now();
    await waitFor(() => server.exit() !== null || server.healthy(), '/api/health to answer 200 again');
    const recoveryMs = Date.now() - terminatedAt;
    // The pool replaced its connections: buying works after the fault as before it.
    await waitFor(
      () => server.exit() !== null || load.acknowledged(terminatedAt + recoveryMs) >= ORDERS_AFTER,
      `${ORDERS_AFTER} orders after the recovery`,
      LOAD_DEADLINE_MS,
    );
    const sales = await load.stop();

    expect(server.exit(), server.output()).toBeNull();
    expect(ended).toBeGreaterThan(0);
    const statuses = new Map<string, number>();
    for (const sale of sales)
      statuses.set(String(sale.answer.status), (statuses.get(String(sale.answer.status)) ?? 0) + 1);
    console.info(
      `database faults: ${ended} backends ended in ${TERMINATIONS} rounds after ${ORDERS_BEFORE} orders; health 200 again ${recoveryMs} ms later; answers ${JSON.stringify(Object.fromEntries(statuses))} in ${Date.now() - started} ms`,
    );

    // Sold out (409) and declined (402) are answers too; anything that failed is a 503 in the error shape.
    const failed = sales.filter((sale) => ![200, 402, 409].includes(sale.answer.status as number));
    for (const sale of failed) {
      expect(sale.answer.status).toBe(503);
      if (sale.answer.status === 'dropped') continue;
      expect(JSON.parse(sale.answer.body)).toMatchObject({
        message: expect.any(String),
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    // Logged as the operator should read it: a warning about the database, never a failed request.
    if (failed.length > 0) expect(server.output()).toContain('"msg":"database unavailable"');
    expect(server.output()).not.toContain('"msg":"request failed"');
    expect(recoveryMs).toBeLessThan(10_000);

    const places = await checkPlaces(database.db, slots);
    expect(places.days).toBeGreaterThan(0);
    expect(places.oversold).toEqual([]);
    expect(places.miscounted).toEqual([]);
  }, 120_000);
});
