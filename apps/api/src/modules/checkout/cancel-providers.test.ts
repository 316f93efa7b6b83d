import { addCalendarDays } from '@sentiero/contract/durations';
import { CANCELLATION_PRESETS } from '@sentiero/contract/rules/cancellation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket, MEMBER_PASSWORD, unique } from '../../test/factories.ts';
import { type FakePaypal, paypalEnvironment, startFakePaypal } from '../../test/fakes/paypal.ts';
import { type FakeStripe, startFakeStripe, stripeEnvironment } from '../../test/fakes/stripe.ts';
import { buyFor, guestsOf, orderRow, payOnPaypal, payOnStripe, placesTaken } from '../../test/refund-kit.ts';

/** A buyer's cancellation by the rule goes back through the provider that took the money (ADR 029, 045). */
const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
let stripe: FakeStripe;
let paypal: FakePaypal;
beforeAll(async () => {
  stripe = await startFakeStripe();
  paypal = await startFakePaypal();
  sut = await createTestApp(
    { ...stripeEnvironment(stripe), ...paypalEnvironment(paypal) },
    { clock: clocks },
  );
});
afterAll(async () => {
  await sut.close();
  await stripe.server.close();
  await paypal.server.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

async function boughtWith(method: 'card' | 'paypal') {
  const ticket = await createTicket(sut.database.db, { cancellationRule: CANCELLATION_PRESETS.moderate });
  clock.set(Date.parse(`${addCalendarDays(ticket.date, -20)}T10:00:00Z`));
  const browser = await createMember(sut, 'Elena');
  const order = await buyFor(browser, ticket, ['Elena Conti', 'Pietro Conti'], { method });
  if (method === 'card') await payOnStripe(sut, stripe, order.code);
  else await payOnPaypal(browser, paypal, order.code);
  const [, pietro] = await guestsOf(sut, order.code);
  // Four days before: the moderate rule's 50 %.
  clock.set(Date.parse(`${addCalendarDays(ticket.date, -4)}T10:00:00Z`));
  const cancel = (password?: string) =>
    browser.post('/api/app/ticket/cancel?lng=it', {
      order: order.code,
      guests: String(pietro?.id ?? 0),
      ...(password && { password }),
      idempotency_key: unique('cancel'),
    });
  return { ticket, order, cancel };
}

describe('a buyer cancels one guest of an order paid', () => {
  it('by card: Stripe refunds half of the guest’s share on the PaymentIntent, after the password', async () => {
    const { ticket, order, cancel } = await boughtWith('card');
    const intent = (await orderRow(sut, order.code)).paymentReference ?? '';
    expect((await cancel()).statusCode).toBe(400);
    const done = await cancel(MEMBER_PASSWORD);
    expect(done.json()).toMatchObject({ state: 'succeeded', refund_cents: 750 });
    expect(stripe.refundedCents.get(intent)).toBe(750);
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'issued', refundedCents: 750 });
    expect(await placesTaken(sut, ticket)).toBe(1);
  });

  it('with PayPal: the capture is refunded, without asking for the password', async () => {
    const { order, cancel } = await boughtWith('paypal');
    const capture = (await orderRow(sut, order.code)).paymentReference ?? '';
    const done = await cancel();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ refund_cents: 750 });
    expect(paypal.refunds.filter((one) => one.captureId === capture)).toMatchObject([
      { value: '7.50', status: 'COMPLETED', customId: order.code },
    ]);
  });
});
