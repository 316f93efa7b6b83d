import { issuedTickets, orders } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket, type TestTicket } from '../../test/factories.ts';
import {
  type FakeStripe,
  startFakeStripe,
  stripeEnvironment,
  stripeEvent,
  stripeSignature,
} from '../../test/fakes/stripe.ts';
import { takePlaces } from './places.ts';
import { expireHolds } from './service.ts';

let sut: TestApp;
let stripe: FakeStripe;
const clocks = createClockSwitch();
let clock: TestClock;
beforeAll(async () => {
  stripe = await startFakeStripe();
  sut = await createTestApp(
    {
      ...stripeEnvironment(stripe),
    },
    { clock: clocks },
  );
});
afterAll(async () => {
  await sut.close();
  await stripe.server.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

let serial = 0;
/** Lena buys a place on the ticket's first open day by card: the order waits for Stripe. */
async function buyByCard(ticket: TestTicket) {
  const { date } = ticket;
  const browser = await createMember(sut, 'Lena', { password: 'Rafting2026', country: 'DE' });
  const response = await browser.post('/api/app/v4/ticket/buy?lng=de', {
    id_ticket: ticket.id,
    guests: [{ full_name: 'Lena Huber', start_date: date, end_date: date }],
    payment_method: 'card',
    idempotency_key: `card-payment-${++serial}`,
  });
  expect(response.json().fields).toBeUndefined();
  expect(response.statusCode).toBe(200);
  return response.json().order;
}

/** A plain daily ticket of the test's own: no other test takes its places. */
const plainDailyTicket = () => createTicket(sut.database.db);

async function sendWebhook(
  type: string,
  reference: string,
  code: string,
  amount: number,
  signature?: string,
) {
  const payload = stripeEvent(type, {
    id: reference,
    object: 'payment_intent',
    amount,
    amount_received: type === 'payment_intent.succeeded' ? amount : 0,
    currency: 'eur',
    metadata: { order_code: code },
    status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
  });
  return sut.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? stripeSignature(payload),
    },
  });
}

const orderRow = async (code: string) =>
  (await sut.database.db.select().from(orders).where(eq(orders.code, code)))[0];

describe('card payments through Stripe', () => {
  it('holds the places, then issues the tickets when the signed webhook says paid', async () => {
    const order = await buyByCard(await plainDailyTicket());
    expect(order).toMatchObject({ status: 'pending', payment_method: 'card' });
    expect(order.client_secret).toMatch(/^pi_.+_secret_/);
    const row = await orderRow(order.code);
    const intent = stripe.intents.get(row?.paymentReference ?? '');
    expect(intent?.amount).toBe(order.summary.total_cents);

    const forged = await sendWebhook(
      'payment_intent.succeeded',
      row?.paymentReference ?? '',
      order.code,
      order.summary.total_cents,
      't=1,v1=00',
    );
    expect(forged.statusCode).toBe(400);
    expect((await orderRow(order.code))?.status).toBe('pending');

    const paid = await sendWebhook(
      'payment_intent.succeeded',
      row?.paymentReference ?? '',
      order.code,
      order.summary.total_cents,
    );
    expect(paid.statusCode).toBe(200);
    expect((await orderRow(order.code))?.status).toBe('issued');
    const again = await sendWebhook(
      'payment_intent.succeeded',
      row?.paymentReference ?? '',
      order.code,
      order.summary.total_cents,
    );
    expect(again.statusCode).toBe(200);
    const tickets = await sut.database.db
      .select()
      .from(issuedTickets)
      .where(eq(issuedTickets.orderId, row?.id ?? 0));
    expect(tickets).toHaveLength(1);
  });

  it('honours a payment that arrives after the hold expired, while places remain', async () => {
    const order = await buyByCard(await plainDailyTicket());
    clock.set(clock.ms() + 16 * 60_000);
    await expireHolds({ db: sut.database.db, clock });
    expect((await orderRow(order.code))?.status).toBe('expired');
    const row = await orderRow(order.code);
    await sendWebhook(
      'payment_intent.succeeded',
      row?.paymentReference ?? '',
      order.code,
      order.summary.total_cents,
    );
    expect((await orderRow(order.code))?.status).toBe('issued');
  });

  it('refunds a late payment when its places were sold meanwhile', async () => {
    const ticket = await plainDailyTicket();
    const { date, id, capacity } = ticket;
    const order = await buyByCard(ticket);
    clock.set(clock.ms() + 16 * 60_000);
    await expireHolds({ db: sut.database.db, clock });
    const days = (
      await sut.app.inject({ method: 'GET', url: `/api/app/ticket/calendar?id=${id}&from=${date}&days=1` })
    ).json().days;
    await sut.database.db.transaction((tx) => takePlaces(tx, id, [date], days[0].remaining, capacity));
    const row = await orderRow(order.code);
    await sendWebhook(
      'payment_intent.succeeded',
      row?.paymentReference ?? '',
      order.code,
      order.summary.total_cents,
    );
    expect((await orderRow(order.code))?.status).toBe('refunded');
    expect(stripe.refundedCents.get(row?.paymentReference ?? '')).toBe(order.summary.total_cents);
  });
});
