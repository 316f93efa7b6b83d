import { orders } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, createMember, createOrder, createTicket, memberId } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';
import { ORDER_COUNT_AHEAD } from './orders-repo.ts';

/*
 * What keeps the console's order search fast over millions of orders (ADR 037) without changing
 * what it finds: the total counted up to a thousand past the page, the order's areas kept by the
 * database from its guests, a guest found on every day their ticket is valid.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

async function managerOf(operatorId: number): Promise<Browser> {
  return signInStaff(sut, await createStaff(sut.database.db, { role: 'manager', operatorId }), clock);
}

async function search(browser: Browser, query: string) {
  const response = await browser.get(`/api/console/orders?lng=en&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    orders: { code: string }[];
    total: number;
    total_exact: boolean;
    pages: number;
  };
}

describe('the order search at scale', () => {
  // It writes 1,020 orders and their search keys: more work than a test's usual 20 s allow on a
  // busy machine.
  it('counts at most a thousand orders past the page, and says when more match', {
    timeout: 60_000,
  }, async () => {
    const operator = await createOperator(sut.database.db);
    const area = await createArea(sut.database.db, { operatorId: operator.id });
    const ticket = await createTicket(sut.database.db, { areaId: area.id });
    const userId = await memberId(await createMember(sut, 'Bruno'));
    const many = ORDER_COUNT_AHEAD + 20;
    // Written set-based, as an import would: the trigger gives each order its area all the same.
    await sut.database.db.execute(sql`
      with made as (
        insert into orders (code, user_id, status, language, payment_method, idempotency_key,
                            subtotal_cents, total_cents, hold_expires_at, created_at)
        select 'ST-MANY-' || ${operator.id} || '-' || n, ${userId}, 'issued', 'it', 'card',
               'many-' || ${operator.id} || '-' || n, 1000, 1000, now(), now() - n * interval '1 minute'
          from generate_series(1, ${many}) n
        returning id)
      insert into order_lines (order_id, ticket_id, guest_name, start_date, end_date, unit_price_cents)
      select id, ${ticket.id}, 'Gianni Rota', ${ticket.date}::date, ${ticket.date}::date, 1000 from made`);
    const manager = await managerOf(operator.id);

    const first = await search(manager, `area_id=${area.id}`);
    expect(first).toMatchObject({ total: ORDER_COUNT_AHEAD, total_exact: false, pages: 40 });
    expect(first.orders).toHaveLength(25);
    // Further on, the count reaches further: the last pages are counted exactly.
    const second = await search(manager, `area_id=${area.id}&page=2`);
    expect(second).toMatchObject({ total: many, total_exact: true, pages: Math.ceil(many / 25) });
    const few = await search(manager, `area_id=${area.id}&order_code=ST-MANY-${operator.id}-7`);
    expect(few).toMatchObject({ total: 1, total_exact: true, pages: 1 });
  });

  it("keeps each order's areas from its guests' tickets, and shows an order to each area's operator", async () => {
    const [a, b] = [await createOperator(sut.database.db), await createOperator(sut.database.db)];
    const areaA = await createArea(sut.database.db, { operatorId: a.id });
    const areaB = await createArea(sut.database.db, { operatorId: b.id });
    const ticketA = await createTicket(sut.database.db, { areaId: areaA.id });
    const ticketB = await createTicket(sut.database.db, { areaId: areaB.id });
    const userId = await memberId(await createMember(sut, 'Carla'));
    const both = await createOrder(sut.database.db, { userId }, [
      { ticketId: ticketA.id, startDate: ticketA.date, guestName: 'Ada Negri' },
      { ticketId: ticketA.id, startDate: ticketA.date, guestName: 'Ugo Negri' },
      { ticketId: ticketB.id, startDate: ticketB.date, guestName: 'Eva Negri' },
    ]);
    const onlyA = await createOrder(sut.database.db, { userId }, [
      { ticketId: ticketA.id, startDate: ticketA.date },
    ]);
    const [row] = await sut.database.db
      .select({ areaIds: orders.areaIds })
      .from(orders)
      .where(eq(orders.id, both.id));
    expect([...(row?.areaIds ?? [])].sort((x, y) => x - y)).toEqual(
      [areaA.id, areaB.id].sort((x, y) => x - y),
    );

    const codes = async (browser: Browser, query: string) =>
      (await search(browser, query)).orders.map((order) => order.code);
    const managerA = await managerOf(a.id);
    const managerB = await managerOf(b.id);
    expect(await codes(managerA, 'guest_name=negri')).toEqual([both.code]);
    expect(await codes(managerB, 'guest_name=negri')).toEqual([both.code]);
    expect(await codes(managerA, `area_id=${areaA.id}`)).toEqual([onlyA.code, both.code]);
    expect(await codes(managerB, `area_id=${areaB.id}`)).toEqual([both.code]);
    // The order with guests of both is B's too, whichever of its areas is asked; A's own is not.
    expect(await codes(managerB, `area_id=${areaA.id}`)).toEqual([both.code]);
    expect(await codes(managerB, `order_code=${onlyA.code}`)).toEqual([]);
  });

  it('finds a guest on every day their ticket is valid, not only the first', async () => {
    const operator = await createOperator(sut.database.db);
    const area = await createArea(sut.database.db, { operatorId: operator.id });
    const ticket = await createTicket(sut.database.db, { areaId: area.id });
    const userId = await memberId(await createMember(sut, 'Dario'));
    const yearly = await createOrder(
      sut.database.db,
      { userId, createdAt: new Date('2026-03-01T10:00:00Z') },
      [{ ticketId: ticket.id, startDate: '2026-03-02', endDate: '2027-03-01', guestName: 'Lia Monti' }],
    );
    const oneDay = await createOrder(
      sut.database.db,
      { userId, createdAt: new Date('2026-07-10T10:00:00Z') },
      [{ ticketId: ticket.id, startDate: '2026-07-14', guestName: 'Pio Monti' }],
    );
    const manager = await managerOf(operator.id);
    const on = async (day: string) =>
      (await search(manager, `ticket_id=${ticket.id}&day=${day}`)).orders.map((order) => order.code);

    expect(await on('2026-03-02')).toEqual([yearly.code]);
    expect(await on('2026-07-14')).toEqual([oneDay.code, yearly.code]);
    expect(await on('2027-03-01')).toEqual([yearly.code]);
    expect(await on('2027-03-02')).toEqual([]);
    expect(await on('2026-03-01')).toEqual([]);
  });
});
