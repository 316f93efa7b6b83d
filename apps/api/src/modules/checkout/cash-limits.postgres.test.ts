import { type Database, openDatabase, type Transaction } from '@sentiero/db/client';
import { users } from '@sentiero/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createTicket } from '../../test/factories.ts';
import { requireCashAllowance } from './cash-limits.ts';
import { findOpenCashHolds } from './cash-limits-repo.ts';
import { insertOrderTakingPlaces } from './repo.ts';

/**
 * Runs only in the `api:postgres` project: one member sending many pay-on-site buys at once
 * needs a server with many connections (PGlite has one).
 */
let database: TestDatabase;
let buyers: Database;
let ticketId: number;
const config = loadConfig({ NODE_ENV: 'test' });
const OPEN_ORDERS = config.payments.cashLimits.openOrders;
const NOW = new Date('2026-11-23T08:00:00Z');
const DAY = '2027-07-01';
const ATTEMPTS = 40;

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
  // As many connections as several API processes would hold.
  buyers = await openDatabase({ driver: 'postgres', url: database.url, poolSize: 40 });
  ticketId = (await createTicket(database.db)).id;
});
afterAll(async () => {
  await buyers.close();
  await database.drop();
});

let serial = 0;
async function newMember(): Promise<number> {
  const [row] = await database.db
    .insert(users)
    .values({ email: `crowd.${++serial}@example.it` })
    .returning({ id: users.id });
  return row?.id ?? 0;
}

/** One pay-on-site order of one guest, written as the buy writes it: issued at once. */
function writeCashOrder(tx: Transaction, userId: number) {
  const code = `ST-CROWD-${String(++serial).padStart(5, '0')}`;
  return insertOrderTakingPlaces(
    tx,
    {
      code,
      userId,
      status: 'issued',
      language: 'en',
      paymentMethod: 'cash',
      idempotencyKey: code,
      subtotalCents: 1000,
      totalCents: 1000,
      holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000),
      createdAt: NOW,
    },
    [{ ticketId, guestName: 'Anna Conti', startDate: DAY, endDate: DAY, unitPriceCents: 1000 }],
    null,
  );
}

/** One attempt in its own transaction: true when its order was written. */
async function attempt(check: (tx: Transaction) => Promise<void>, userId: number): Promise<boolean> {
  try {
    await buyers.db.transaction(async (tx) => {
      await check(tx);
      await writeCashOrder(tx, userId);
    });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** The protection switched off: count the open orders and write, with nothing held in between. */
async function checkWithoutLock(tx: Transaction, userId: number) {
  const held = await findOpenCashHolds(tx, { userId, ticketId, days: [DAY], now: NOW });
  if (held.openOrders >= OPEN_ORDERS) throw new AppError('CASH_ORDERS_LIMIT', 409);
  await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('one member sending 40 pay-on-site buys at once', () => {
  it('gets exactly the open orders allowed', async () => {
    const userId = await newMember();
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        attempt(
          (tx) =>
            requireCashAllowance({ config }, tx, {
              userId,
              ticketId,
              lines: [{ startDate: DAY, endDate: DAY }],
              now: NOW,
            }),
          userId,
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(OPEN_ORDERS);
  });

  it('control: without the lock the same burst gets more, so the test can see the race', async () => {
    const userId = await newMember();
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, () => attempt((tx) => checkWithoutLock(tx, userId), userId)),
    );
    expect(results.filter(Boolean).length).toBeGreaterThan(OPEN_ORDERS);
  });
});
