import { verifyTicketCode } from '@sentiero/contract/ticket-code';
import { issuedTickets, orders, users } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBrowser, waitForMail } from '../../test/app.ts';
import {
  buy,
  CARD_DECLINED,
  CARD_OK,
  daily,
  firstOpenDay,
  guest,
  member,
  setUpCheckout,
  sut,
  tickets,
  twoDays,
} from '../../test/checkout.ts';
import { createTicket } from '../../test/factories.ts';
import { takePlaces } from './places.ts';

setUpCheckout();

describe('app/v4/ticket/buy', () => {
  // The payment page shows SPEC's words ('…logged in or registered'); the API refuses in its one way.
  it('asks a visitor to log in, as every endpoint for members does', async () => {
    const response = await buy(createBrowser(sut), { guests: [guest('2027-06-05')] });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please log in to continue' });
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
    const italianMismatch = await buy(
      browser,
      { guests: [guest(date), { ...guest(date), end_date: '2027-12-31' }] },
      'it',
    );
    // Two dates, so the verb agrees with a plural subject.
    expect(italianMismatch.json().fields['guests.1.end_date']).toBe(
      'Le date di inizio e/o di fine non corrispondono alla durata del biglietto.',
    );
  });

  it('refuses a day in the past', async () => {
    const browser = await member();
    const response = await buy(browser, { guests: [guest('2026-11-01')] });
    expect(response.json().fields['guests.0.start_date']).toBe('Enter a valid date');
  });

  it('asks for the fishing card number when the permit needs one', async () => {
    const fishing = tickets.find((ticket) => ticket.requires_fishing_card && !ticket.residents_only);
    if (!fishing) throw new Error('the file wrote no permit that asks for a fishing card');
    const browser = await member();
    const response = await buy(browser, { id_ticket: fishing.id, guests: [guest('2027-06-07')] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields['guests.0.card_number']).toBe('Enter a valid fishing card number');
  });

  it('sells a residents-only permit only to residents, with a real Italian fiscal code', async () => {
    const residents = tickets.find(
      (ticket) => ticket.residents_only?.includes('IT') && !ticket.requires_fishing_card,
    );
    if (!residents) throw new Error('the file wrote no residents-only permit for Italy');
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

describe("a ticket's validity and its season", () => {
  /** A weekly mushroom permit of the Apennines: season 1 June – 30 November. */
  const writeWeeklyPermit = () =>
    createTicket(sut.database.db, { durationType: 'WEEKLY', season: { start: '06-01', end: '11-30' } });
  const week = (start: string, end: string) => ({
    full_name: 'Anna Conti',
    start_date: start,
    end_date: end,
  });

  it('refuses a week starting Thursday 25 November, which would be valid until 1 December', async () => {
    const permit = await writeWeeklyPermit();
    const browser = await member();
    const body = { id_ticket: permit.id, guests: [week('2027-11-25', '2027-12-01')] };
    const response = await buy(browser, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      'guests.0.start_date':
        'From this day the ticket would still be valid after the season ends: choose an earlier start date',
    });
    const italian = await buy(browser, body, 'it');
    expect(italian.json().fields['guests.0.start_date']).toBe(
      'Da questo giorno il biglietto resterebbe valido oltre la fine della stagione: scegli una data di inizio precedente',
    );
    const inSeason = await buy(browser, { ...body, guests: [week('2027-11-24', '2027-11-30')] });
    expect(inSeason.statusCode).toBe(200);
  });

  it('marks on the calendar the days whose week would end after the season', async () => {
    const permit = await writeWeeklyPermit();
    const response = await sut.app.inject({
      method: 'GET',
      url: `/api/app/v2/ticket/calendar?id=${permit.id}&from=2027-11-23&days=10`,
    });
    const days = response.json().days as { date: string; open: boolean; reason: string | null }[];
    expect(days.filter((day) => day.open).map((day) => day.date)).toEqual(['2027-11-23', '2027-11-24']);
    expect(days.find((day) => day.date === '2027-11-25')?.reason).toBe('ends-after-season');
    expect(days.find((day) => day.date === '2027-12-01')?.reason).toBe('outside-season');
  });
});
