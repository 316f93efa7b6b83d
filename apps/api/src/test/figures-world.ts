import { issuedTickets, orderLines, refunds, ticketDayPlaces, ticketRedemptions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import type { TestApp } from './app.ts';
import { createArea, createMember, createOrder, createTicket, memberId, unique } from './factories.ts';
import { createOperator } from './staff-factories.ts';

type Operator = Awaited<ReturnType<typeof createOperator>>;
export type FiguresWorld = {
  a: Operator;
  b: Operator;
  ticketA: number;
  ticketB: number;
  areaA: number;
  otherAreaA: number;
};

const at = (iso: string) => new Date(iso);

/**
 * Operator A's November 2026, and one sale of operator B, as the figures' and statements' tests
 * add them up: coupons, a refund, pay on site, a check-in, a payment just after midnight in Italy.
 */
export async function makeFiguresWorld(sut: TestApp): Promise<FiguresWorld> {
  const db = sut.database.db;
  const a = await createOperator(db, { name: 'Parco Alpha' });
  const b = await createOperator(db, { name: 'Comune Beta' });
  const areaA = await createArea(db, { operatorId: a.id });
  const otherAreaA = await createArea(db, { operatorId: a.id });
  const areaB = await createArea(db, { operatorId: b.id });
  const ticketA = await createTicket(db, { areaId: areaA.id, dailyCapacity: 10 });
  const ticketB = await createTicket(db, { areaId: areaB.id });
  const userId = await memberId(await createMember(sut, 'Marta'));
  const line = (ticketId: number, unitPriceCents: number, startDate = '2026-11-15') => ({
    ticketId,
    startDate,
    unitPriceCents,
  });
  // 1. A card order of two guests.
  const first = await createOrder(
    db,
    { userId, status: 'issued', paidAt: at('2026-11-02T10:00:00Z'), totalCents: 5000 },
    [line(ticketA.id, 2500), line(ticketA.id, 2500)],
  );
  // 2. With a coupon, then one guest refunded.
  const couponed = await createOrder(
    db,
    {
      userId,
      status: 'issued',
      paidAt: at('2026-11-03T09:00:00Z'),
      subtotalCents: 5000,
      couponCode: 'AUTUNNO',
      couponDiscountCents: 500,
      totalCents: 4500,
      refundedCents: 2250,
    },
    [line(ticketA.id, 2500), line(ticketA.id, 2500)],
  );
  await db.insert(refunds).values({
    orderId: couponed.id,
    state: 'succeeded',
    amountCents: 2250,
    reason: 'storm',
    idempotencyKey: unique('refund'),
    createdAt: at('2026-11-05T11:00:00Z'),
    settledAt: at('2026-11-05T12:00:00Z'),
  });
  // A refund that failed gives nothing back.
  await db.insert(refunds).values({
    orderId: couponed.id,
    state: 'failed',
    amountCents: 2250,
    reason: 'storm',
    idempotencyKey: unique('refund'),
    settledAt: at('2026-11-05T13:00:00Z'),
  });
  // 3. Pay on site, still to be paid; 4. pay on site, paid at the meeting point.
  await createOrder(db, { userId, status: 'issued', paymentMethod: 'cash', paidAt: null, totalCents: 3000 }, [
    line(ticketA.id, 3000, '2026-11-20'),
  ]);
  await createOrder(
    db,
    { userId, status: 'issued', paymentMethod: 'cash', paidAt: at('2026-11-04T15:00:00Z'), totalCents: 3000 },
    [line(ticketA.id, 3000)],
  );
  // 5. A payment that failed counts nowhere.
  await createOrder(db, { userId, status: 'failed', paidAt: null, totalCents: 9999 }, [
    line(ticketA.id, 9999),
  ]);
  // 6. Paid at 23:30 UTC on 31 October: 00:30 on 1 November in Italy.
  await createOrder(db, { userId, status: 'issued', paidAt: at('2026-10-31T23:30:00Z'), totalCents: 1000 }, [
    line(ticketA.id, 1000),
  ]);
  // Operator B's sale in the same days.
  await createOrder(db, { userId, status: 'issued', paidAt: at('2026-11-02T11:00:00Z'), totalCents: 7000 }, [
    line(ticketB.id, 7000),
  ]);
  // One of the first order's tickets is checked at the gate.
  const [issued] = await db
    .insert(issuedTickets)
    .values({
      code: unique('TK').replace(/[^A-Z0-9]/gi, ''),
      orderId: first.id,
      orderLineId: (await firstLineId(sut, first.id)) as number,
      ticketId: ticketA.id,
      holderName: 'Anna Conti',
      validFrom: '2026-11-15',
      validUntil: '2026-11-15',
      signedCode: 'signed',
      shareToken: unique('share'),
      issuedAt: at('2026-11-02T10:00:00Z'),
      uses: 1,
    })
    .returning();
  await db
    .insert(ticketRedemptions)
    .values({ issuedTicketId: issued?.id as number, redeemedAt: at('2026-11-15T08:00:00Z') });
  await db.insert(ticketDayPlaces).values({ ticketId: ticketA.id, day: '2026-11-15', taken: 6 });
  return { a, b, ticketA: ticketA.id, ticketB: ticketB.id, areaA: areaA.id, otherAreaA: otherAreaA.id };
}

async function firstLineId(sut: TestApp, orderId: number): Promise<number | undefined> {
  const [row] = await sut.database.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return row?.id;
}
