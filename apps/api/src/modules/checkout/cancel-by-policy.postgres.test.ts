import { addCalendarDays } from '@sentiero/contract/durations';
import { CANCELLATION_PRESETS } from '@sentiero/contract/rules/cancellation';
import { refundLines, refunds } from '@sentiero/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket, MEMBER_PASSWORD, unique } from '../../test/factories.ts';
import { buyFor, guestsOf, orderRow, placesTaken } from '../../test/refund-kit.ts';

/**
 * Runs only in the `api:postgres` project: a buyer's cancellations of one guest racing each other
 * (two tabs, a double tap that got two keys) need a server with many connections.
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

const TABS = 8;

describe('a buyer cancelling the same guest from several tabs at once', () => {
  it('refunds the guest once; every other request gets a 409', async () => {
    const ticket = await createTicket(sut.database.db, { cancellationRule: CANCELLATION_PRESETS.moderate });
    clock.set(Date.parse(`${addCalendarDays(ticket.date, -10)}T10:00:00Z`));
    const browser = await createMember(sut, 'Sara');
    const order = await buyFor(browser, ticket, ['Sara Bianchi', 'Marco Bianchi']);
    const [sara] = await guestsOf(sut, order.code);

    const answers = await Promise.all(
      Array.from({ length: TABS }, () =>
        browser.post('/api/app/ticket/cancel?lng=en', {
          order: order.code,
          guests: String(sara?.id ?? 0),
          password: MEMBER_PASSWORD,
          idempotency_key: unique('tab'),
        }),
      ),
    );

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.json().code).toBe('REFUND_ALREADY_REQUESTED');
    }
    const [written] = await sut.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(refundLines)
      .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
      .where(and(eq(refundLines.orderLineId, sara?.id ?? 0), ne(refunds.state, 'failed')));
    expect(written?.count).toBe(1);
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 1500 });
    expect(await placesTaken(sut, ticket)).toBe(1);
  });
});
