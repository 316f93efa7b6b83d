import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, createTicket, unique } from '../../test/factories.ts';
import { type FakePaypal, paypalEnvironment, startFakePaypal } from '../../test/fakes/paypal.ts';
import {
  type FakeStripe,
  startFakeStripe,
  stripeEnvironment,
  stripeEvent,
  stripeSignature,
} from '../../test/fakes/stripe.ts';
import {
  buyFor,
  guestsOf,
  orderRow,
  payOnPaypal,
  payOnStripe,
  placesTaken,
  refundContext,
  refundsOf,
  waitForRefundMails,
} from '../../test/refund-kit.ts';

let sut: TestApp;
let stripe: FakeStripe;
let paypal: FakePaypal;
beforeAll(async () => {
  stripe = await startFakeStripe();
  paypal = await startFakePaypal();
  sut = await createTestApp({ ...stripeEnvironment(stripe), ...paypalEnvironment(paypal) });
});
afterAll(async () => {
  await sut.close();
  await stripe.server.close();
  await paypal.server.close();
});

const refund = (input: { orderCode: string; guests?: number[] }) =>
  sut.app.refunds.refundOrder(refundContext(sut), {
    reason: 'river closed',
    requestedBy: { staffId: 3 },
    idempotencyKey: unique('refund'),
    ...input,
  });

const webhook = (path: 'stripe' | 'paypal', body: string, headers: Record<string, string>) =>
  sut.app.inject({
    method: 'POST',
    url: `/api/payments/${path}/webhook`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });

async function paidByStripe(guests: string[], { email, lng = 'en' }: { email?: string; lng?: string } = {}) {
  const browser = await createMember(sut, 'Lena', email ? { email } : {});
  const ticket = await createTicket(sut.database.db);
  const order = await buyFor(browser, ticket, guests, { method: 'card', lng });
  await payOnStripe(sut, stripe, order.code);
  const row = await orderRow(sut, order.code);
  return { order, ticket, intent: row.paymentReference ?? '' };
}

async function paidByPaypal(guests: string[], { email, lng = 'en' }: { email?: string; lng?: string } = {}) {
  const browser = await createMember(sut, 'Marta', email ? { email } : {});
  const ticket = await createTicket(sut.database.db);
  const order = await buyFor(browser, ticket, guests, { method: 'paypal', lng });
  await payOnPaypal(browser, paypal, order.code);
  const row = await orderRow(sut, order.code);
  return { order, ticket, capture: row.paymentReference ?? '' };
}

describe('refunds through Stripe', () => {
  it('refunds the whole order on its PaymentIntent, with the order’s code for Stripe’s dashboard', async () => {
    const { order, ticket, intent } = await paidByStripe(['Lena Huber', 'Jonas Huber']);

    const done = await refund({ orderCode: order.code });

    expect(done).toMatchObject({ state: 'succeeded', amountCents: 3000 });
    expect(stripe.refundedCents.get(intent)).toBe(3000);
    const [sent] = [...stripe.refunds.values()].filter((one) => one.payment_intent === intent);
    expect(sent?.metadata).toEqual({ order_code: order.code });
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 3000 });
    expect(await placesTaken(sut, ticket)).toBe(0);
  });

  it('refunds one guest; Stripe’s charge.refunded for that part does not cancel the others', async () => {
    const { order, ticket, intent } = await paidByStripe(['Ana Kos', 'Tine Kos']);
    const [ana] = await guestsOf(sut, order.code);

    expect(await refund({ orderCode: order.code, guests: [ana?.id ?? 0] })).toMatchObject({
      state: 'succeeded',
      amountCents: 1500,
    });
    const echo = stripeEvent('charge.refunded', {
      id: 'ch_3QEcho',
      object: 'charge',
      amount: 3000,
      amount_refunded: 1500,
      payment_intent: intent,
      metadata: { order_code: order.code },
    });
    expect((await webhook('stripe', echo, { 'stripe-signature': stripeSignature(echo) })).statusCode).toBe(
      200,
    );

    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 1500 });
    expect((await guestsOf(sut, order.code)).map((guest) => guest.ticket)).toEqual(['cancelled', 'active']);
    expect(await placesTaken(sut, ticket)).toBe(1);
  });

  it('keeps the tickets valid while the refund is pending, cancels them when refund.updated says it succeeded, once', async () => {
    const email = unique('jonas').concat('@example.es');
    const { order, ticket } = await paidByStripe(['Pau Vidal'], { email, lng: 'es' });
    stripe.nextRefundStatus = 'pending';
    const pending = await refund({ orderCode: order.code }).finally(() => {
      stripe.nextRefundStatus = 'succeeded';
    });
    expect(pending.state).toBe('pending');
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('active');
    expect(await placesTaken(sut, ticket)).toBe(1);

    const [row] = await refundsOf(sut, order.code);
    const { payload, headers } = stripe.settleRefund(row?.providerReference ?? '', 'succeeded');
    expect(
      (await webhook('stripe', payload, { ...headers, 'stripe-signature': 't=1,v1=00' })).statusCode,
    ).toBe(400);
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('active');
    expect((await webhook('stripe', payload, headers)).statusCode).toBe(200);
    // Stripe delivers again when it did not hear back in time: the replay changes nothing.
    expect((await webhook('stripe', payload, headers)).statusCode).toBe(200);

    expect((await refundsOf(sut, order.code))[0]?.state).toBe('succeeded');
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 1500 });
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('cancelled');
    expect(await placesTaken(sut, ticket)).toBe(0);
    // The refund's mail, once: beside the sign-up's and the tickets' mails.
    const mails = await waitForRefundMails(sut, email, 'Reembolso');
    expect(mails).toHaveLength(1);
  });

  it('leaves the order as it was when refund.failed reports the bank refused, and the guest can be refunded again', async () => {
    const { order, ticket } = await paidByStripe(['Ivo Rossi']);
    stripe.nextRefundStatus = 'pending';
    await refund({ orderCode: order.code }).finally(() => {
      stripe.nextRefundStatus = 'succeeded';
    });
    const [row] = await refundsOf(sut, order.code);
    const { payload, headers } = stripe.settleRefund(
      row?.providerReference ?? '',
      'failed',
      'lost_or_stolen_card',
    );
    expect((await webhook('stripe', payload, headers)).statusCode).toBe(200);

    expect(await refundsOf(sut, order.code)).toMatchObject([
      { state: 'failed', failureReason: 'lost_or_stolen_card' },
    ]);
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 0 });
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('active');
    expect(await placesTaken(sut, ticket)).toBe(1);
    expect(await refund({ orderCode: order.code })).toMatchObject({ state: 'succeeded' });
  });

  it('answers a 422 with Stripe’s reason when Stripe refuses, and changes nothing', async () => {
    const { order, ticket } = await paidByStripe(['Eva Zupan']);
    stripe.refuseNextRefund = 'charge_disputed';

    await expect(refund({ orderCode: order.code })).rejects.toMatchObject({
      code: 'REFUND_REFUSED',
      status: 422,
      fields: { reason: 'charge_disputed' },
    });

    expect(await refundsOf(sut, order.code)).toMatchObject([
      { state: 'failed', failureReason: 'charge_disputed' },
    ]);
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 0 });
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('active');
    expect(await placesTaken(sut, ticket)).toBe(1);
  });
});

describe('money given back outside Sentiero', () => {
  const chargeRefunded = (intent: string, code: string, refunded: number) =>
    stripeEvent('charge.refunded', {
      id: 'ch_3QDashboard',
      object: 'charge',
      amount: 3000,
      amount_refunded: refunded,
      payment_intent: intent,
      metadata: { order_code: code },
    });

  it('cancels the whole order when Stripe’s dashboard refunded all of it, and only logs a part that names no guest', async () => {
    const { order, ticket, intent } = await paidByStripe(['Ada Lovelace', 'Bea Lovelace']);
    const part = chargeRefunded(intent, order.code, 1000);
    expect((await webhook('stripe', part, { 'stripe-signature': stripeSignature(part) })).statusCode).toBe(
      200,
    );
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 0 });

    const all = chargeRefunded(intent, order.code, 3000);
    expect((await webhook('stripe', all, { 'stripe-signature': stripeSignature(all) })).statusCode).toBe(200);
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 3000 });
    expect((await guestsOf(sut, order.code)).map((guest) => guest.ticket)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(await placesTaken(sut, ticket)).toBe(0);
  });

  it('cancels the guests not refunded yet when PayPal reverses the capture', async () => {
    const { order, ticket, capture } = await paidByPaypal(['Ema Bizjak', 'Tim Bizjak']);
    const [ema] = await guestsOf(sut, order.code);
    await refund({ orderCode: order.code, guests: [ema?.id ?? 0] });
    // Another buyer's place on the same day: a place given back twice would take it from them.
    await buyFor(await createMember(sut, 'Zala'), ticket, ['Zala Kos']);
    const { body, headers } = paypal.signDelivery(
      'PAYMENT.CAPTURE.REVERSED',
      {
        id: 'REVERSAL1',
        status: 'COMPLETED',
        amount: { currency_code: 'EUR', value: '15.00' },
        custom_id: order.code,
        seller_payable_breakdown: { total_refunded_amount: { currency_code: 'EUR', value: '30.00' } },
        links: [
          { href: `https://api-m.paypal.com/v2/payments/captures/${capture}`, rel: 'up', method: 'GET' },
        ],
      },
      'refund',
    );
    expect((await webhook('paypal', body, headers)).statusCode).toBe(200);

    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 3000 });
    expect((await guestsOf(sut, order.code)).map((guest) => guest.ticket)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    // Ema's place came back with her refund, Tim's comes back now; Zala keeps hers.
    expect(await placesTaken(sut, ticket)).toBe(1);
  });
});

describe('refunds through PayPal', () => {
  it('refunds one guest, then the rest, on the capture', async () => {
    const { order, ticket, capture } = await paidByPaypal(['Marta Vidal', 'Pau Vidal']);
    const [, pau] = await guestsOf(sut, order.code);

    expect(await refund({ orderCode: order.code, guests: [pau?.id ?? 0] })).toMatchObject({
      state: 'succeeded',
      amountCents: 1500,
    });
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 1500 });
    expect(await refund({ orderCode: order.code })).toMatchObject({ state: 'succeeded', amountCents: 1500 });

    expect(paypal.refunds.filter((one) => one.captureId === capture)).toMatchObject([
      { value: '15.00', status: 'COMPLETED', customId: order.code },
      { value: '15.00', status: 'COMPLETED', customId: order.code },
    ]);
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 3000 });
    expect(await placesTaken(sut, ticket)).toBe(0);
  });

  it('settles a pending refund from PAYMENT.CAPTURE.REFUNDED, and mails the buyer in Slovenian', async () => {
    const email = unique('luka').concat('@example.si');
    const { order, ticket } = await paidByPaypal(['Luka Novak'], { email, lng: 'sl' });
    paypal.nextRefundStatus = 'PENDING';
    const pending = await refund({ orderCode: order.code }).finally(() => {
      paypal.nextRefundStatus = 'COMPLETED';
    });
    expect(pending.state).toBe('pending');
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('active');

    const [row] = await refundsOf(sut, order.code);
    const { body, headers } = paypal.settleRefund(row?.providerReference ?? '', 'COMPLETED');
    expect((await webhook('paypal', body, headers)).statusCode).toBe(200);
    expect((await webhook('paypal', body, headers)).statusCode).toBe(200);

    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 1500 });
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('cancelled');
    expect(await placesTaken(sut, ticket)).toBe(0);
    // The refund's mail, once: beside the sign-up's and the tickets' mails.
    const mails = await waitForRefundMails(sut, email, 'Vračilo');
    expect(mails).toHaveLength(1);
  });

  it('keeps the tickets when PayPal reports the refund failed', async () => {
    const { order, ticket } = await paidByPaypal(['Nina Kralj']);
    paypal.nextRefundStatus = 'PENDING';
    await refund({ orderCode: order.code }).finally(() => {
      paypal.nextRefundStatus = 'COMPLETED';
    });
    const [row] = await refundsOf(sut, order.code);
    const { body, headers } = paypal.settleRefund(row?.providerReference ?? '', 'FAILED');
    expect((await webhook('paypal', body, headers)).statusCode).toBe(200);

    expect(await refundsOf(sut, order.code)).toMatchObject([{ state: 'failed', failureReason: 'ECHECK' }]);
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 0 });
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('active');
    expect(await placesTaken(sut, ticket)).toBe(1);
  });

  it('answers a 422 with PayPal’s issue when PayPal refuses the refund', async () => {
    const { order } = await paidByPaypal(['Jan Horvat']);
    paypal.refuseNextRefund = 'REFUND_NOT_ALLOWED';
    await expect(refund({ orderCode: order.code })).rejects.toMatchObject({
      code: 'REFUND_REFUSED',
      fields: { reason: 'refund_not_allowed' },
    });
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('active');
  });
});
