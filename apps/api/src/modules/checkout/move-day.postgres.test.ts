import { addCalendarDays } from '@sentiero/contract/durations';
import { CANCELLATION_PRESETS } from '@sentiero/contract/rules/cancellation';
import { orderLines, ticketDayPlaces } from '@sentiero/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket } from '../../test/factories.ts';
import { buyFor } from '../../test/refund-kit.ts';

/**
 * Runs only in the `api:postgres` project: buyers moving onto a day's last place at the same
 * moment need a server with many connections (ADR 049).
 */
const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
  if (!sut.database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

const BUYERS = 6;
const NAMES = ['Anna', 'Bruno', 'Carla', 'Dario', 'Elena', 'Fabio'];

async function takenOn(ticketId: number, day: string) {
  const [row] = await sut.database.db
    .select({ taken: ticketDayPlaces.taken })
    .from(ticketDayPlaces)
    .where(and(eq(ticketDayPlaces.ticketId, ticketId), eq(ticketDayPlaces.day, day)));
  return row?.taken ?? 0;
}

describe("buyers moving onto a day's last place at once", () => {
  it('one gets it; every other gets a clear 409 and keeps their day', async () => {
    const ticket = await createTicket(sut.database.db, {
      cancellationRule: CANCELLATION_PRESETS.moderate,
      dailyCapacity: 10,
    });
    clock.set(Date.parse(`${addCalendarDays(ticket.date, -10)}T10:00:00Z`));
    const target = addCalendarDays(ticket.date, 2);
    // Nine of the target day's ten places are sold: one is left.
    await sut.database.db.insert(ticketDayPlaces).values({ ticketId: ticket.id, day: target, taken: 9 });
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, index) => {
        const browser = await createMember(sut, NAMES[index] ?? 'Anna');
        const order = await buyFor(browser, ticket, [`${NAMES[index] ?? 'Anna'} Rossi`]);
        return { browser, order };
      }),
    );
    expect(await takenOn(ticket.id, ticket.date)).toBe(BUYERS);

    const answers = await Promise.all(
      buyers.map(({ browser, order }) =>
        browser.post('/api/app/ticket/move?lng=en', { order: order.code, day: target }),
      ),
    );

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.json().code).toBe('DAY_NOT_AVAILABLE');
    }
    expect(await takenOn(ticket.id, target)).toBe(10);
    expect(await takenOn(ticket.id, ticket.date)).toBe(BUYERS - 1);
    const [onTarget] = await sut.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderLines)
      .where(and(eq(orderLines.ticketId, ticket.id), eq(orderLines.startDate, target)));
    expect(onTarget?.count).toBe(1);
  });
});
