import { tickets as catalogue, orderLines, orders, ticketFacets } from '@sentiero/db/schema';
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buy, daily, firstOpenDay, guest, member, NOW, setUpCheckout, sut } from '../../test/checkout.ts';
import { createMember, createOrder, memberId } from '../../test/factories.ts';
import { refreshPopularity } from './popularity.ts';

setUpCheckout();
// A refresh reads only the orders written since a day before its window. The test's last refresh
// is a month past the real time, so the daily ticket drops back to nothing only if one of its
// orders was written at the real time: an order left unpaid and expired, which counts no place.
beforeAll(async () => {
  const userId = await memberId(await createMember(sut));
  const { date } = await firstOpenDay(daily.id);
  await createOrder(sut.database.db, { userId, status: 'expired' }, [
    { ticketId: daily.id, startDate: date },
  ]);
});

describe('popularity', () => {
  const popularityOf = async (ticketId: number) => {
    const [ticket] = await sut.database.db
      .select({ popularity: catalogue.popularity })
      .from(catalogue)
      .where(eq(catalogue.id, ticketId));
    const [facets] = await sut.database.db
      .select({ popularity: ticketFacets.popularity })
      .from(ticketFacets)
      .where(eq(ticketFacets.ticketId, ticketId));
    return [ticket?.popularity, facets?.popularity];
  };

  it('follows the places paid in the last 30 days, in listings too', async () => {
    const browser = await member();
    const { date } = await firstOpenDay(daily.id);
    expect((await buy(browser, { guests: [guest(date), guest(date, 'Marco Conti')] })).statusCode).toBe(200);
    const [sold] = await sut.database.db
      .select({ places: count() })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.ticketId, daily.id), inArray(orders.status, ['paid', 'issued'])));
    expect(sold?.places).toBeGreaterThanOrEqual(2);

    expect(await refreshPopularity(sut.database.db, new Date(NOW))).toBeGreaterThan(0);
    expect(await popularityOf(daily.id)).toEqual([sold?.places, sold?.places]);
    // Nothing changed: nothing is written.
    expect(await refreshPopularity(sut.database.db, new Date(NOW))).toBe(0);
    // A month on (after every order of this file, some written at the real time), they no longer count.
    expect(
      await refreshPopularity(sut.database.db, new Date(Date.now() + 30.5 * 86_400_000)),
    ).toBeGreaterThan(0);
    expect(await popularityOf(daily.id)).toEqual([0, 0]);
  });
});
