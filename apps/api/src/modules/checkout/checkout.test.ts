import { verifyTicketCode } from '@sentiero/contract/ticket-code';
import {
  tickets as catalogue,
  coupons,
  issuedTickets,
  orderLines,
  orders,
  ticketFacets,
  users,
} from '@sentiero/db/schema';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createOrder } from '../../test/factories.ts';
import { takePlaces } from './places.ts';
import { refreshPopularity } from './popularity.ts';
import { expireHolds } from './service.ts';

let sut: TestApp;
const NOW = '2026-11-23T08:00:00Z';
beforeAll(async () => {
  sut = await createTestApp({}, { now: NOW });
});
afterAll(() => sut.close());

type TicketInfo = {
  id: number;
  duration_type: string;
  price_cents: number;
  discounted_price_cents: number | null;
  daily_capacity: number | null;
  min_age: number;
  requires_fishing_card: boolean;
  residents_only: string[] | null;
};

let serial = 0;
async function member(): Promise<Browser> {
  const browser = createBrowser(sut);
  const response = await browser.post('/api/app/user/register?lng=en', {
    firstname: 'Paolo',
    lastname: 'Conti',
    email: `paolo.${++serial}@example.it`,
    password: 'Trota2026',
    country: 'IT',
    is_adult: true,
    policy_accepted: true,
  });
  expect(response.statusCode).toBe(200);
  return browser;
}

async function allTickets(): Promise<TicketInfo[]> {
  const list = await sut.app.inject({ method: 'GET', url: '/api/app/v2/search?lng=en&page=1' });
  const ids: number[] = [];
  const pages = list.json().pages as number;
  for (let page = 1; page <= pages; page++) {
    const response = await sut.app.inject({ method: 'GET', url: `/api/app/v2/search?lng=en&page=${page}` });
    ids.push(...response.json().ticket_list.map((ticket: { id: number }) => ticket.id));
  }
  const infos = await Promise.all(
    ids.map((id) => sut.app.inject({ method: 'GET', url: `/api/app/ticket/info?id=${id}&lng=en` })),
  );
  return infos.map((response) => response.json().ticket as TicketInfo);
}

async function firstOpenDay(ticketId: number): Promise<{ date: string; remaining: number | null }> {
  const response = await sut.app.inject({
    method: 'GET',
    url: `/api/app/ticket/calendar?id=${ticketId}&from=2027-06-01&days=60`,
  });
  const day = response.json().days.find((entry: { open: boolean }) => entry.open);
  if (!day) throw new Error(`ticket ${ticketId} has no open day in summer 2027`);
  return day;
}

let tickets: TicketInfo[];
let daily: TicketInfo;
beforeAll(async () => {
  tickets = await allTickets();
  const candidates = tickets.filter(
    (ticket) =>
      ticket.duration_type === 'DAILY' &&
      ticket.daily_capacity !== null &&
      ticket.min_age === 0 &&
      !ticket.requires_fishing_card &&
      !ticket.residents_only &&
      ticket.price_cents > 0,
  );
  if (!candidates[0]) throw new Error('the seed has no plain daily ticket with places per day');
  daily = candidates[0];
});

const CARD_OK = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
const CARD_DECLINED = { number: '4000 0000 0000 0002', exp_month: 12, exp_year: 2030, cvc: '123' };

async function buy(browser: Browser, body: Record<string, unknown>, language = 'en') {
  return browser.post(`/api/app/v4/ticket/buy?lng=${language}`, {
    id_ticket: daily.id,
    payment_method: 'sandbox',
    card: CARD_OK,
    idempotency_key: `key-${Date.now()}-${++serial}`,
    ...body,
  });
}

const guest = (date: string, name = 'Anna Conti') => ({ full_name: name, start_date: date, end_date: date });
/** A guest for the whole duration of a ticket starting on `date`. */
function twoDays(date: string, ticket: TicketInfo) {
  const days = { DAILY: 0, TWODAYS: 1, THREEDAYS: 2, FOURDAYS: 3, WEEKLY: 6 }[ticket.duration_type] ?? 0;
  const end = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { full_name: 'Anna Conti', start_date: date, end_date: end };
}

describe('app/v4/ticket/buy', () => {
  it('asks a visitor to log in or register, in SPEC words', async () => {
    const response = await buy(createBrowser(sut), { guests: [guest('2027-06-05')] });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(
      'In order to complete the payment you need to be logged in or registered',
    );
  });

  it('sells two places with the sandbox card and answers the cart figures', async () => {
    const browser = await member();
    const { date } = await firstOpenDay(daily.id);
    const before = (await firstOpenDay(daily.id)).remaining ?? 0;
    const response = await buy(browser, { guests: [guest(date), guest(date, 'Marco Conti')] });
    expect(response.statusCode).toBe(200);
    const { order } = response.json();
    const unit = daily.discounted_price_cents ?? daily.price_cents;
    expect(order).toMatchObject({ status: 'issued', payment_method: 'sandbox', pay_on_site: false });
    expect(order.code).toMatch(/^ST-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(order.summary).toMatchObject({
      quantity: 2,
      start_date: date,
      end_date: date,
      unit_price_cents: unit,
      subtotal_cents: daily.price_cents * 2,
      discount_cents: (daily.price_cents - unit) * 2,
      total_cents: unit * 2,
      currency: 'EUR',
    });
    expect((await firstOpenDay(daily.id)).remaining).toBe(before - 2);

    const [row] = await sut.database.db.select().from(orders).where(eq(orders.code, order.code));
    const [buyer] = await sut.database.db
      .select()
      .from(users)
      .where(eq(users.id, row?.userId ?? 0));
    const mails = await waitForMail(sut, buyer?.email ?? '', 2);
    expect(mails[0]?.subject).toContain(order.code);
    expect(mails[0]?.text).toContain(`[attachment: sentiero-${order.code}.pdf]`);
    const issued = await sut.database.db
      .select()
      .from(issuedTickets)
      .where(eq(issuedTickets.orderId, row?.id ?? 0));
    expect(issued.map((ticket) => ticket.holderName).sort()).toEqual(['Anna Conti', 'Marco Conti']);
    const keys = (await sut.app.inject({ method: 'GET', url: '/api/app/ticket/keys' })).json().keys;
    const raw = Buffer.from(keys[0].x, 'base64url');
    for (const ticket of issued) {
      const verified = await verifyTicketCode(ticket.signedCode, { [keys[0].kid]: new Uint8Array(raw) });
      expect(verified).toMatchObject({
        valid: true,
        payload: { holder: ticket.holderName, valid_from: date },
      });
    }
  });

  it('takes guests and card as JSON strings, as a form-data body sends them', async () => {
    const browser = await member();
    const { date } = await firstOpenDay(daily.id);
    const response = await buy(browser, {
      guests: JSON.stringify([guest(date)]),
      card: JSON.stringify(CARD_OK),
    });
    expect(response.json().fields).toBeUndefined();
    expect(response.statusCode).toBe(200);
    expect(response.json().order.summary.quantity).toBe(1);
  });

  it('answers a retried purchase with the same order, never a second one', async () => {
    const browser = await member();
    const { date } = await firstOpenDay(daily.id);
    const body = { guests: [guest(date)], idempotency_key: 'retry-after-a-lost-answer-1' };
    const [first, second] = await Promise.all([buy(browser, body), buy(browser, body)]);
    expect(first.json().order.code).toBe(second.json().order.code);
    const rows = await sut.database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, body.idempotency_key));
    expect(rows).toHaveLength(1);
  });

  it('gives the places back when the card is declined', async () => {
    const browser = await member();
    const { date, remaining } = await firstOpenDay(daily.id);
    const response = await buy(browser, { guests: [guest(date)], card: CARD_DECLINED });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('There was an error, please try again');
    expect((await firstOpenDay(daily.id)).remaining).toBe(remaining);
  });

  it('refuses a payment method this server does not take, and holds no place for it', async () => {
    const browser = await member();
    const { date, remaining } = await firstOpenDay(daily.id);
    const response = await buy(browser, { guests: [guest(date)], payment_method: 'paypal', card: undefined });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      message: 'This payment method is not available, please choose another one',
    });
    expect((await firstOpenDay(daily.id)).remaining).toBe(remaining);
  });

  it('confirms a cash order, to be paid on site', async () => {
    const browser = await member();
    const { date } = await firstOpenDay(daily.id);
    const response = await buy(browser, { guests: [guest(date)], payment_method: 'cash', card: undefined });
    expect(response.json().order).toMatchObject({
      status: 'issued',
      payment_method: 'cash',
      pay_on_site: true,
    });
  });

  it('checks every guest with SPEC messages, in English and in Italian', async () => {
    const browser = await member();
    const { date } = await firstOpenDay(daily.id);
    const response = await buy(browser, {
      guests: [
        { full_name: 'Anna', start_date: date, end_date: date },
        { full_name: 'Anna Conti', start_date: '2027-02-30', end_date: '2027-02-30' },
        { full_name: 'Anna Conti', start_date: date, end_date: '2027-12-31' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      'guests.0.full_name': 'Enter a valid first and last name',
      'guests.1.start_date': 'Enter a valid date',
    });
    const mismatch = await buy(browser, {
      guests: [guest(date), { ...guest(date), end_date: '2027-12-31' }],
    });
    expect(mismatch.json().fields['guests.1.end_date']).toBe(
      'Start date and/or end date do not match the ticket duration.',
    );
    const italian = await buy(browser, { guests: [{ ...guest(date), full_name: 'X' }] }, 'it');
    expect(italian.json().fields['guests.0.full_name']).toBe('Inserisci un nome e cognome validi');
  });

  it('refuses a day in the past', async () => {
    const browser = await member();
    const response = await buy(browser, { guests: [guest('2026-11-01')] });
    expect(response.json().fields['guests.0.start_date']).toBe('Enter a valid date');
  });

  it('asks for the fishing card number when the permit needs one', async () => {
    const fishing = tickets.find((ticket) => ticket.requires_fishing_card && !ticket.residents_only);
    if (!fishing) throw new Error('the seed has no permit that asks for a fishing card');
    const browser = await member();
    const response = await buy(browser, { id_ticket: fishing.id, guests: [guest('2027-06-07')] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields['guests.0.card_number']).toBe('Enter a valid fishing card number');
  });

  it('sells a residents-only permit only to residents, with a real Italian fiscal code', async () => {
    const residents = tickets.find(
      (ticket) => ticket.residents_only?.includes('IT') && !ticket.requires_fishing_card,
    );
    if (!residents) throw new Error('the seed has no residents-only permit for Italy');
    const browser = await member();
    const { date } = await firstOpenDay(residents.id);
    const ask = (extra: Record<string, string>) =>
      buy(browser, {
        id_ticket: residents.id,
        guests: [{ ...twoDays(date, residents), birth_year: 1980, ...extra }],
      });
    expect((await ask({ country: 'DE' })).json().fields['guests.0.country']).toBe(
      'This ticket is only for residents of the countries listed',
    );
    expect(
      (await ask({ country: 'IT', fiscal_code: 'RSSMRA85T10A562X' })).json().fields['guests.0.fiscal_code'],
    ).toBe('Invalid fiscal code');
    const bought = await ask({ country: 'IT', fiscal_code: 'RSSMRA85T10A562S' });
    expect(bought.statusCode).toBe(200);
  });

  it('says the activity is no longer available when the day is sold out', async () => {
    const browser = await member();
    const { date, remaining } = await firstOpenDay(daily.id);
    await sut.database.db.transaction(async (tx) => {
      await takePlaces(tx, daily.id, [date], remaining ?? 0, daily.daily_capacity ?? 0);
    });
    const response = await buy(browser, { guests: [guest(date)] });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This activity is no longer available, please try another one');
  });
});

describe('coupons', () => {
  it("says 'Coupon code is valid!' figures for a good code and 'Coupon code not valid' otherwise", async () => {
    const browser = await member();
    const ask = (code: string, language = 'en') =>
      browser.post(`/api/app/coupon/info?lng=${language}`, { code, id_ticket: daily.id, quantity: 2 });
    const unit = daily.discounted_price_cents ?? daily.price_cents;
    expect((await ask('benvenuto10')).json()).toEqual({
      valid: true,
      code: 'BENVENUTO10',
      kind: 'percent',
      amount: 10,
      discount_cents: Math.round((unit * 2) / 10),
    });
    const wrong = await ask('NOPE-2026');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Coupon code not valid',
      fields: { code: 'Coupon code not valid' },
    });
    expect((await ask('no spaces!')).json().fields.code).toBe('Enter a valid coupon code');
    expect((await ask('NOPE-2026', 'it')).json().message).toBe('Codice coupon non valido');
    // ESTATE2027 starts in June 2027; the clock says November 2026.
    expect((await ask('ESTATE2027')).statusCode).toBe(400);
  });

  it('takes the coupon off the total, once per person when the code says so', async () => {
    const browser = await member();
    const { date } = await firstOpenDay(daily.id);
    const unit = daily.discounted_price_cents ?? daily.price_cents;
    const first = await buy(browser, { guests: [guest(date)], coupon: 'BENVENUTO10' });
    expect(first.json().order.summary).toMatchObject({
      coupon_discount_cents: Math.round(unit / 10),
      total_cents: unit - Math.round(unit / 10),
    });
    const second = await buy(browser, { guests: [guest(date)], coupon: 'BENVENUTO10' });
    expect(second.statusCode).toBe(400);
    expect(second.json().fields.coupon).toBe('Coupon code not valid');
  });

  it('issues a free permit without any payment when a coupon takes the whole price', async () => {
    await sut.database.db
      .insert(coupons)
      .values({ code: 'PERMESSO-OMAGGIO', kind: 'percent', amount: 100, ticketIds: [daily.id], maxUses: 5 });
    const browser = await member();
    const { date } = await firstOpenDay(daily.id);
    // Whatever method the page sent, nothing is charged: no card is needed.
    const response = await buy(browser, {
      guests: [guest(date), guest(date, 'Marco Conti')],
      coupon: 'permesso-omaggio',
      payment_method: 'cash',
      card: undefined,
    });
    expect(response.statusCode).toBe(200);
    const { order } = response.json();
    expect(order).toMatchObject({ status: 'issued', payment_method: 'free', pay_on_site: false });
    expect(order.summary.total_cents).toBe(0);
    const [row] = await sut.database.db.select().from(orders).where(eq(orders.code, order.code));
    expect(row?.paymentReference).toMatch(/^free_/);
    const issued = await sut.database.db
      .select()
      .from(issuedTickets)
      .where(eq(issuedTickets.orderId, row?.id ?? 0));
    expect(issued).toHaveLength(2);
    // Limited to its ticket: another one pays in full.
    const other = tickets.find((ticket) => ticket.id !== daily.id && ticket.price_cents > 0);
    const elsewhere = await browser.post('/api/app/coupon/info?lng=en', {
      code: 'PERMESSO-OMAGGIO',
      id_ticket: other?.id,
    });
    expect(elsewhere.json().message).toBe('Coupon code not valid');
  });

  it('refuses guessing after ten tries a minute', async () => {
    const browser = await member();
    const statuses = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push(
        (await browser.post('/api/app/coupon/info', { code: `GUESS-${attempt}`, id_ticket: daily.id }))
          .statusCode,
      );
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});

describe('holds', () => {
  it('releases the places of an order left unpaid past its 15 minutes', async () => {
    const { date, remaining } = await firstOpenDay(daily.id);
    const [owner] = await sut.database.db.select({ userId: orders.userId }).from(orders).limit(1);
    await createOrder(
      sut.database.db,
      {
        code: 'ST-HOLD0-TEST0',
        userId: owner?.userId ?? 0,
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
