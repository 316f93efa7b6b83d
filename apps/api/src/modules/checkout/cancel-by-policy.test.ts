import { addCalendarDays } from '@sentiero/contract/durations';
import { CANCELLATION_PRESETS, type CancellationRule } from '@sentiero/contract/rules/cancellation';
import { issuedTickets, tickets } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createCoupon,
  createMember,
  createTicket,
  joinPremium,
  MEMBER_PASSWORD,
  type TicketOverrides,
  unique,
} from '../../test/factories.ts';
import { enrolDevice } from '../../test/ranger-devices.ts';
import { buyFor, guestsOf, orderRow, placesTaken, waitForRefundMails } from '../../test/refund-kit.ts';
import { createStaff, defaultOperatorId } from '../../test/staff-factories.ts';

const BUYING = Date.parse('2026-11-23T08:00:00Z');
const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(async () => {
  await sut.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(BUYING));
});

/** Noon in Rome, `days` calendar days before the guests' first day. */
const daysBefore = (date: string, days: number) => Date.parse(`${addCalendarDays(date, -days)}T11:00:00Z`);

async function bought(
  guests: string[],
  {
    rule = CANCELLATION_PRESETS.moderate,
    ticket: overrides = {},
    method,
    coupon,
    lng = 'en',
    email,
    plus = false,
  }: {
    rule?: CancellationRule;
    ticket?: TicketOverrides;
    method?: 'sandbox' | 'cash';
    coupon?: string;
    lng?: string;
    email?: string;
    plus?: boolean;
  } = {},
) {
  const ticket = await createTicket(sut.database.db, { cancellationRule: rule, ...overrides });
  // Bought three weeks ahead: the member's session still holds when they cancel.
  clock.set(daysBefore(ticket.date, 21));
  const browser = await createMember(sut, 'Giulia', { lng, ...(email && { email }) });
  if (plus) await joinPremium(browser);
  const order = await buyFor(browser, ticket, guests, {
    lng,
    ...(method && { method }),
    ...(coupon && { coupon }),
  });
  const lines = await guestsOf(sut, order.code);
  return { browser, ticket, order, lines };
}

const preview = (browser: Browser, order: string, guests?: (number | undefined)[]) =>
  browser.get(
    `/api/app/ticket/cancel/preview?order=${order}${guests ? `&guests=${guests.join(',')}` : ''}&lng=it`,
  );

const cancel = (
  browser: Browser,
  order: string,
  body: { guests?: (number | undefined)[]; password?: string; key?: string } = {},
) =>
  browser.post('/api/app/ticket/cancel?lng=en', {
    order,
    ...(body.guests && { guests: body.guests.join(',') }),
    ...(body.password !== undefined && { password: body.password }),
    idempotency_key: body.key ?? unique('cancel'),
  });

describe('the refund a buyer is shown and given, by the order’s rule', () => {
  it.each([
    [10, 100, 1500],
    [7, 100, 1500],
    [6, 50, 750],
    [2, 50, 750],
  ])('%i days before gives %i percent of one guest: %i cents', async (days, percent, refund) => {
    const { browser, ticket, order, lines } = await bought(['Anna Rossi', 'Luca Rossi']);
    clock.set(daysBefore(ticket.date, days));
    const seen = (await preview(browser, order.code, [lines[1]?.id])).json();
    expect(seen).toMatchObject({ chosen: [lines[1]?.id], paid_cents: 1500, refund_cents: refund });
    expect(seen.guests[1]).toMatchObject({ state: 'open', percent, refund_cents: refund });
    expect(seen.needs_password).toBe(true);

    const done = await cancel(browser, order.code, { guests: [lines[1]?.id], password: MEMBER_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: 'succeeded', refund_cents: refund, guests: [lines[1]?.id] });
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: refund });
    expect((await guestsOf(sut, order.code)).map((guest) => guest.ticket)).toEqual(['active', 'cancelled']);
    expect(await placesTaken(sut, ticket)).toBe(1);
  });

  it('refuses a guest whose window closed with a clear 409, and changes nothing', async () => {
    const { browser, ticket, order, lines } = await bought(['Anna Rossi']);
    clock.set(daysBefore(ticket.date, 1));
    const seen = (await preview(browser, order.code)).json();
    expect(seen.guests[0]).toMatchObject({ state: 'closed', refund_cents: 0 });
    const refused = await cancel(browser, order.code, { guests: [lines[0]?.id], password: MEMBER_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CANCELLATION_CLOSED' });
    expect(refused.json().message).toMatch(/can no longer be cancelled/);
    expect((await guestsOf(sut, order.code)).map((guest) => guest.ticket)).toEqual(['active']);
  });

  it('asks for the password before a refund to a card, and refuses a wrong one', async () => {
    const { browser, ticket, order } = await bought(['Anna Rossi']);
    clock.set(daysBefore(ticket.date, 9));
    expect((await cancel(browser, order.code)).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const wrong = await cancel(browser, order.code, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    expect((await orderRow(sut, order.code)).refundedCents).toBe(0);
  });

  it('keeps the rule in force at purchase: a later change of the ticket does not change the promise', async () => {
    const { browser, ticket, order } = await bought(['Anna Rossi'], { rule: CANCELLATION_PRESETS.moderate });
    expect((await orderRow(sut, order.code)).cancellationRule).toEqual(CANCELLATION_PRESETS.moderate);
    await sut.database.db
      .update(tickets)
      .set({ cancellationRule: CANCELLATION_PRESETS.strict })
      .where(eq(tickets.id, ticket.id));
    clock.set(daysBefore(ticket.date, 8));
    const seen = (await preview(browser, order.code)).json();
    expect(seen).toMatchObject({ refund_cents: 1500 });
    // The Italian words of the rule the buyer was promised.
    expect(seen.terms[0]).toBe('Fino a 7 giorni prima del primo giorno di validità: rimborso totale.');
  });

  it('takes the fee from each guest, never below zero', async () => {
    const rule: CancellationRule = { ...CANCELLATION_PRESETS.moderate, fee_cents: 400 };
    const { browser, ticket, order } = await bought(['Anna Rossi', 'Luca Rossi'], { rule });
    clock.set(daysBefore(ticket.date, 3));
    // 50 % of 15 € is 7,50 €, less 4 € each.
    expect((await preview(browser, order.code)).json()).toMatchObject({
      paid_cents: 3000,
      refund_cents: 700,
    });
  });
});

describe('a coupon and a member price', () => {
  it('gives each guest back in proportion, never more than they paid, and the order reconciles', async () => {
    const coupon = await createCoupon(sut.database.db, { kind: 'fixed', amount: 100 });
    const { browser, ticket, order, lines } = await bought(['Nora A', 'Nora B', 'Nora C'], {
      plus: true,
      ticket: { priceCents: 2000, memberPriceCents: 1500 },
      coupon: coupon.code,
    });
    // 3 × 15 € member price, less 1 € coupon.
    expect(order.total_cents).toBe(4400);
    clock.set(daysBefore(ticket.date, 10));
    const first = await cancel(browser, order.code, { guests: [lines[0]?.id], password: MEMBER_PASSWORD });
    expect(first.json().refund_cents).toBe(1467);
    const rest = await cancel(browser, order.code, { password: MEMBER_PASSWORD });
    expect(rest.json()).toMatchObject({ refund_cents: 2933, guests: [lines[1]?.id, lines[2]?.id] });
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 4400 });
  });
});

describe('what cannot be cancelled, and who may', () => {
  it('cancels a pay-on-site order without a refund and without a password', async () => {
    const { browser, ticket, order } = await bought(['Anna Rossi'], {
      method: 'cash',
      rule: CANCELLATION_PRESETS.strict,
    });
    clock.set(daysBefore(ticket.date, 3));
    const seen = (await preview(browser, order.code)).json();
    expect(seen).toMatchObject({ no_money: true, needs_password: false, refund_cents: 0 });
    const done = await cancel(browser, order.code);
    expect(done.json()).toMatchObject({ state: 'succeeded', refund_cents: 0 });
    expect(await placesTaken(sut, ticket)).toBe(0);
  });

  it('refuses a used ticket with its own 409, and a cancelled ticket stops verifying at redeem', async () => {
    const { browser, ticket, order, lines } = await bought(['Anna Rossi', 'Luca Rossi'], {
      rule: CANCELLATION_PRESETS.flexible,
    });
    const held = (await browser.get('/api/app/ticket/list')).json().purchase_list[0].tickets as {
      holder: string;
      signed_code: string;
    }[];
    const signed = (holder: string) => held.find((one) => one.holder === holder)?.signed_code ?? '';
    // A ranger of the ticket's operator checks it at the gate, from an enrolled phone (ADR 043).
    const ranger = await createStaff(sut.database.db, {
      role: 'ranger',
      operatorId: await defaultOperatorId(sut.database.db),
    });
    const device = await enrolDevice(sut, ranger, clock);
    const redeem = (code: string) => device.request('POST', '/api/ranger/redeem?lng=en', { code });
    // Anna's ticket was used (a ranger checked it early); Luca cancels the day before.
    clock.set(daysBefore(ticket.date, 1));
    const [anna, luca] = lines;
    await sut.database.db
      .update(issuedTickets)
      .set({ uses: 1 })
      .where(eq(issuedTickets.orderLineId, anna?.id ?? 0));
    const used = await cancel(browser, order.code, { guests: [anna?.id], password: MEMBER_PASSWORD });
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('TICKET_ALREADY_USED');
    const done = await cancel(browser, order.code, { guests: [luca?.id], password: MEMBER_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    clock.set(Date.parse(`${ticket.date}T09:00:00Z`));
    const refused = await redeem(signed('Luca Rossi'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TICKET_CANCELLED');
  });

  it('answers the same confirmation twice with one refund, and a second cancellation of the guest with 409', async () => {
    const { browser, ticket, order, lines } = await bought(['Anna Rossi', 'Luca Rossi']);
    clock.set(daysBefore(ticket.date, 9));
    const body = { guests: [lines[0]?.id], password: MEMBER_PASSWORD, key: unique('same') };
    const first = await cancel(browser, order.code, body);
    const again = await cancel(browser, order.code, body);
    expect(again.json()).toEqual(first.json());
    const other = await cancel(browser, order.code, { guests: [lines[0]?.id], password: MEMBER_PASSWORD });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('REFUND_ALREADY_REQUESTED');
    expect((await orderRow(sut, order.code)).refundedCents).toBe(1500);
  });

  it('does not show or cancel another member’s order', async () => {
    const { order, ticket } = await bought(['Anna Rossi']);
    clock.set(daysBefore(ticket.date, 20));
    const stranger = await createMember(sut, 'Pietro');
    expect((await preview(stranger, order.code)).statusCode).toBe(404);
    expect((await cancel(stranger, order.code, { password: MEMBER_PASSWORD })).statusCode).toBe(404);
  });

  it('mails the buyer in their language what was cancelled and what comes back', async () => {
    const email = unique('lena').concat('@example.de');
    const { browser, ticket, order, lines } = await bought(['Lena Huber', 'Jonas Huber'], {
      lng: 'de',
      email,
    });
    clock.set(daysBefore(ticket.date, 4));
    await cancel(browser, order.code, { guests: [lines[1]?.id], password: MEMBER_PASSWORD });
    const [mail] = await waitForRefundMails(sut, email, 'Erstattung');
    expect(mail?.text).toContain('Jonas Huber');
    expect(mail?.text).toContain('7,50');
  });
});
