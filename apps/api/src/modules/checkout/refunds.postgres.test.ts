import { refundLines, refunds } from '@sentiero/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, createTicket, unique } from '../../test/factories.ts';
import { buyFor, guestsOf, orderRow, placesTaken, refundContext } from '../../test/refund-kit.ts';

/**
 * Runs only in the `api:postgres` project: refunds of one guest racing each other need a server
 * with many connections (PGlite has one and runs them one after the other).
 */
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
  if (!sut.database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
});
afterAll(() => sut.close());

const CLICKS = 16;

/** One guest of a fresh two-guest order, refunded by `CLICKS` staff members at the same moment. */
async function raceForOneGuest() {
  const browser = await createMember(sut, 'Pia');
  const ticket = await createTicket(sut.database.db);
  const order = await buyFor(browser, ticket, ['Pia Moser', 'Leo Moser']);
  const [pia] = await guestsOf(sut, order.code);
  const results = await Promise.allSettled(
    Array.from({ length: CLICKS }, (_, staffId) =>
      sut.app.refunds.refundOrder(refundContext(sut), {
        orderCode: order.code,
        guests: [pia?.id ?? 0],
        reason: 'double booking',
        requestedBy: { staffId },
        idempotencyKey: unique('race'),
      }),
    ),
  );
  const moneyBack = await sut.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(and(eq(refundLines.orderLineId, pia?.id ?? 0), ne(refunds.state, 'failed')));
  return { order, ticket, results, refundsOfGuest: moneyBack[0]?.count ?? 0 };
}

describe('two staff members refunding one guest at the same moment', () => {
  it('refunds the guest once; every other request gets a 409', async () => {
    const { order, ticket, results, refundsOfGuest } = await raceForOneGuest();

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const lost of results.filter((result) => result.status === 'rejected')) {
      expect(lost.reason).toMatchObject({ code: 'REFUND_ALREADY_REQUESTED', status: 409 });
    }
    expect(refundsOfGuest).toBe(1);
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 1500 });
    expect(await placesTaken(sut, ticket)).toBe(1);
  });

  it('control: without the unique index the check before the insert lets the same guest be refunded twice', async () => {
    await sut.database.db.execute(sql`drop index refund_lines_order_line_idx`);
    try {
      const { refundsOfGuest } = await raceForOneGuest();
      // The race is real: only the index stops it.
      expect(refundsOfGuest).toBeGreaterThan(1);
    } finally {
      await sut.database.db.execute(sql`delete from refund_lines`);
      await sut.database.db.execute(
        sql`create unique index refund_lines_order_line_idx on refund_lines (order_line_id) where not voided`,
      );
    }
  });
});
