import { searchWords } from '@sentiero/contract/rules/search-words';
import { executeRows } from '@sentiero/db/client';
import { orderLines, users } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, createMember, createOrder, createTicket, memberId } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * What the console finds an order by (ADR 046): the words of the buyer's and the guests' names,
 * the tickets, the areas and the days, kept by the database as orders, guests and buyers change.
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

async function setUp() {
  const operator = await createOperator(sut.database.db);
  const area = await createArea(sut.database.db, { operatorId: operator.id });
  const ticket = await createTicket(sut.database.db, { areaId: area.id });
  const manager = await signInStaff(
    sut,
    await createStaff(sut.database.db, { role: 'manager', operatorId: operator.id }),
    clock,
  );
  return { operator, area, ticket, manager };
}

async function codes(browser: Browser, query: string): Promise<string[]> {
  const response = await browser.get(`/api/console/orders?lng=en&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { orders: { code: string }[] }).orders.map((order) => order.code);
}

describe('the words a name is found by', () => {
  it('are the same in the database as in the contract', async () => {
    const names = [
      'Mario Rossi',
      "Dell'Acqua, Maria-Chiara",
      'Jürgen Müller-Lüdenscheidt',
      'Čuk Žiga Šuštar Ćosić Đorđe',
      'José Ángel Núñez García',
      'Ørsted ÅSE ÿ ß',
      '  O’Brien  42 ',
      'Łukasz Στέφανος Иван',
      '',
    ];
    for (const name of names) {
      const [row] = await executeRows<{ words: string[] }>(
        sut.database.db,
        sql`select name_words(${name}) as words`,
      );
      expect(row?.words, name).toEqual(searchWords(name));
    }
  });
});

describe('the order search by name, ticket, area and day', () => {
  it('finds a guest by the start of each word, in any order, accents and case aside', async () => {
    const { ticket, manager } = await setUp();
    const userId = await memberId(await createMember(sut, 'Bruna'));
    const order = await createOrder(sut.database.db, { userId }, [
      { ticketId: ticket.id, startDate: ticket.date, guestName: 'Jürgen Müller-Lüdenscheidt' },
      { ticketId: ticket.id, startDate: ticket.date, guestName: 'Ana Núñez' },
    ]);
    for (const typed of ['muller', 'MÜLL', 'jurgen muller', 'Lüdenscheidt, Jürgen', 'nunez', 'ana nu']) {
      expect(await codes(manager, `guest_name=${encodeURIComponent(typed)}`), typed).toEqual([order.code]);
    }
    // A word's middle is not its start; the guests' words are not mixed across guests.
    for (const typed of ['uller', 'ana muller', 'zzz']) {
      expect(await codes(manager, `guest_name=${encodeURIComponent(typed)}`), typed).toEqual([]);
    }
  });

  it('finds a guest by the new name after it changed, and a buyer by their new name', async () => {
    const { ticket, manager } = await setUp();
    const userId = await memberId(await createMember(sut, 'Quirino'));
    const order = await createOrder(sut.database.db, { userId }, [
      { ticketId: ticket.id, startDate: ticket.date, guestName: 'Ottavia Bellandi' },
    ]);
    await sut.database.db
      .update(orderLines)
      .set({ guestName: 'Ottavia Ferrandi' })
      .where(eq(orderLines.orderId, order.id));
    expect(await codes(manager, 'guest_name=ferrandi')).toEqual([order.code]);
    expect(await codes(manager, 'guest_name=bellandi')).toEqual([]);

    await sut.database.db
      .update(users)
      .set({ firstName: 'Zefferino', lastName: 'Tramontana' })
      .where(eq(users.id, userId));
    expect(await codes(manager, 'buyer_name=zefferino%20tram')).toEqual([order.code]);
    expect(await codes(manager, 'buyer_name=quirino')).toEqual([]);
  });

  it("finds another operator's orders for nobody, by name, ticket, area or day", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const userId = await memberId(await createMember(sut, 'Ilario'));
    const order = await createOrder(sut.database.db, { userId }, [
      { ticketId: theirs.ticket.id, startDate: theirs.ticket.date, guestName: 'Severino Quadrelli' },
    ]);
    expect(await codes(theirs.manager, 'guest_name=quadrelli')).toEqual([order.code]);
    for (const query of [
      'guest_name=quadrelli',
      'buyer_name=ilario',
      `ticket_id=${theirs.ticket.id}`,
      `area_id=${theirs.area.id}`,
      `day=${theirs.ticket.date}`,
    ]) {
      expect(await codes(mine.manager, query), query).toEqual([]);
    }
  });

  it('finds an order on a day only when a guest is valid that day, gaps between guests included', async () => {
    const { ticket, manager } = await setUp();
    const userId = await memberId(await createMember(sut, 'Dora'));
    const gap = await createOrder(sut.database.db, { userId, createdAt: new Date('2026-11-20T09:00:00Z') }, [
      { ticketId: ticket.id, startDate: '2026-12-01', endDate: '2026-12-02', guestName: 'Uno Primo' },
      { ticketId: ticket.id, startDate: '2026-12-05', endDate: '2026-12-05', guestName: 'Due Secondo' },
    ]);
    const on = (day: string) => codes(manager, `day=${day}`);
    expect(await on('2026-12-02')).toEqual([gap.code]);
    expect(await on('2026-12-03')).toEqual([]);
    expect(await on('2026-12-05')).toEqual([gap.code]);
    expect(await on('2026-12-06')).toEqual([]);
    expect(await codes(manager, `day=2026-12-03&guest_name=primo`)).toEqual([]);
    expect(await codes(manager, `day=2026-12-01&guest_name=primo&ticket_id=${ticket.id}`)).toEqual([
      gap.code,
    ]);
  });
});
