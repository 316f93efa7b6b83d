import { issuedTickets, orderLines, orders, refunds, ticketDayPlaces } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RefundContext } from '../modules/checkout/index.ts';
import { loadConfig } from '../platform/config.ts';
import { mailboxTransport } from '../platform/mail.ts';
import { type Browser, type Mail, type TestApp, waitForMail } from './app.ts';
import { unique } from './factories.ts';
import type { FakePaypal } from './fakes/paypal.ts';
import { type FakeStripe, stripeEvent, stripeSignature } from './fakes/stripe.ts';

/** What a console request would carry into a refund: the app's database, its mailbox, a clock. */
export function refundContext(sut: TestApp, now: () => Date = () => new Date()): RefundContext {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' });
  const transport = mailboxTransport(sut.database.db, config.mail.from);
  return {
    db: sut.database.db,
    clock: { now },
    log: sut.app.log,
    config,
    mail: { send: (mail) => transport.deliver(mail), deliver: (mail) => transport.deliver(mail) },
  };
}

export const PAYING_CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

export type BoughtOrder = { code: string; total_cents: number };

/** Buys places for `guests` on the ticket's day through the API; settled as each method settles. */
export async function buyFor(
  browser: Browser,
  ticket: { id: number; date: string },
  guests: string[],
  {
    method = 'sandbox',
    lng = 'en',
    coupon,
  }: { method?: 'sandbox' | 'card' | 'paypal' | 'cash'; lng?: string; coupon?: string } = {},
): Promise<BoughtOrder & { status: string }> {
  const response = await browser.post(`/api/app/v4/ticket/buy?lng=${lng}`, {
    id_ticket: ticket.id,
    guests: guests.map((full_name) => ({ full_name, start_date: ticket.date, end_date: ticket.date })),
    payment_method: method,
    ...(method === 'sandbox' ? { card: PAYING_CARD } : {}),
    ...(coupon ? { coupon } : {}),
    idempotency_key: unique('refund-buy'),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { order } = response.json();
  return { code: order.code, status: order.status, total_cents: order.summary.total_cents };
}

/** Stripe's signed payment_intent.succeeded for an order bought by card: the order is issued. */
export async function payOnStripe(sut: TestApp, stripe: FakeStripe, code: string) {
  const order = await orderRow(sut, code);
  const intent = stripe.intents.get(order.paymentReference ?? '');
  if (!intent) throw new Error(`no PaymentIntent for ${code}`);
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
  const payload = stripeEvent('payment_intent.succeeded', intent);
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
  });
  expect(response.statusCode).toBe(200);
  expect((await orderRow(sut, code)).status).toBe('issued');
}

/** The buyer approves on PayPal and comes back: the capture is taken and the order issued. */
export async function payOnPaypal(browser: Browser, paypal: FakePaypal, code: string) {
  const paypalOrder = [...paypal.orders.values()].find((candidate) => candidate.code === code);
  if (!paypalOrder) throw new Error(`no PayPal order for ${code}`);
  paypalOrder.state = 'approved';
  const back = await browser.post('/api/app/v4/ticket/buy/complete', { code });
  expect(back.json().order.status).toBe('issued');
}

export async function orderRow(sut: TestApp, code: string) {
  const [row] = await sut.database.db.select().from(orders).where(eq(orders.code, code));
  if (!row) throw new Error(`no order ${code}`);
  return row;
}

/** The order's guests in the order they were bought, each with the state of its ticket. */
export async function guestsOf(sut: TestApp, code: string) {
  const order = await orderRow(sut, code);
  return sut.database.db
    .select({ id: orderLines.id, name: orderLines.guestName, ticket: issuedTickets.status })
    .from(orderLines)
    .leftJoin(issuedTickets, eq(issuedTickets.orderLineId, orderLines.id))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.id);
}

export async function refundsOf(sut: TestApp, code: string) {
  const order = await orderRow(sut, code);
  return sut.database.db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(refunds.id);
}

export async function placesTaken(sut: TestApp, ticket: { id: number; date: string }): Promise<number> {
  const [row] = await sut.database.db
    .select({ taken: ticketDayPlaces.taken })
    .from(ticketDayPlaces)
    .where(and(eq(ticketDayPlaces.ticketId, ticket.id), eq(ticketDayPlaces.day, ticket.date)));
  return row?.taken ?? 0;
}

/**
 * The refund mails a buyer got (their subject holds `word`), once one arrived: the sign-up's and
 * the tickets' mails travel through the job queue and may come in any order around it.
 */
export async function waitForRefundMails(sut: TestApp, email: string, word: string): Promise<Mail[]> {
  for (let count = 1; ; count++) {
    const mails = (await waitForMail(sut, email, count)).filter((mail) => mail.subject.includes(word));
    if (mails.length > 0) return mails;
  }
}
