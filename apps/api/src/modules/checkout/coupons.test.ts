import { issuedTickets, orders } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { buy, daily, firstOpenDay, guest, member, setUpCheckout, sut, tickets } from '../../test/checkout.ts';
import { createCoupon, createTicket } from '../../test/factories.ts';

setUpCheckout();

// The codes these tests use are their own: a welcome code once per person, and a summer code that
// starts after the test clock's today (November 2026).
beforeAll(async () => {
  await createCoupon(sut.database.db, { code: 'FUNGHI10', kind: 'percent', amount: 10, maxUsesPerPerson: 1 });
  await createCoupon(sut.database.db, {
    code: 'RAFTING2027',
    kind: 'percent',
    amount: 15,
    validFrom: new Date('2027-06-01T00:00:00Z'),
  });
});

describe('coupons', () => {
  it("says 'Coupon code is valid!' figures for a good code and 'Coupon code not valid' otherwise", async () => {
    const browser = await member();
    const ask = (code: string, language = 'en') =>
      browser.post(`/api/app/coupon/info?lng=${language}`, { code, id_ticket: daily.id, quantity: 2 });
    const unit = daily.discounted_price_cents ?? daily.price_cents;
    expect((await ask('funghi10')).json()).toEqual({
      valid: true,
      code: 'FUNGHI10',
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
    // RAFTING2027 starts in June 2027; the clock says November 2026.
    expect((await ask('RAFTING2027')).statusCode).toBe(400);
  });

  it('takes the coupon off the total, once per person when the code says so', async () => {
    const browser = await member();
    const { date } = await firstOpenDay(daily.id);
    const unit = daily.discounted_price_cents ?? daily.price_cents;
    const first = await buy(browser, { guests: [guest(date)], coupon: 'FUNGHI10' });
    expect(first.json().order.summary).toMatchObject({
      coupon_discount_cents: Math.round(unit / 10),
      total_cents: unit - Math.round(unit / 10),
    });
    const second = await buy(browser, { guests: [guest(date)], coupon: 'FUNGHI10' });
    expect(second.statusCode).toBe(400);
    expect(second.json().fields.coupon).toBe('Coupon code not valid');
  });

  it('issues a free permit without any payment when a coupon takes the whole price', async () => {
    await createCoupon(sut.database.db, {
      code: 'PERMESSO-OMAGGIO',
      kind: 'percent',
      amount: 100,
      ticketIds: [daily.id],
      maxUses: 5,
    });
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

describe('the tickets of an order with a coupon', () => {
  const pdfPages = (pdf: Buffer) => {
    const document = mupdf.Document.openDocument(pdf, 'application/pdf');
    return Array.from({ length: document.countPages() }, (_, index) =>
      document.loadPage(index).toStructuredText('preserve-whitespace').asText().replace(/\s+/gu, ' '),
    );
  };

  it('print what each guest paid and the coupon, not the list price', async () => {
    const permit = await createTicket(sut.database.db, { priceCents: 2200, discountedPriceCents: null });
    await createCoupon(sut.database.db, { code: 'BORGOTARO10', kind: 'percent', amount: 10 });
    const browser = await member();
    const guests = [guest(permit.date), guest(permit.date, 'Marco Conti')];
    const bought = await buy(browser, { id_ticket: permit.id, guests, coupon: 'BORGOTARO10' });
    expect(bought.json().order.summary.total_cents).toBe(2 * 1980);

    const download = await browser.get(`/api/app/ticket/download?order=${bought.json().order.code}&lng=it`);
    const pages = pdfPages(download.rawPayload);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page).toContain('Pagato 19,80 €');
      expect(page).toContain('Prezzo di listino 22,00 €');
      expect(page).toContain('Sconto coupon −2,20 € (BORGOTARO10)');
    }
  });

  it('split a fixed coupon over the guests to the cent, so the tickets add up to the total', async () => {
    const permit = await createTicket(sut.database.db, { priceCents: 2200, discountedPriceCents: null });
    await createCoupon(sut.database.db, { code: 'UNEURO', kind: 'fixed', amount: 100 });
    const browser = await member();
    const names = ['Anna Conti', 'Marco Conti', 'Lucia Conti'];
    const guests = names.map((name) => guest(permit.date, name));
    const bought = await buy(browser, { id_ticket: permit.id, guests, coupon: 'UNEURO' });
    expect(bought.json().order.summary.total_cents).toBe(3 * 2200 - 100);

    const download = await browser.get(`/api/app/ticket/download?order=${bought.json().order.code}&lng=en`);
    const paid = pdfPages(download.rawPayload).map((page) => /Paid €([\d.]+)/.exec(page)?.[1]);
    expect(paid).toEqual(['21.67', '21.67', '21.66']);
  });
});
