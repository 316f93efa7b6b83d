import { PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@sentiero/contract/access';
import { issuedTickets } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createArea,
  createMember,
  createOrder,
  createTicket,
  memberId,
  unique,
} from '../../test/factories.ts';
import { buyFor, orderRow } from '../../test/refund-kit.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * The console's orders (issue 23, item 4; ADR 033): who may do what follows the permission
 * table, and an operator's staff never see, nor act on, another operator's orders.
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

/** An operator with one area and one ticket, and a pending card order of a member on it. */
async function operatorWithOrder(guestName = 'Anna Conti') {
  const operator = await createOperator(sut.database.db);
  const area = await createArea(sut.database.db, { operatorId: operator.id });
  const ticket = await createTicket(sut.database.db, { areaId: area.id });
  const buyer = await createMember(sut, 'Marta');
  const order = await createOrder(sut.database.db, { userId: await memberId(buyer) }, [
    { ticketId: ticket.id, startDate: ticket.date, guestName },
  ]);
  return { operator, area, ticket, order, buyer };
}

async function staffOf(role: StaffRole, operatorId: number | null, areaIds?: number[]): Promise<Browser> {
  const everywhere = role === 'admin' || role === 'support';
  const staff = await createStaff(sut.database.db, {
    role,
    operatorId: everywhere ? null : operatorId,
    areaIds: areaIds ?? null,
  });
  return signInStaff(sut, staff, clock);
}

type Call = (browser: Browser, code: string) => ReturnType<Browser['get']>;
/**
 * Each endpoint, called on a pending card order, and what it answers someone allowed: the reads
 * answer it; the writes reach the order's own rules (a pending card order cannot be resent,
 * marked paid or refunded) and answer 409, changing nothing.
 */
const ENDPOINTS: { permission: StaffPermission; allowed: 200 | 409; call: Call }[] = [
  {
    permission: 'orders.read',
    allowed: 200,
    call: (b, code) => b.get(`/api/console/orders?lng=en&order_code=${code}`),
  },
  {
    permission: 'orders.read',
    allowed: 200,
    call: (b, code) => b.get(`/api/console/order?lng=en&code=${code}`),
  },
  {
    permission: 'orders.resend',
    allowed: 409,
    call: (b, code) => b.post('/api/console/order/resend?lng=en', { code }),
  },
  {
    permission: 'orders.markPaid',
    allowed: 409,
    call: (b, code) => b.post('/api/console/order/mark-paid?lng=en', { code }),
  },
  {
    permission: 'orders.refund',
    allowed: 409,
    call: (b, code) =>
      b.post('/api/console/order/refund?lng=en', { code, reason: 'storm', idempotency_key: unique('click') }),
  },
];

const holds = (role: StaffRole, permission: StaffPermission) =>
  (PERMISSIONS[permission].heldBy as readonly string[]).includes(role);

describe('who may use the console orders', () => {
  it.each(STAFF_ROLES)(
    'gives a %s what the permission table gives it, and refuses the rest',
    async (role) => {
      const { operator, order } = await operatorWithOrder();
      const browser = await staffOf(role, operator.id);
      for (const endpoint of ENDPOINTS) {
        const response = await endpoint.call(browser, order.code);
        const where = `${role} ${endpoint.permission}: ${response.body}`;
        if (holds(role, endpoint.permission)) {
          expect(response.statusCode, where).toBe(endpoint.allowed);
        } else {
          expect(response.statusCode, where).toBe(403);
          expect(response.json().code, where).toBe('FORBIDDEN');
        }
      }
    },
  );

  it('answers a visitor 401 on every endpoint', async () => {
    const { order } = await operatorWithOrder();
    const visitor = createBrowser(sut);
    for (const endpoint of ENDPOINTS) {
      const response = await endpoint.call(visitor, order.code);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });
});

describe("another operator's orders", () => {
  it("are never shown to an operator's manager, nor acted on: they answer 404", async () => {
    const a = await operatorWithOrder('Guest Of A');
    const b = await operatorWithOrder('Guest Of B');
    const manager = await staffOf('manager', a.operator.id);

    const search = await manager.get('/api/console/orders?lng=en&guest_name=Guest%20Of');
    expect(search.statusCode).toBe(200);
    const codes = search.json().orders.map((order: { code: string }) => order.code);
    expect(codes).toContain(a.order.code);
    expect(codes).not.toContain(b.order.code);
    expect((await manager.get(`/api/console/orders?lng=en&order_code=${b.order.code}`)).json().total).toBe(0);

    for (const endpoint of ENDPOINTS.slice(1)) {
      const response = await endpoint.call(manager, b.order.code);
      expect(response.statusCode, endpoint.permission).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await manager.get(`/api/console/order?lng=en&code=${a.order.code}`)).statusCode).toBe(200);
  });

  it("limits staff narrowed to some areas to those areas' orders", async () => {
    const { operator, order } = await operatorWithOrder();
    const otherArea = await createArea(sut.database.db, { operatorId: operator.id });
    const desk = await staffOf('desk', operator.id, [otherArea.id]);
    expect((await desk.get(`/api/console/orders?lng=en&order_code=${order.code}`)).json().total).toBe(0);
    expect((await desk.get(`/api/console/order?lng=en&code=${order.code}`)).statusCode).toBe(404);
    const wider = await staffOf('desk', operator.id);
    expect((await wider.get(`/api/console/order?lng=en&code=${order.code}`)).statusCode).toBe(200);
  });

  it('are all shown to support, everywhere', async () => {
    const a = await operatorWithOrder();
    const b = await operatorWithOrder();
    const support = await staffOf('support', null);
    for (const { order } of [a, b]) {
      expect((await support.get(`/api/console/orders?lng=en&order_code=${order.code}`)).json().total).toBe(1);
    }
  });
});

describe('searching orders', () => {
  it('finds an order by each of its fields', async () => {
    const operator = await createOperator(sut.database.db);
    const area = await createArea(sut.database.db, { operatorId: operator.id });
    const ticket = await createTicket(sut.database.db, { areaId: area.id });
    const email = `${unique('giulia')}@example.it`.toLowerCase();
    const buyer = await createMember(sut, 'Giuliana', { email });
    const bought = await buyFor(buyer, ticket, ['Piero Valsecchi']);
    const order = await orderRow(sut, bought.code);
    const [issued] = await sut.database.db
      .select({ code: issuedTickets.code })
      .from(issuedTickets)
      .where(eq(issuedTickets.orderId, order.id));
    const other = await operatorWithOrder();
    const withFiscalCode = await createOrder(sut.database.db, { userId: await memberId(other.buyer) }, [
      {
        ticketId: ticket.id,
        startDate: ticket.date,
        guestName: 'Rosa Bassi',
        fiscalCode: 'BSSRSO80A41H501Z',
        fishingCardNumber: 'TN 004512',
      },
    ]);
    const manager = await staffOf('manager', operator.id);
    const find = async (query: string) => {
      const response = await manager.get(`/api/console/orders?lng=en&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().orders.map((row: { code: string }) => row.code);
    };

    expect(await find(`order_code=${order.code}`)).toEqual([order.code]);
    expect(await find(`ticket_code=${issued?.code}`)).toEqual([order.code]);
    expect(await find(`buyer_email=${encodeURIComponent(email)}`)).toEqual([order.code]);
    expect(await find('buyer_name=giuliana')).toContain(order.code);
    expect(await find('guest_name=valsecchi')).toEqual([order.code]);
    expect(await find('fiscal_code=bssrso80a41h501z')).toEqual([withFiscalCode.code]);
    // As printed on the card or as typed: case and spaces do not matter.
    expect(await find('fishing_card=tn004512')).toEqual([withFiscalCode.code]);
    expect(await find('fishing_card=TN%20004512')).toEqual([withFiscalCode.code]);
    expect(await find('fishing_card=TN%20004513')).toEqual([]);
    expect(await find(`area_id=${area.id}`)).toEqual([withFiscalCode.code, order.code]);
    expect(await find(`ticket_id=${ticket.id}`)).toEqual([withFiscalCode.code, order.code]);
    expect(await find(`ticket_id=${ticket.id}&day=${ticket.date}`)).toEqual([
      withFiscalCode.code,
      order.code,
    ]);
    expect(await find(`ticket_id=${ticket.id}&day=2027-01-01`)).toEqual([]);
    expect(await find(`area_id=${area.id}&state=issued`)).toEqual([order.code]);
    expect(await find(`area_id=${area.id}&state=pending`)).toEqual([withFiscalCode.code]);
  });

  it('pages 25 orders at a time, newest first, with the total', async () => {
    const { operator, ticket, buyer } = await operatorWithOrder();
    const userId = await memberId(buyer);
    for (let index = 0; index < 26; index++) {
      await createOrder(sut.database.db, { userId, createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) }, [
        { ticketId: ticket.id, startDate: ticket.date },
      ]);
    }
    const owner = await staffOf('owner', operator.id);
    const first = (await owner.get(`/api/console/orders?lng=en&ticket_id=${ticket.id}`)).json();
    expect(first).toMatchObject({ total: 27, page: 1, pages: 2 });
    expect(first.orders).toHaveLength(25);
    const times = first.orders.map((row: { created_at: string }) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await owner.get(`/api/console/orders?lng=en&ticket_id=${ticket.id}&page=2`)).json();
    expect(second.orders).toHaveLength(2);
  });
});
