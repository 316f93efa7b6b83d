import { areas, orderAreaKeys, orderLines, orderSearchKeys, orders, staffGrants } from '@sentiero/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, createMember, createOrder, createTicket, memberId } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff, type TestStaff } from '../../test/staff-factories.ts';

/*
 * The orders' area keys (ADR 046): one row per order and area with the area's operator, the
 * order's state and days, kept by the database as orders, guests and areas change; and the
 * console's searches read from them for a staff member's scope, the same orders as before.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;
const db = () => sut.database.db;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

async function keysOf(orderId: number) {
  return db()
    .select({
      areaId: orderAreaKeys.areaId,
      operatorId: orderAreaKeys.operatorId,
      status: orderAreaKeys.status,
      firstDay: orderAreaKeys.firstDay,
      lastDay: orderAreaKeys.lastDay,
      daysContinuous: orderAreaKeys.daysContinuous,
    })
    .from(orderAreaKeys)
    .where(eq(orderAreaKeys.orderId, orderId))
    .orderBy(asc(orderAreaKeys.areaId));
}

async function codes(browser: Browser, query: string) {
  const response = await browser.get(`/api/console/orders?lng=en&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { orders: { code: string }[]; total: number };
  return { codes: body.orders.map((order) => order.code), total: body.total };
}

async function signedIn(staff: TestStaff) {
  return signInStaff(sut, staff, clock);
}

describe('the area keys of an order', () => {
  it('follow its guests, its state, its days and its area’s operator', async () => {
    const operator = await createOperator(db());
    const other = await createOperator(db());
    const lake = await createArea(db(), { operatorId: operator.id });
    const wood = await createArea(db(), { operatorId: operator.id });
    const lakeTicket = await createTicket(db(), { areaId: lake.id });
    const woodTicket = await createTicket(db(), { areaId: wood.id });
    const userId = await memberId(await createMember(sut, 'Tecla'));
    const order = await createOrder(db(), { userId }, [
      { ticketId: lakeTicket.id, startDate: '2026-12-01', endDate: '2026-12-02' },
    ]);
    expect(await keysOf(order.id)).toEqual([
      {
        areaId: lake.id,
        operatorId: operator.id,
        status: 'pending',
        firstDay: '2026-12-01',
        lastDay: '2026-12-02',
        daysContinuous: true,
      },
    ]);

    await db().update(orders).set({ status: 'issued' }).where(eq(orders.id, order.id));
    expect((await keysOf(order.id)).map((key) => key.status)).toEqual(['issued']);

    // A creation time written again (an import): every key of the order sorts by the new one.
    const madeAt = new Date('2026-11-20T07:00:00Z');
    await db().update(orders).set({ createdAt: madeAt }).where(eq(orders.id, order.id));
    for (const table of [orderAreaKeys, orderSearchKeys]) {
      const times = await db().select({ at: table.createdAt }).from(table).where(eq(table.orderId, order.id));
      expect(times.length, table === orderAreaKeys ? 'area keys' : 'search keys').toBeGreaterThan(0);
      expect(times.map((row) => row.at.toISOString())).toEqual(times.map(() => madeAt.toISOString()));
    }

    // A second guest in another area, days apart: two rows, the days with a gap.
    await db().insert(orderLines).values({
      orderId: order.id,
      ticketId: woodTicket.id,
      guestName: 'Ugo Lanza',
      startDate: '2026-12-05',
      endDate: '2026-12-05',
      unitPriceCents: 1000,
    });
    expect(await keysOf(order.id)).toEqual(
      [lake.id, wood.id].map((areaId) => ({
        areaId,
        operatorId: operator.id,
        status: 'issued',
        firstDay: '2026-12-01',
        lastDay: '2026-12-05',
        daysContinuous: false,
      })),
    );

    // A guest's dates moved: the days follow.
    await db()
      .update(orderLines)
      .set({ startDate: '2026-12-03', endDate: '2026-12-04' })
      .where(eq(orderLines.ticketId, lakeTicket.id));
    expect((await keysOf(order.id)).map((key) => [key.firstDay, key.lastDay, key.daysContinuous])).toEqual([
      ['2026-12-03', '2026-12-05', true],
      ['2026-12-03', '2026-12-05', true],
    ]);

    // The wood handed to another operator takes the order's row along.
    await db().update(areas).set({ operatorId: other.id }).where(eq(areas.id, wood.id));
    expect((await keysOf(order.id)).map((key) => key.operatorId)).toEqual([operator.id, other.id]);

    // The wood's guest removed: the wood's row goes.
    await db().delete(orderLines).where(eq(orderLines.ticketId, woodTicket.id));
    expect((await keysOf(order.id)).map((key) => key.areaId)).toEqual([lake.id]);
  });
});

describe("the order search from the scope's keys", () => {
  it('finds a manager’s orders by state and day, newest first, counted once each', async () => {
    const operator = await createOperator(db());
    const lake = await createArea(db(), { operatorId: operator.id });
    const wood = await createArea(db(), { operatorId: operator.id });
    const lakeTicket = await createTicket(db(), { areaId: lake.id });
    const woodTicket = await createTicket(db(), { areaId: wood.id });
    const elsewhere = await createArea(db());
    const theirs = await createTicket(db(), { areaId: elsewhere.id });
    const userId = await memberId(await createMember(sut, 'Gino'));
    const at = (day: string) => new Date(`${day}T09:00:00Z`);
    const old = await createOrder(db(), { userId, status: 'issued', createdAt: at('2026-11-01') }, [
      { ticketId: lakeTicket.id, startDate: '2026-11-10' },
    ]);
    // Both areas: one order, found once.
    const both = await createOrder(db(), { userId, status: 'paid', createdAt: at('2026-11-05') }, [
      { ticketId: lakeTicket.id, startDate: '2026-11-10' },
      { ticketId: woodTicket.id, startDate: '2026-11-12' },
    ]);
    const recent = await createOrder(db(), { userId, status: 'issued', createdAt: at('2026-11-08') }, [
      { ticketId: woodTicket.id, startDate: '2026-11-09', endDate: '2026-11-15' },
    ]);
    await createOrder(db(), { userId, status: 'issued', createdAt: at('2026-11-09') }, [
      { ticketId: theirs.id, startDate: '2026-11-10' },
    ]);
    const manager = await signedIn(await createStaff(db(), { role: 'manager', operatorId: operator.id }));

    expect(await codes(manager, '')).toEqual({ codes: [recent.code, both.code, old.code], total: 3 });
    expect(await codes(manager, 'state=issued')).toEqual({ codes: [recent.code, old.code], total: 2 });
    expect(await codes(manager, 'state=paid')).toEqual({ codes: [both.code], total: 1 });
    expect(await codes(manager, 'day=2026-11-10')).toEqual({
      codes: [recent.code, both.code, old.code],
      total: 3,
    });
    // The order of both areas has a gap on the 11th: its guests are read.
    expect(await codes(manager, 'day=2026-11-11')).toEqual({ codes: [recent.code], total: 1 });
    expect(await codes(manager, 'day=2026-11-12&state=paid')).toEqual({ codes: [both.code], total: 1 });
    expect(await codes(manager, `area_id=${lake.id}`)).toEqual({ codes: [both.code, old.code], total: 2 });
    // Another operator's area: none of its orders has a guest of the manager's areas.
    expect(await codes(manager, `area_id=${elsewhere.id}`)).toEqual({ codes: [], total: 0 });

    // Narrowed to the wood: only the wood's orders.
    const narrowed = await signedIn(
      await createStaff(db(), { role: 'manager', operatorId: operator.id, areaIds: [wood.id] }),
    );
    expect(await codes(narrowed, '')).toEqual({ codes: [recent.code, both.code], total: 2 });
    // The lake is not theirs, but the order of both areas is, through the wood.
    expect(await codes(narrowed, `area_id=${lake.id}`)).toEqual({ codes: [both.code], total: 1 });
  });

  it('pages through the orders of two operators in one order', async () => {
    const [first, second] = [await createOperator(db()), await createOperator(db())];
    const tickets = await Promise.all(
      [first, second].map(async (operator) =>
        createTicket(db(), { areaId: (await createArea(db(), { operatorId: operator.id })).id }),
      ),
    );
    const userId = await memberId(await createMember(sut, 'Nives'));
    const made: string[] = [];
    for (let index = 0; index < 30; index++) {
      const ticket = tickets[index % 3 === 0 ? 0 : 1];
      if (!ticket) throw new Error('no ticket');
      const order = await createOrder(
        db(),
        {
          userId,
          status: 'issued',
          createdAt: new Date(Date.parse('2026-10-01T08:00:00Z') + index * 60_000),
        },
        [{ ticketId: ticket.id, startDate: ticket.date }],
      );
      made.unshift(order.code);
    }
    const staff = await createStaff(db(), { role: 'manager', operatorId: first.id });
    await db().insert(staffGrants).values({ staffId: staff.id, role: 'manager', operatorId: second.id });
    const both = await signedIn(staff);
    const pageOne = await codes(both, '');
    const pageTwo = await codes(both, 'page=2');
    expect([...pageOne.codes, ...pageTwo.codes]).toEqual(made);
    expect(pageOne.total).toBe(30);
  });
});
