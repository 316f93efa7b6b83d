import { addCalendarDays } from '@sentiero/contract/durations';
import { issuedTickets, orders, users } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, TestApp } from '../../test/app.ts';
import { createTestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket, memberId } from '../../test/factories.ts';

const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());

type OpenDay = { date: string; remaining: number };

/** A DAILY ticket anybody may buy, with room for a group of 12, and its open days in summer 2027. */
async function roomyDailyTicket(): Promise<{ id: number; days: OpenDay[] }> {
  const { id } = await createTicket(sut.database.db, { dailyCapacity: 20 });
  const response = await sut.app.inject({
    method: 'GET',
    url: `/api/app/ticket/calendar?id=${id}&from=2027-06-01&days=60`,
  });
  const open = response.json().days.filter((day: { open: boolean }) => day.open);
  if (open.length < 6) throw new Error('the ticket is not open on six days in summer 2027');
  return { id, days: open };
}

/** Each test's own clock and its own ticket: what one test books does not fill another's days. */
let ticket: { id: number; days: OpenDay[] };
beforeEach(async () => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
  ticket = await roomyDailyTicket();
});

let serial = 0;
function buyFor(
  browser: Browser,
  date: string,
  guests: number,
  method = 'cash',
  lng = 'en',
  key = `cash-limit-${++serial}`,
) {
  return browser.post(`/api/app/v4/ticket/buy?lng=${lng}`, {
    id_ticket: ticket.id,
    guests: Array.from({ length: guests }, (_, index) => ({
      full_name: `Guest ${String.fromCharCode(65 + index)}ndrea`,
      start_date: date,
      end_date: date,
    })),
    payment_method: method,
    idempotency_key: key,
    ...(method === 'sandbox'
      ? { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } }
      : {}),
  });
}

const remainingOn = async (date: string) => {
  const response = await sut.app.inject({
    method: 'GET',
    url: `/api/app/ticket/calendar?id=${ticket.id}&from=${date}&days=1`,
  });
  return response.json().days[0].remaining as number;
};

const dayOf = (index: number) => {
  const day = ticket.days[index];
  if (!day) throw new Error(`no open day ${index}`);
  return day.date;
};

describe('pay on site', () => {
  it('refuses a group too large to hold unpaid, and the day keeps its places', async () => {
    const browser = await createMember(sut);
    const date = dayOf(0);
    const before = await remainingOn(date);
    const group = await buyFor(browser, date, 12);
    expect(group.statusCode).toBe(409);
    expect(group.json()).toMatchObject({
      code: 'CASH_PLACES_LIMIT',
      message:
        'Paying on site is limited to a few places per ticket and day for each member: please pay online for a larger group',
    });
    expect(await remainingOn(date)).toBe(before);
    // The same group paid online is welcome.
    expect((await buyFor(browser, date, 12, 'sandbox')).statusCode).toBe(200);
  });

  it('counts the places already booked on site for that day, not those of other days', async () => {
    const browser = await createMember(sut);
    expect((await buyFor(browser, dayOf(1), 4)).statusCode).toBe(200);
    const more = await buyFor(browser, dayOf(1), 3, 'cash', 'it');
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(
      'Il pagamento in loco è limitato a pochi posti per biglietto e giorno per ogni utente: per un gruppo più numeroso paga online',
    );
    expect((await buyFor(browser, dayOf(1), 2)).statusCode).toBe(200);
    expect((await buyFor(browser, dayOf(2), 3)).statusCode).toBe(200);
  });

  it('allows three open bookings to pay on site, then one more only when one of them is used', async () => {
    const browser = await createMember(sut);
    const codes: string[] = [];
    for (const index of [3, 4, 5]) {
      const response = await buyFor(browser, dayOf(index), 1);
      expect(response.statusCode).toBe(200);
      codes.push(response.json().order.code);
    }
    const fourth = await buyFor(browser, dayOf(3), 1, 'cash', 'de');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      code: 'CASH_ORDERS_LIMIT',
      message:
        'Sie haben bereits so viele offene Buchungen mit Zahlung vor Ort wie möglich: Bitte bezahlen Sie diese Buchung online oder warten Sie, bis die anderen vor Ort bezahlt sind',
    });
    // Card payments are not limited.
    expect((await buyFor(browser, dayOf(3), 1, 'sandbox')).statusCode).toBe(200);

    // The guide checked the first booking's ticket and took the cash: it is no longer open.
    const [first] = await sut.database.db
      .select()
      .from(orders)
      .where(eq(orders.code, codes[0] ?? ''));
    await sut.database.db
      .update(issuedTickets)
      .set({ uses: 1 })
      .where(eq(issuedTickets.orderId, first?.id ?? 0));
    expect((await buyFor(browser, dayOf(3), 1)).statusCode).toBe(200);
  });

  it('answers the same booking to a purchase sent twice at once, even when it takes the last open one', async () => {
    const browser = await createMember(sut);
    for (const index of [3, 4]) expect((await buyFor(browser, dayOf(index), 1)).statusCode).toBe(200);
    const [first, second] = await Promise.all([
      buyFor(browser, dayOf(5), 1, 'cash', 'en', 'double-click-1'),
      buyFor(browser, dayOf(5), 1, 'cash', 'en', 'double-click-1'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().order.code).toBe(first.json().order.code);
  });

  it('stops counting a booking once its last valid day is over', async () => {
    const browser = await createMember(sut);
    for (let count = 0; count < 3; count++) {
      expect((await buyFor(browser, dayOf(2), 1)).statusCode).toBe(200);
    }
    expect((await buyFor(browser, dayOf(3), 1)).statusCode).toBe(409);
    const [member] = await sut.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, await memberId(browser)));
    // The morning after that day, in the area's time zone (every area is on Central European time);
    // months later, so the member logs in again.
    clock.set(Date.parse(`${addCalendarDays(dayOf(2), 1)}T06:00:00Z`));
    const login = await browser.post('/api/app/user/login', {
      email: member?.email,
      password: 'Trota2026',
    });
    expect(login.statusCode).toBe(200);
    expect((await buyFor(browser, dayOf(3), 1)).statusCode).toBe(200);
  });
});
