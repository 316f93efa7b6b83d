import { auditLog, issuedTickets } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createArea,
  createMember,
  createOrder,
  createTicket,
  memberId,
  unique,
} from '../../test/factories.ts';
import { buyFor, guestsOf, orderRow, refundsOf } from '../../test/refund-kit.ts';
import { createOperator, createStaff, STAFF_PASSWORD, signInStaff } from '../../test/staff-factories.ts';

/*
 * What staff do to an order from the console (issue 23, item 4): send its tickets again, take a
 * pay-on-site payment, refund it. Each leaves a line in the audit log.
 */

const MINUTE = 60_000;
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

async function operatorSetup(priceCents = 1500) {
  const operator = await createOperator(sut.database.db);
  const area = await createArea(sut.database.db, { operatorId: operator.id });
  const ticket = await createTicket(sut.database.db, { areaId: area.id, priceCents });
  const staff = await createStaff(sut.database.db, { role: 'manager', operatorId: operator.id });
  const manager = await signInStaff(sut, staff, clock);
  return { operator, ticket, staff, manager };
}

async function auditLinesOf(code: string) {
  return sut.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, code)))
    .orderBy(auditLog.id);
}

const markPaid = (browser: Browser, code: string) =>
  browser.post('/api/console/order/mark-paid?lng=en', { code });

describe('taking a pay-on-site payment', () => {
  it('issues the tickets of a cash order that has none yet, as a paid order gets them, and audits it', async () => {
    const { operator, ticket, staff, manager } = await operatorSetup();
    const email = `${unique('cash')}@example.it`.toLowerCase();
    const buyer = await createMember(sut, 'Carla', { email });
    const order = await createOrder(
      sut.database.db,
      { userId: await memberId(buyer), paymentMethod: 'cash', paymentReference: 'cash-ref' },
      [
        { ticketId: ticket.id, startDate: ticket.date, guestName: 'Carla Neri' },
        { ticketId: ticket.id, startDate: ticket.date, guestName: 'Ugo Neri' },
      ],
    );

    const response = await markPaid(manager, order.code);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ code: order.code, state: 'issued' });
    expect((await guestsOf(sut, order.code)).map((guest) => guest.ticket)).toEqual(['active', 'active']);
    expect((await orderRow(sut, order.code)).paidAt).not.toBeNull();
    const [line] = await auditLinesOf(order.code);
    expect(line).toMatchObject({
      staffId: staff.id,
      role: 'manager',
      operatorId: operator.id,
      action: 'order.markPaid',
      changes: { status: ['pending', 'issued'], paid_at: [null, expect.any(String)] },
    });
    // The tickets travel by mail, as a paid order's do.
    const mails = await waitForMail(sut, email, 2);
    expect(mails.some((mail) => mail.subject.includes(order.code))).toBe(true);
  });

  it('records the payment of an issued cash order once; a second click and a card order are 409', async () => {
    const { ticket, manager } = await operatorSetup();
    const buyer = await createMember(sut, 'Bruno');
    const cash = await buyFor(buyer, ticket, ['Bruno Galli'], { method: 'cash' });
    expect((await orderRow(sut, cash.code)).paidAt).toBeNull();

    expect((await markPaid(manager, cash.code)).statusCode).toBe(200);
    expect((await orderRow(sut, cash.code)).paidAt).not.toBeNull();
    const again = await markPaid(manager, cash.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_PAYABLE_ON_SITE');

    const card = await buyFor(buyer, ticket, ['Bruno Galli']);
    const refused = await markPaid(manager, card.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORDER_NOT_PAYABLE_ON_SITE');
    expect((await auditLinesOf(cash.code)).map((line) => line.action)).toEqual(['order.markPaid']);
    expect(await auditLinesOf(card.code)).toEqual([]);
  });
});

describe('refunding from the console', () => {
  it('asks for a recent re-authentication above the configured amount, and refunds after it', async () => {
    const { operator, ticket, staff, manager } = await operatorSetup(6000);
    const buyer = await createMember(sut, 'Dario');
    const order = await buyFor(buyer, ticket, ['Dario Fo', 'Franca Rame']);
    // Two places at 60 €: above REFUND_REAUTH_CENTS' 100 €.
    expect(order.total_cents).toBe(12_000);
    clock.set(clock.ms() + 11 * MINUTE);
    const request = {
      code: order.code,
      reason: 'Trail closed by a landslide',
      idempotency_key: unique('click'),
    };

    const stale = await manager.post('/api/console/order/refund?lng=en', request);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('REAUTHENTICATION_REQUIRED');
    expect(await refundsOf(sut, order.code)).toEqual([]);
    expect(await auditLinesOf(order.code)).toEqual([]);

    const proof = await manager.post('/api/console/reauthenticate?lng=en', { password: STAFF_PASSWORD });
    expect(proof.statusCode, proof.body).toBe(200);
    const done = await manager.post('/api/console/order/refund?lng=en', request);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: 'succeeded', amount_cents: order.total_cents });
    expect((await orderRow(sut, order.code)).status).toBe('refunded');

    // The same click again answers the same refund and writes no second line.
    const repeated = await manager.post('/api/console/order/refund?lng=en', request);
    expect(repeated.json().id).toBe(done.json().id);
    const lines = await auditLinesOf(order.code);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      staffId: staff.id,
      role: 'manager',
      operatorId: operator.id,
      action: 'order.refund',
      reason: 'Trail closed by a landslide',
      changes: {
        refund_id: [null, done.json().id],
        amount_cents: [null, order.total_cents],
        guests: [null, (await guestsOf(sut, order.code)).map((guest) => guest.id)],
      },
    });
    const [refund] = await refundsOf(sut, order.code);
    expect(refund?.requestedByStaffId).toBe(staff.id);
  });

  it('refunds some guests below the amount without asking again, and tells the story in time order', async () => {
    const { ticket, manager } = await operatorSetup(6000);
    const buyer = await createMember(sut, 'Elsa');
    const order = await buyFor(buyer, ticket, ['Elsa Morante', 'Alberto Moravia']);
    const [elsa] = await guestsOf(sut, order.code);
    clock.set(clock.ms() + 11 * MINUTE);

    const done = await manager.post('/api/console/order/refund?lng=en', {
      code: order.code,
      guests: [elsa?.id],
      reason: 'Ill on the day',
      idempotency_key: unique('click'),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().amount_cents).toBeLessThanOrEqual(10_000);
    const resent = await manager.post('/api/console/order/resend?lng=en', { code: order.code });
    expect(resent.statusCode).toBe(200);

    const story = (await manager.get(`/api/console/order?lng=en&code=${order.code}`)).json();
    expect(story.guests.map((guest: { issued: { state: string } }) => guest.issued.state)).toEqual([
      'cancelled',
      'active',
    ]);
    expect(story.refunds).toMatchObject([
      { state: 'succeeded', guests: [elsa?.id], reason: 'Ill on the day' },
    ]);
    const kinds = story.story.map(
      (event: { kind: string; detail: string | null }) => event.detail ?? event.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['order.refund', 'order.resend', 'succeeded']));
    const times = story.story.map((event: { at: string }) => event.at);
    expect([...times].sort()).toEqual(times);
  });
});

describe('sending the tickets again', () => {
  it('queues the mail with the tickets and audits who asked', async () => {
    const { staff, ticket, manager } = await operatorSetup();
    const email = `${unique('resend')}@example.it`.toLowerCase();
    const buyer = await createMember(sut, 'Gino', { email });
    const order = await buyFor(buyer, ticket, ['Gino Strada']);
    const ticketMails = (mails: { subject: string }[]) =>
      mails.filter((mail) => mail.subject.includes(order.code)).length;
    const before = await waitForMail(sut, email, 2);
    expect(ticketMails(before)).toBe(1);

    const response = await manager.post('/api/console/order/resend?lng=en', { code: order.code });

    expect(response.statusCode, response.body).toBe(200);
    expect(ticketMails(await waitForMail(sut, email, before.length + 1))).toBe(2);
    expect(await auditLinesOf(order.code)).toMatchObject([{ staffId: staff.id, action: 'order.resend' }]);
    const [issued] = await sut.database.db
      .select({ status: issuedTickets.status })
      .from(issuedTickets)
      .where(eq(issuedTickets.orderId, (await orderRow(sut, order.code)).id));
    expect(issued?.status).toBe('active');
  });
});
