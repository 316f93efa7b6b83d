import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@sentiero/db/client';
import { users } from '@sentiero/db/schema';
import { seedDatabase } from '@sentiero/db/seed/seed';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  checkPlaces,
  createMembers,
  createTicketsWithPlaces,
  type Member,
  openDays,
  ordersByCode,
  signUp,
  startBuying,
} from './test/buyers.ts';
import { createTestDatabase, type TestDatabase } from './test/database.ts';
import { type ServerProcess, startServerProcess, waitFor } from './test/server-process.ts';

/**
 * The process dies with `kill -9` (out of memory, a lost machine) while members sign up and buy;
 * started again on the same data, everything it had answered 2xx to must be there. On PGlite
 * (the api:pglite project) the data is the DATA_DIR the process wrote; on PostgreSQL (api:postgres)
 * the server's database.
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const BUYERS = 4;
const SIGN_UPS_AT_ONCE = 2;
/** Acknowledged writes before the kill: counts, not times, so a slow machine only takes longer. */
const ORDERS_BEFORE_KILL = 10;
const SIGN_UPS_BEFORE_KILL = 3;

let dataDir: string;
let postgres: TestDatabase | undefined;
let environment: Record<string, string>;
let members: Member[];
let ticketIds: number[];

/** The data the server process uses, opened by the test (PGlite: only while no server has it open). */
async function openServerData(): Promise<Database> {
  return postgres?.url
    ? openDatabase({ driver: 'postgres', url: postgres.url, poolSize: 2 })
    : openDatabase({ driver: 'pglite', dataDir });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sentiero-crash-'));
  postgres = onPostgres ? await createTestDatabase({ seed: false }) : undefined;
  environment = postgres?.url
    ? { DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '5', DATA_DIR: dataDir }
    : { DATABASE_URL: '', DATA_DIR: dataDir };
  // Members and places are written before the server opens the data: PGlite has one owner at a time.
  const data = await openServerData();
  try {
    await data.migrate();
    await seedDatabase(data.db);
    members = await createMembers(data.db, BUYERS, 'crash');
    ticketIds = await createTicketsWithPlaces(data.db, 20);
  } finally {
    await data.close();
  }
}, 120_000);
afterAll(async () => {
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during writes', () => {
  it('loses nothing the server had acknowledged, and starts again on the same data', async () => {
    const first = await startServerProcess({ ...environment, RATE_LIMITS: 'off' });
    const slots = await openDays(first.url, ticketIds, 6);
    let killed = false;
    const signUps: { email: string; answer: Answer }[] = [];
    const signingUp = Promise.all(
      Array.from({ length: SIGN_UPS_AT_ONCE }, async (_, writer) => {
        for (let n = 0; !killed; n++) {
          const email = `crash-signup-${writer}-${n}@example.it`;
          signUps.push({ email, answer: await signUp(first.url, email) });
        }
      }),
    );
    const buying = startBuying(() => first.url, members, slots);
    await waitFor(
      () =>
        buying.acknowledged() >= ORDERS_BEFORE_KILL &&
        signUps.filter(({ answer }) => answer.status === 200).length >= SIGN_UPS_BEFORE_KILL,
      'the first acknowledged orders and sign-ups',
      30_000,
    );
    // Killed while both keep writing: some requests are in flight and never answered.
    killed = true;
    await first.kill();
    const [sales] = await Promise.all([buying.stop(), signingUp]);
    expect(first.exit()).toBe('SIGKILL');

    const second: ServerProcess = await startServerProcess(environment);
    expect(await second.healthy()).toBe(true);
    expect(await second.stop()).toBe(0);

    const acknowledgedOrders = sales.filter((sale) => sale.answer.status === 200);
    const acknowledgedSignUps = signUps.filter(({ answer }) => answer.status === 200);
    console.info(
      `kill -9 (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${acknowledgedOrders.length} orders and ${acknowledgedSignUps.length} sign-ups acknowledged, ${sales.length + signUps.length - acknowledgedOrders.length - acknowledgedSignUps.length} other answers or dropped requests`,
    );

    const data = await openServerData();
    try {
      const stored = await ordersByCode(data.db);
      for (const sale of acknowledgedOrders) {
        // A 200 to a sandbox buy is an issued order: paid, its tickets written.
        expect(stored.get(sale.orderCode as string), sale.orderCode).toBe('issued');
      }
      const emails = new Set(
        (await data.db.select({ email: users.email }).from(users).where(isNotNull(users.email))).map(
          (row) => row.email,
        ),
      );
      for (const { email } of acknowledgedSignUps) expect(emails.has(email), email).toBe(true);
      const places = await checkPlaces(data.db, slots);
      expect(places.oversold).toEqual([]);
      expect(places.miscounted).toEqual([]);
    } finally {
      await data.close();
    }
  }, 90_000);
});
