import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@sentiero/contract/access';
import { issuedTickets, ticketRedemptions } from '@sentiero/db/schema';
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
import { buyFor, guestsOf } from '../../test/refund-kit.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * A day's manifest (issue 23, item 4): who holds a place on that day, guest by guest, for the
 * operator's own tickets and areas only; and the choices of areas and tickets staff pick it by.
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

async function operatorWithTicket() {
  const operator = await createOperator(sut.database.db);
  const area = await createArea(sut.database.db, { operatorId: operator.id });
  const ticket = await createTicket(sut.database.db, { areaId: area.id });
  return { operator, area, ticket };
}

async function staffOf(role: StaffRole, operatorId: number | null): Promise<Browser> {
  const everywhere = role === 'admin' || role === 'support';
  const staff = await createStaff(sut.database.db, { role, operatorId: everywhere ? null : operatorId });
  return signInStaff(sut, staff, clock);
}

const manifestOf = (browser: Browser, query: string) => browser.get(`/api/console/manifest?lng=en&${query}`);
const holds = (role: StaffRole) => (PERMISSIONS['orders.read'].heldBy as readonly string[]).includes(role);

describe("the day's manifest", () => {
  it('lists each guest holding a place that day, with their state, and leaves out the rest', async () => {
    const { operator, ticket } = await operatorWithTicket();
    const buyer = await createMember(sut, 'Elena', { email: `${unique('elena')}@example.it`.toLowerCase() });
    const manager = await staffOf('manager', operator.id);
    const paid = await buyFor(buyer, ticket, ['Zeno Paid', 'Bruno Refunded']);
    const checkedIn = await buyFor(buyer, ticket, ['Carla Checked']);
    const onSite = await buyFor(buyer, ticket, ['Dario OnSite'], { method: 'cash' });
    // Not holding a place: an order still waiting for its payment, and a guest of another day.
    const userId = await memberId(buyer);
    await createOrder(sut.database.db, { userId }, [
      { ticketId: ticket.id, startDate: ticket.date, guestName: 'Pia Pending' },
    ]);
    await createOrder(sut.database.db, { userId, status: 'issued' }, [
      { ticketId: ticket.id, startDate: '2027-03-03', guestName: 'Otto OtherDay' },
    ]);
    const [refunded] = (await guestsOf(sut, paid.code)).filter((guest) => guest.name === 'Bruno Refunded');
    const refund = await manager.post('/api/console/order/refund?lng=en', {
      code: paid.code,
      guests: [refunded?.id],
      reason: 'Cannot come',
      idempotency_key: unique('refund'),
    });
    expect(refund.json().state, refund.body).toBe('succeeded');
    const [used] = await sut.database.db
      .select({ id: issuedTickets.id })
      .from(issuedTickets)
      .where(eq(issuedTickets.holderName, 'Carla Checked'));
    // Checked in at 09:30 in the park, on the day itself.
    await sut.database.db
      .insert(ticketRedemptions)
      .values({ issuedTicketId: used?.id ?? 0, redeemedAt: new Date(`${ticket.date}T08:30:00Z`) });

    const response = await manifestOf(manager, `ticket_id=${ticket.id}&day=${ticket.date}`);

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(
      body.guests.map((guest: { guest_name: string; state: string }) => [guest.guest_name, guest.state]),
    ).toEqual([
      ['Carla Checked', 'checked_in'],
      ['Dario OnSite', 'pay_on_site'],
      ['Zeno Paid', 'paid'],
    ]);
    expect(body.counts).toEqual({ paid: 1, pay_on_site: 1, checked_in: 1 });
    expect(body.total).toBe(3);
    const zeno = body.guests.find((guest: { guest_name: string }) => guest.guest_name === 'Zeno Paid');
    expect(zeno).toMatchObject({
      order_code: paid.code,
      ticket_code: expect.stringMatching(/^[A-Z0-9]+$/),
      buyer: { name: 'Elena Conti', email: expect.stringContaining('@example.it') },
    });
    expect(body.guests.map((guest: { order_code: string }) => guest.order_code)).toEqual([
      checkedIn.code,
      onSite.code,
      paid.code,
    ]);

    const sameByArea = await manifestOf(manager, `area_id=${ticket.row.areaId}&day=${ticket.date}`);
    expect(sameByArea.json().total).toBe(3);
    expect((await manifestOf(manager, `ticket_id=${ticket.id}&day=2027-03-03`)).json().guests).toHaveLength(
      1,
    );
  });

  it('asks for a day and a ticket or an area', async () => {
    const { operator, ticket } = await operatorWithTicket();
    const manager = await staffOf('manager', operator.id);
    const noPlace = await manifestOf(manager, `day=${ticket.date}`);
    expect(noPlace.statusCode).toBe(400);
    expect(Object.keys(noPlace.json().fields)).toEqual(['ticket_id']);
    const noDay = await manifestOf(manager, `ticket_id=${ticket.id}`);
    expect(noDay.statusCode).toBe(400);
    expect(Object.keys(noDay.json().fields)).toEqual(['day']);
  });

  it.each(STAFF_ROLES)('answers a %s as the permission table says', async (role) => {
    const { operator, ticket } = await operatorWithTicket();
    const buyer = await createMember(sut, 'Ivo');
    await buyFor(buyer, ticket, ['Ivo Guest']);
    const browser = await staffOf(role, operator.id);
    for (const url of [
      `/api/console/manifest?lng=en&ticket_id=${ticket.id}&day=${ticket.date}`,
      '/api/console/orders/choices?lng=en',
    ]) {
      const response = await browser.get(url);
      if (holds(role)) expect(response.statusCode, `${role} ${url}`).toBe(200);
      else {
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      }
    }
    if (holds(role)) {
      const manifest = await manifestOf(browser, `ticket_id=${ticket.id}&day=${ticket.date}`);
      expect(manifest.json().guests.map((guest: { guest_name: string }) => guest.guest_name)).toEqual([
        'Ivo Guest',
      ]);
    }
  });

  it('answers a visitor 401', async () => {
    const { ticket } = await operatorWithTicket();
    const visitor = createBrowser(sut);
    for (const url of [
      `/api/console/manifest?lng=en&ticket_id=${ticket.id}&day=${ticket.date}`,
      '/api/console/orders/choices?lng=en',
    ]) {
      const response = await visitor.get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });
});

describe("another operator's days", () => {
  it("show an operator's manager nobody, by ticket or by area, and their areas are not offered", async () => {
    const a = await operatorWithTicket();
    const b = await operatorWithTicket();
    const buyer = await createMember(sut, 'Lia');
    await buyFor(buyer, b.ticket, ['Guest Of B']);
    const managerOfA = await staffOf('manager', a.operator.id);

    for (const query of [
      `ticket_id=${b.ticket.id}&day=${b.ticket.date}`,
      `area_id=${b.area.id}&day=${b.ticket.date}`,
    ]) {
      const response = await manifestOf(managerOfA, query);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ guests: [], total: 0 });
    }
    const managerOfB = await staffOf('manager', b.operator.id);
    expect((await manifestOf(managerOfB, `area_id=${b.area.id}&day=${b.ticket.date}`)).json().total).toBe(1);

    const choices = (await managerOfA.get('/api/console/orders/choices?lng=en')).json();
    expect(choices.areas.map((area: { id: number }) => area.id)).toEqual([a.area.id]);
    expect(choices.areas[0].tickets).toEqual([{ id: a.ticket.id, title: expect.any(String) }]);
    const admin = (await (await staffOf('admin', null)).get('/api/console/orders/choices?lng=en')).json();
    expect(admin.areas.map((area: { id: number }) => area.id)).toEqual(
      expect.arrayContaining([a.area.id, b.area.id]),
    );
  });
});
