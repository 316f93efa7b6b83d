import { openDatabase } from '@sentiero/db/client';
import { ticketDayOverrides, waitlistEntries, waitlistOffers } from '@sentiero/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, createTicket, unique } from '../../test/factories.ts';
import { buyFor, placesTaken } from '../../test/refund-kit.ts';
import { offerFreedPlaces } from './offers.ts';

/**
 * Runs only in the `api:postgres` project: the offer job of one release run by two processes at
 * once, each with a pool of its own (as two workers of a deployment are), besides the run the
 * queue's own worker makes. Held places are offered once, never beyond the day's capacity.
 */
const now = new Date('2027-05-20T08:00:00Z');
const clock = { now: () => now };
let sut: TestApp;
let second: Awaited<ReturnType<typeof openDatabase>>;
beforeAll(async () => {
  sut = await createTestApp({}, { clock });
  if (!sut.database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
  second = await openDatabase({ driver: 'postgres', url: sut.database.url, poolSize: 4 });
});
afterAll(async () => {
  await second.close();
  await sut.close();
});

const ROUNDS = 4;
const RUNS_PER_PROCESS = 3;

describe('the offer job run by two processes at once', () => {
  it.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'offers two freed places to the first two of five, once (round %i)',
    async () => {
      const ticket = await createTicket(sut.database.db, { dailyCapacity: 2 });
      const buyer = await createMember(sut, 'Bruno');
      await buyFor(buyer, ticket, ['Bruno Neri', 'Anna Neri']);
      for (let member = 0; member < 5; member++) {
        const browser = await createMember(sut, 'Luca', { email: `${unique('luca')}@example.it` });
        const joined = await browser.post('/api/app/ticket/waitlist/join?lng=en', {
          id_ticket: ticket.id,
          day: ticket.date,
          party: 1,
        });
        expect(joined.statusCode, joined.body).toBe(200);
      }
      // Two more places: the database queues a run; two processes start three each beside it.
      await sut.database.db
        .insert(ticketDayOverrides)
        .values({ ticketId: ticket.id, day: ticket.date, capacity: 4, reason: 'a second raft' });
      const day = { ticketId: ticket.id, day: ticket.date };
      const runs = await Promise.all(
        [sut.database.db, second.db].flatMap((db) =>
          Array.from({ length: RUNS_PER_PROCESS }, () =>
            offerFreedPlaces({ db, clock, holdMinutes: 120 }, day),
          ),
        ),
      );
      expect(runs.flat().length).toBeLessThanOrEqual(2);
      // The queue's run may be the one that offered: wait for the offers, then for nothing more.
      const deadline = Date.now() + 15_000;
      let offers = await offersOf(ticket.id);
      while (offers.length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        offers = await offersOf(ticket.id);
      }
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await offersOf(ticket.id)).toHaveLength(2);
      expect(await placesTaken(sut, ticket)).toBe(4);
      const states = await sut.database.db
        .select({ state: waitlistEntries.state })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.ticketId, ticket.id))
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
      expect(states.map((row) => row.state)).toEqual(['offered', 'offered', 'waiting', 'waiting', 'waiting']);
    },
  );
});

function offersOf(ticketId: number) {
  return sut.database.db.select().from(waitlistOffers).where(eq(waitlistOffers.ticketId, ticketId));
}
