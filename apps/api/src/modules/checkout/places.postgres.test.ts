import { type Database, executeRows, openDatabase } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createTicket } from '../../test/factories.ts';
import { daysBetween, takePlaces } from './places.ts';

/**
 * Runs only in the `api:postgres` project: the race it looks for needs a server with many
 * connections (PGlite has one).
 */
let database: TestDatabase;
let buyers: Database;
let ticketId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
  // As many connections as several API processes would hold.
  buyers = await openDatabase({ driver: 'postgres', url: database.url, poolSize: 60 });
  ticketId = (await createTicket(database.db)).id;
});
afterAll(async () => {
  await buyers.close();
  await database.drop();
});

const CAPACITY = 10;
const BUYERS = 200;

class SoldOut extends Error {}

/** One buyer: a transaction that takes one place or rolls back. */
async function buyOne(take: (tx: Database['db']) => Promise<boolean>): Promise<boolean> {
  try {
    await buyers.db.transaction(async (tx) => {
      if (!(await take(tx as unknown as Database['db']))) throw new SoldOut();
    });
    return true;
  } catch (error) {
    if (error instanceof SoldOut) return false;
    throw error;
  }
}

async function takenOn(day: string): Promise<number> {
  const [row] = await executeRows<{ taken: number }>(
    database.db,
    sql`select taken from ticket_day_places where ticket_id = ${ticketId} and day = ${day}`,
  );
  return row?.taken ?? 0;
}

/** The protection switched off: read what is left, then write, as a naive shop would. */
async function takeWithoutProtection(tx: Database['db'], day: string): Promise<boolean> {
  await tx.execute(
    sql`insert into ticket_day_places (ticket_id, day, taken) values (${ticketId}, ${day}, 0) on conflict do nothing`,
  );
  const [row] = await executeRows<{ taken: number }>(
    tx,
    sql`select taken from ticket_day_places where ticket_id = ${ticketId} and day = ${day}`,
  );
  const taken = row?.taken ?? 0;
  if (taken + 1 > CAPACITY) return false;
  await new Promise((resolve) => setTimeout(resolve, 2));
  await tx.execute(
    sql`update ticket_day_places set taken = ${taken + 1} where ticket_id = ${ticketId} and day = ${day}`,
  );
  return true;
}

describe('daily capacity under 200 simultaneous buyers', () => {
  it('sells exactly the 10 places there are', async () => {
    const day = '2027-07-01';
    const results = await Promise.all(
      Array.from({ length: BUYERS }, () => buyOne((tx) => takePlaces(tx, ticketId, [day], 1, CAPACITY))),
    );
    expect(results.filter(Boolean)).toHaveLength(CAPACITY);
    expect(await takenOn(day)).toBe(CAPACITY);
  });

  it('control: with the protection switched off the same crowd oversells, so the test can see it', async () => {
    const day = '2027-07-02';
    const results = await Promise.all(
      Array.from({ length: BUYERS }, () => buyOne((tx) => takeWithoutProtection(tx, day))),
    );
    expect(results.filter(Boolean).length).toBeGreaterThan(CAPACITY);
  });

  it("sells exactly a day's own capacity where the operator changed it (issue 23), and the ticket's on other days", async () => {
    const changed = '2027-07-20';
    const other = '2027-07-21';
    await database.db.execute(
      sql`insert into ticket_day_overrides (ticket_id, day, capacity, reason) values (${ticketId}, ${changed}, 3, 'Half the boats')`,
    );
    const results = await Promise.all(
      Array.from({ length: BUYERS }, (_, index) =>
        buyOne((tx) => takePlaces(tx, ticketId, [index % 2 ? changed : other], 1, CAPACITY)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(3 + CAPACITY);
    expect(await takenOn(changed)).toBe(3);
    expect(await takenOn(other)).toBe(CAPACITY);
  });

  it('takes a multi-day booking on every day or on none', async () => {
    const days = daysBetween('2027-07-10', '2027-07-12');
    expect(await buyOne((tx) => takePlaces(tx, ticketId, ['2027-07-12'], CAPACITY, CAPACITY))).toBe(true);
    expect(await buyOne((tx) => takePlaces(tx, ticketId, days, 1, CAPACITY))).toBe(false);
    expect(await takenOn('2027-07-10')).toBe(0);
    expect(await takenOn('2027-07-11')).toBe(0);
  });
});
