import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCoupon, createMember, createTicket } from '../../test/factories.ts';

const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

type Browser = Awaited<ReturnType<typeof createMember>>;

async function join(browser: Browser) {
  const response = await browser.post('/api/app/subscription/buy?lng=en', {
    subscription_type: 'monthly',
    payment_method: 'sandbox',
    card: CARD,
    idempotency_key: `discounts-${Math.random()}`,
  });
  expect(response.statusCode).toBe(200);
}

function buy(browser: Browser, ticket: { id: number; date: string }, coupon?: string) {
  return browser.post('/api/app/v4/ticket/buy?lng=en', {
    id_ticket: ticket.id,
    guests: [{ full_name: 'Anna Conti', start_date: ticket.date, end_date: ticket.date }],
    payment_method: 'sandbox',
    card: CARD,
    idempotency_key: `discount-buy-${Math.random()}`,
    ...(coupon ? { coupon } : {}),
  });
}

describe("Sentiero+ members' exclusive discounts", () => {
  it('charges a member the member price of a package, and everybody else the usual price', async () => {
    const ticket = await createTicket(sut.database.db, { priceCents: 6000, memberPriceCents: 5400 });
    const card = (
      await sut.app.inject({ method: 'GET', url: `/api/app/ticket/info?id=${ticket.id}` })
    ).json();
    expect(card.ticket?.member_price_cents ?? card.member_price_cents).toBe(5400);

    const plain = await createMember(sut, 'Plain');
    expect((await buy(plain, ticket)).json().order.summary).toMatchObject({
      total_cents: 6000,
      discount_cents: 0,
    });

    const member = await createMember(sut, 'Plus');
    await join(member);
    expect((await buy(member, ticket)).json().order.summary).toMatchObject({
      unit_price_cents: 5400,
      discount_cents: 600,
      total_cents: 5400,
    });
  });

  it('takes a members-only code from Sentiero+ members only', async () => {
    const ticket = await createTicket(sut.database.db, { priceCents: 2000 });
    const coupon = await createCoupon(sut.database.db, { amount: 15, membersOnly: true });
    const plain = await createMember(sut, 'Coupon');
    const check = await plain.post('/api/app/coupon/info?lng=en', {
      code: coupon.code,
      id_ticket: ticket.id,
    });
    expect(check.statusCode).toBe(400);
    expect((await buy(plain, ticket, coupon.code)).statusCode).toBe(400);

    const member = await createMember(sut, 'Socio');
    await join(member);
    const valid = await member.post('/api/app/coupon/info?lng=en', {
      code: coupon.code,
      id_ticket: ticket.id,
    });
    expect(valid.json()).toMatchObject({ valid: true, discount_cents: 300 });
    expect((await buy(member, ticket, coupon.code)).json().order.summary).toMatchObject({
      coupon_discount_cents: 300,
      total_cents: 1700,
    });
  });
});
