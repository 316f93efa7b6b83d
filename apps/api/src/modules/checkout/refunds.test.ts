import { paidShares } from '@sentiero/contract/rules/refund-shares';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createCoupon,
  createMember,
  createOrder,
  createTicket,
  joinPremium,
  memberId,
  unique,
} from '../../test/factories.ts';
import { enrolDevice, type TestDevice } from '../../test/ranger-devices.ts';
import {
  buyFor,
  guestsOf,
  orderRow,
  placesTaken,
  refundContext,
  refundsOf,
  waitForRefundMails,
} from '../../test/refund-kit.ts';
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

/** A refund asked for in the console, at the test's time. */
const refund = (input: { orderCode: string; guests?: number[]; idempotencyKey?: string }) =>
  sut.app.refunds.refundOrder(refundContext(sut, clock.now), {
    reason: 'weather',
    requestedBy: { staffId: 7 },
    idempotencyKey: unique('refund'),
    ...input,
  });

describe('refunding an order paid by the card simulator', () => {
  it('refunds the whole order: what was paid comes back, tickets are cancelled, places return, the buyer is mailed in German', async () => {
    const email = unique('lena').concat('@example.de');
    const browser = await createMember(sut, 'Lena', { email, country: 'DE' });
    const ticket = await createTicket(sut.database.db);
    const order = await buyFor(browser, ticket, ['Lena Huber', 'Jonas Huber'], { lng: 'de' });
    expect(await placesTaken(sut, ticket)).toBe(2);

    const done = await refund({ orderCode: order.code });

    expect(done).toMatchObject({ state: 'succeeded', amountCents: order.total_cents });
    expect(done.guests).toHaveLength(2);
    const row = await orderRow(sut, order.code);
    expect(row).toMatchObject({ status: 'refunded', refundedCents: order.total_cents });
    expect((await guestsOf(sut, order.code)).map((guest) => guest.ticket)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(await placesTaken(sut, ticket)).toBe(0);
    const [mail] = await waitForRefundMails(sut, email, 'Erstattung');
    expect(mail?.text).toContain('Jonas Huber');
    expect(mail?.text).toContain('30,00');
  });

  it('refunds one guest: the others keep valid tickets and their places, the order shows what was refunded', async () => {
    const browser = await createMember(sut, 'Marta');
    const ticket = await createTicket(sut.database.db);
    const order = await buyFor(browser, ticket, ['Marta Vidal', 'Pau Vidal', 'Nil Vidal']);
    const [, pau] = await guestsOf(sut, order.code);

    const done = await refund({ orderCode: order.code, guests: [pau?.id ?? 0] });

    expect(done).toMatchObject({ state: 'succeeded', amountCents: 1500 });
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 1500 });
    expect((await guestsOf(sut, order.code)).map((guest) => guest.ticket)).toEqual([
      'active',
      'cancelled',
      'active',
    ]);
    expect(await placesTaken(sut, ticket)).toBe(2);

    // The rest of the order afterwards: the guests not refunded yet, and the order is fully refunded.
    const rest = await refund({ orderCode: order.code });
    expect(rest).toMatchObject({ state: 'succeeded', amountCents: 3000 });
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 4500 });
    expect(await placesTaken(sut, ticket)).toBe(0);
  });

  it('refunds a guest once: a second refund of the same guest is a 409, the same request again answers the same refund', async () => {
    const browser = await createMember(sut, 'Tine');
    const ticket = await createTicket(sut.database.db);
    const order = await buyFor(browser, ticket, ['Tine Kos', 'Ana Kos']);
    const [tine] = await guestsOf(sut, order.code);
    const key = unique('click');

    const first = await refund({ orderCode: order.code, guests: [tine?.id ?? 0], idempotencyKey: key });
    const again = await refund({ orderCode: order.code, guests: [tine?.id ?? 0], idempotencyKey: key });
    expect(again).toEqual(first);
    await expect(refund({ orderCode: order.code, guests: [tine?.id ?? 0] })).rejects.toMatchObject({
      code: 'REFUND_ALREADY_REQUESTED',
      status: 409,
    });
    const [, ana] = await guestsOf(sut, order.code);
    await expect(
      refund({ orderCode: order.code, guests: [ana?.id ?? 0], idempotencyKey: key }),
    ).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await refundsOf(sut, order.code)).toHaveLength(1);
    expect(await orderRow(sut, order.code)).toMatchObject({ refundedCents: 1500 });
  });

  it('lets one of two refunds of the same guest sent at the same time win; the other gets a 409', async () => {
    const browser = await createMember(sut, 'Ivo');
    const ticket = await createTicket(sut.database.db);
    const order = await buyFor(browser, ticket, ['Ivo Rossi', 'Eva Rossi']);
    const [ivo] = await guestsOf(sut, order.code);

    const results = await Promise.allSettled([
      refund({ orderCode: order.code, guests: [ivo?.id ?? 0] }),
      refund({ orderCode: order.code, guests: [ivo?.id ?? 0] }),
    ]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [lost] = results.filter((result) => result.status === 'rejected');
    expect(lost?.reason).toMatchObject({ code: 'REFUND_ALREADY_REQUESTED', status: 409 });
    expect(await orderRow(sut, order.code)).toMatchObject({ refundedCents: 1500 });
    expect(await placesTaken(sut, ticket)).toBe(1);
  });

  it('refuses guests of another order, and orders that have no tickets to cancel', async () => {
    const browser = await createMember(sut, 'Olga');
    const ticket = await createTicket(sut.database.db);
    const order = await buyFor(browser, ticket, ['Olga Berg']);
    const other = await buyFor(browser, ticket, ['Per Berg']);
    const [per] = await guestsOf(sut, other.code);
    await expect(refund({ orderCode: order.code, guests: [per?.id ?? 0] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
    });
    await expect(refund({ orderCode: 'ST-NOPE-NOPE' })).rejects.toMatchObject({ status: 404 });
    const held = await createOrder(sut.database.db, { userId: await memberId(browser), status: 'pending' }, [
      { ticketId: ticket.id, startDate: ticket.date },
    ]);
    await expect(refund({ orderCode: held.code })).rejects.toMatchObject({
      code: 'ORDER_NOT_REFUNDABLE',
      status: 409,
    });
  });
});

describe('what a guest gets back', () => {
  it('shares a coupon and the member price in proportion, never more than was paid in all', async () => {
    const browser = await createMember(sut, 'Nora');
    await joinPremium(browser);
    const ticket = await createTicket(sut.database.db, { priceCents: 2000, memberPriceCents: 1500 });
    const coupon = await createCoupon(sut.database.db, { kind: 'fixed', amount: 100 });
    const order = await buyFor(browser, ticket, ['Nora A', 'Nora B', 'Nora C'], { coupon: coupon.code });
    // 3 × 15 € member price, less 1 € coupon.
    expect(order.total_cents).toBe(4400);
    const guests = await guestsOf(sut, order.code);

    const amounts: number[] = [];
    for (const guest of guests)
      amounts.push((await refund({ orderCode: order.code, guests: [guest.id] })).amountCents);

    expect(amounts).toEqual([1467, 1467, 1466]);
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 4400 });
  });

  it('splits the total by the guests’ prices and hands out the rounding cents once', () => {
    const lines = [
      { id: 1, unitPriceCents: 1000 },
      { id: 2, unitPriceCents: 2000 },
      { id: 3, unitPriceCents: 1000 },
    ];
    expect([...paidShares(lines, 3999).values()]).toEqual([1000, 1999, 1000]);
    expect([...paidShares(lines, 1).values()].reduce((sum, cents) => sum + cents, 0)).toBe(1);
    expect([...paidShares(lines, 0).values()]).toEqual([0, 0, 0]);
  });

  it('cancels a pay-on-site order without money: tickets and places go, the mail says nothing is given back', async () => {
    const email = unique('sara').concat('@example.it');
    const browser = await createMember(sut, 'Sara', { email });
    const ticket = await createTicket(sut.database.db);
    const order = await buyFor(browser, ticket, ['Sara Neri'], { method: 'cash', lng: 'it' });
    expect(order.status).toBe('issued');

    const done = await refund({ orderCode: order.code });

    expect(done).toMatchObject({ state: 'succeeded', amountCents: 0 });
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 0 });
    expect(await placesTaken(sut, ticket)).toBe(0);
    const [mail] = await waitForRefundMails(sut, email, 'Rimborso');
    expect(mail?.text).toContain('denaro da restituire');
  });

  it('records who asked: a member cancelling their own order', async () => {
    const browser = await createMember(sut, 'Uma');
    const ticket = await createTicket(sut.database.db);
    const order = await buyFor(browser, ticket, ['Uma Lind']);
    const id = await memberId(browser);
    await sut.app.refunds.refundOrder(refundContext(sut, clock.now), {
      orderCode: order.code,
      reason: 'plans changed',
      requestedBy: { memberId: id },
      idempotencyKey: unique('own'),
    });
    expect(await refundsOf(sut, order.code)).toMatchObject([
      { requestedByMemberId: id, requestedByStaffId: null, reason: 'plans changed' },
    ]);
  });
});

describe('a refunded ticket at the gate', () => {
  let device: TestDevice;
  // The operator's ranger checks it with an enrolled phone (ADR 043).
  const redeem = (code: string) => device.request('POST', '/api/ranger/redeem?lng=en', { code });

  it('is refused at redeem while the guest who was not refunded still gets in', async () => {
    const ranger = await createStaff(sut.database.db, {
      role: 'ranger',
      operatorId: await defaultOperatorId(sut.database.db),
    });
    device = await enrolDevice(sut, ranger, clock);
    const browser = await createMember(sut, 'Rok');
    const ticket = await createTicket(sut.database.db);
    const order = await buyFor(browser, ticket, ['Rok Zupan', 'Eva Zupan']);
    const [rok] = await guestsOf(sut, order.code);
    await refund({ orderCode: order.code, guests: [rok?.id ?? 0] });

    const held = (await browser.get('/api/app/ticket/list')).json().purchase_list[0].tickets as {
      holder: string;
      signed_code: string;
    }[];
    const signed = (holder: string) => held.find((one) => one.holder === holder)?.signed_code ?? '';
    clock.set(Date.parse(`${ticket.date}T09:00:00Z`));
    const refused = await redeem(signed('Rok Zupan'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TICKET_CANCELLED');
    expect((await redeem(signed('Eva Zupan'))).statusCode).toBe(200);
  });
});
