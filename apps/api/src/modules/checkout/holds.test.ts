import { orders } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { daily, firstOpenDay, NOW, setUpCheckout, sut } from '../../test/checkout.ts';
import { createMember, createOrder, memberId } from '../../test/factories.ts';
import { expireHolds } from './service.ts';

setUpCheckout();
// The member who leaves an order unpaid; its ticket has places per day once a member has bought
// it, as in production.
let ownerId: number;
beforeAll(async () => {
  ownerId = await memberId(await createMember(sut));
  const { date } = await firstOpenDay(daily.id);
  await createOrder(sut.database.db, { userId: ownerId, status: 'issued' }, [
    { ticketId: daily.id, startDate: date },
  ]);
});

describe('holds', () => {
  it('releases the places of an order left unpaid past its 15 minutes', async () => {
    const { date, remaining } = await firstOpenDay(daily.id);
    await createOrder(
      sut.database.db,
      {
        code: 'ST-HOLD0-TEST0',
        userId: ownerId,
        status: 'pending',
        language: 'en',
        paymentMethod: 'card',
        idempotencyKey: 'hold-expiry-test',
        subtotalCents: 1000,
        totalCents: 1000,
        holdExpiresAt: new Date(Date.parse(NOW) - 60_000),
      },
      [
        {
          ticketId: daily.id,
          guestName: 'Anna Conti',
          startDate: date,
          endDate: date,
          unitPriceCents: 1000,
        },
      ],
      { capacity: daily.daily_capacity ?? 0 },
    );
    expect((await firstOpenDay(daily.id)).remaining).toBe((remaining ?? 0) - 1);
    expect(await expireHolds({ db: sut.database.db, clock: { now: () => new Date(NOW) } })).toBe(1);
    const [order] = await sut.database.db.select().from(orders).where(eq(orders.code, 'ST-HOLD0-TEST0'));
    expect(order?.status).toBe('expired');
    expect((await firstOpenDay(daily.id)).remaining).toBe(remaining);
  });
});
