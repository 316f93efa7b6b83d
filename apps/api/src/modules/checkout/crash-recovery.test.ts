import { issuedTickets, orders, users } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashPayments } from '../../platform/payments/cash.ts';
import { freePayments } from '../../platform/payments/free.ts';
import { loadTicketSigner } from '../../platform/ticket-signing.ts';
import { type Browser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createMember, createOrder, createTicket, memberId, type TestTicket } from '../../test/factories.ts';
import { type FakePaypal, paypalEnvironment, startFakePaypal } from '../../test/fakes/paypal.ts';
import { recoverStrandedOrders } from './recover.ts';
import type { NewOrder } from './repo.ts';

const NOW = '2026-11-23T08:00:00Z';
const CARD_OK = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

let sut: TestApp;
let paypal: FakePaypal;
let ticket: TestTicket;
beforeAll(async () => {
  paypal = await startFakePaypal();
  sut = await createTestApp(
    {
      ...paypalEnvironment(paypal),
    },
    { now: NOW },
  );
  ticket = await createTicket(sut.database.db);
});
afterAll(async () => {
  await sut.close();
  await paypal.server.close();
});

let serial = 0;
const guest = (name = 'Anna Conti') => ({ full_name: name, start_date: ticket.date, end_date: ticket.date });

/** A buy as the payment step sends it: the same body and key on every try of one purchase. */
function purchase(method: 'sandbox' | 'cash' | 'paypal') {
  return {
    id_ticket: ticket.id,
    guests: [guest(), guest('Marco Conti')],
    payment_method: method,
    idempotency_key: `crash-${method}-${++serial}`,
    ...(method === 'sandbox' ? { card: CARD_OK } : {}),
  };
}

/**
 * The order that purchase left when the process died after writing it: pending, its places
 * taken, no payment recorded (`status: 'paid'` for a crash after the payment was recorded).
 */
async function leftByCrash(
  browser: Browser,
  body: ReturnType<typeof purchase>,
  changes: Partial<NewOrder> = {},
) {
  const unit = 1000;
  return createOrder(
    sut.database.db,
    {
      code: `ST-CRASH-${String(++serial).padStart(5, '0')}`,
      userId: await memberId(browser),
      status: 'pending',
      language: 'en',
      paymentMethod: body.payment_method,
      idempotencyKey: body.idempotency_key,
      subtotalCents: unit * body.guests.length,
      totalCents: unit * body.guests.length,
      holdExpiresAt: new Date(Date.parse(NOW) + 15 * 60_000),
      createdAt: new Date(NOW),
      // Written a minute ago: the recovery job leaves orders alone while their buy may still be running.
      updatedAt: new Date(Date.now() - 60_000),
      ...changes,
    },
    body.guests.map((entry) => ({
      ticketId: ticket.id,
      guestName: entry.full_name,
      startDate: entry.start_date,
      endDate: entry.end_date,
      unitPriceCents: unit,
    })),
    { capacity: ticket.capacity },
  );
}

const remainingOn = async (date: string) => {
  const response = await sut.app.inject({
    method: 'GET',
    url: `/api/app/ticket/calendar?id=${ticket.id}&from=${date}&days=1`,
  });
  return response.json().days[0].remaining as number;
};

const ticketsOf = (orderId: number) =>
  sut.database.db.select().from(issuedTickets).where(eq(issuedTickets.orderId, orderId));

const buy = (browser: Browser, body: Record<string, unknown>) =>
  browser.post('/api/app/v4/ticket/buy?lng=en', body);

describe('a retried purchase after a crash', () => {
  it('issues a cash order the crash left pending, without taking its places twice', async () => {
    const browser = await createMember(sut);
    const body = purchase('cash');
    const left = await leftByCrash(browser, body);
    const remaining = await remainingOn(ticket.date);

    const retry = await buy(browser, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order).toMatchObject({ code: left.code, status: 'issued', pay_on_site: true });
    expect(await ticketsOf(left.id)).toHaveLength(2);
    expect(await remainingOn(ticket.date)).toBe(remaining);
    const [buyer] = await sut.database.db.select().from(users).where(eq(users.id, left.userId));
    const [mail] = await waitForMail(sut, buyer?.email ?? '', 2);
    expect(mail?.subject).toContain(left.code);
  });

  it('takes the sandbox card again and issues the order', async () => {
    const browser = await createMember(sut);
    const body = purchase('sandbox');
    const left = await leftByCrash(browser, body);
    const retry = await buy(browser, body);
    expect(retry.json().order).toMatchObject({ code: left.code, status: 'issued' });
    const [row] = await sut.database.db.select().from(orders).where(eq(orders.id, left.id));
    expect(row?.paymentReference).toMatch(/^sbx_/);
    expect(row?.paidAt).not.toBeNull();
    expect(await ticketsOf(left.id)).toHaveLength(2);
  });

  it('asks for the card again when a retry of a card purchase comes without it', async () => {
    const browser = await createMember(sut);
    const body = purchase('sandbox');
    const left = await leftByCrash(browser, body);
    const retry = await buy(browser, { ...body, card: undefined });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().fields).toEqual({
      card: 'The payment of this order was not completed: enter the card again to finish it',
    });
    const [row] = await sut.database.db.select().from(orders).where(eq(orders.id, left.id));
    expect(row?.status).toBe('pending');
    // With the card, the same purchase then goes through.
    expect((await buy(browser, body)).json().order.status).toBe('issued');
  });

  it('issues a paid order whose tickets the crash did not write', async () => {
    const browser = await createMember(sut);
    const body = purchase('sandbox');
    const left = await leftByCrash(browser, body, {
      status: 'paid',
      paymentReference: 'sbx_paid_before_the_crash',
      paidAt: new Date(NOW),
    });
    const retry = await buy(browser, body);
    expect(retry.json().order).toMatchObject({ code: left.code, status: 'issued' });
    expect(await ticketsOf(left.id)).toHaveLength(2);
    const [row] = await sut.database.db.select().from(orders).where(eq(orders.id, left.id));
    expect(row?.paymentReference).toBe('sbx_paid_before_the_crash');
  });

  it('sends the buyer to PayPal again when the crash came before the approval link was answered', async () => {
    const browser = await createMember(sut);
    const body = purchase('paypal');
    const left = await leftByCrash(browser, body);
    const retry = await buy(browser, body);
    expect(retry.statusCode).toBe(200);
    const { order } = retry.json();
    expect(order).toMatchObject({ code: left.code, status: 'pending' });
    expect(order.redirect_url).toMatch(/^http/);
    // Asked again, the same approval link: PayPal keeps one order per request id.
    expect((await buy(browser, body)).json().order.redirect_url).toBe(order.redirect_url);
  });

  it('does not finish an order whose hold ran out: it expires and its places go back on sale', async () => {
    const browser = await createMember(sut);
    const body = purchase('cash');
    const remaining = await remainingOn(ticket.date);
    const left = await leftByCrash(browser, body, { holdExpiresAt: new Date(Date.parse(NOW) - 60_000) });
    const retry = await buy(browser, body);
    expect(retry.json().order).toMatchObject({ code: left.code, status: 'expired' });
    expect(await ticketsOf(left.id)).toHaveLength(0);
    expect(await remainingOn(ticket.date)).toBe(remaining);
  });
});

describe('the recovery job', () => {
  const recover = (queued: number[]) =>
    recoverStrandedOrders(
      { db: sut.database.db, clock: { now: () => new Date(NOW) }, log: silentLog },
      {
        signer: loadTicketSigner(),
        queueTicketMail: async (orderId) => void queued.push(orderId),
        ticketMailQueued: () => {},
        providers: { cash: cashPayments(), free: freePayments() },
      },
    );

  it('issues cash and free orders a crash left pending, and paid orders left without tickets', async () => {
    const browser = await createMember(sut);
    const cash = await leftByCrash(browser, purchase('cash'));
    const free = await leftByCrash(browser, purchase('cash'), {
      paymentMethod: 'free',
      subtotalCents: 0,
      totalCents: 0,
    });
    const paid = await leftByCrash(browser, purchase('sandbox'), {
      status: 'paid',
      paymentReference: 'sbx_paid_before_the_crash',
      paidAt: new Date(NOW),
    });
    const queued: number[] = [];
    await recover(queued);
    for (const order of [cash, free, paid]) {
      const [row] = await sut.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status, order.paymentMethod).toBe('issued');
      expect(await ticketsOf(order.id)).toHaveLength(2);
      expect(queued).toContain(order.id);
    }
    const [freeRow] = await sut.database.db.select().from(orders).where(eq(orders.id, free.id));
    expect(freeRow?.paymentReference).toMatch(/^free_/);
    // Run again, it finds nothing more to do and issues nothing twice.
    const again: number[] = [];
    await recover(again);
    expect(again).not.toContain(cash.id);
    expect(await ticketsOf(cash.id)).toHaveLength(2);
  });

  it('leaves a card order it cannot charge, and an order whose buy may still be running', async () => {
    const browser = await createMember(sut);
    const card = await leftByCrash(browser, purchase('sandbox'));
    const running = await leftByCrash(browser, purchase('cash'), { updatedAt: new Date() });
    await recover([]);
    for (const order of [card, running]) {
      const [row] = await sut.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe('pending');
      expect(await ticketsOf(order.id)).toHaveLength(0);
    }
  });
});

const silentLog = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
} as unknown as import('fastify').FastifyBaseLogger;
