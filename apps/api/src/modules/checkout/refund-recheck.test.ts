import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, createTicket, unique } from '../../test/factories.ts';
import { type FakePaypal, paypalEnvironment, startFakePaypal } from '../../test/fakes/paypal.ts';
import { type FakeStripe, startFakeStripe, stripeEnvironment } from '../../test/fakes/stripe.ts';
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
import { REFUND_RECHECK_AFTER_MS, REFUND_RETRY_AFTER_MS } from './refund-recheck.ts';
import { insertPendingRefund } from './refunds-repo.ts';

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

const later = (ms: number) => () => new Date(Date.now() + ms);
const recheck = (ms: number) => sut.app.refunds.recheckPending(refundContext(sut, later(ms)));

const refundPending = async (orderCode: string) =>
  sut.app.refunds.refundOrder(refundContext(sut), {
    orderCode,
    reason: 'storm on the river',
    requestedBy: { staffId: 3 },
    idempotencyKey: unique('refund'),
  });

async function paidByStripe(guest: string, email: string) {
  const browser = await createMember(sut, 'Lena', { email });
  const ticket = await createTicket(sut.database.db);
  const order = await buyFor(browser, ticket, [guest], { method: 'card', lng: 'de' });
  await payOnStripe(sut, stripe, order.code);
  return { order, ticket };
}

describe('refunds whose webhook never came', () => {
  it('asks Stripe after an hour and settles a refund that succeeded there, once', async () => {
    const email = unique('lena').concat('@example.de');
    const { order, ticket } = await paidByStripe('Lena Huber', email);
    stripe.nextRefundStatus = 'pending';
    const pending = await refundPending(order.code).finally(() => {
      stripe.nextRefundStatus = 'succeeded';
    });
    expect(pending.state).toBe('pending');
    const [row] = await refundsOf(sut, order.code);
    // Stripe paid it back, but its refund.updated never reached Sentiero.
    const atStripe = stripe.refunds.get(row?.providerReference ?? '');
    if (atStripe) atStripe.status = 'succeeded';

    // Within the hour the webhook may still come: nothing is asked.
    expect(await recheck(REFUND_RECHECK_AFTER_MS - 60_000)).toMatchObject({ looked: 0 });
    expect((await refundsOf(sut, order.code))[0]?.state).toBe('pending');

    expect(await recheck(REFUND_RECHECK_AFTER_MS + 60_000)).toMatchObject({ looked: 1, settled: 1 });
    expect((await refundsOf(sut, order.code))[0]?.state).toBe('succeeded');
    expect(await orderRow(sut, order.code)).toMatchObject({ status: 'refunded', refundedCents: 1500 });
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('cancelled');
    expect(await placesTaken(sut, ticket)).toBe(0);
    expect(await waitForRefundMails(sut, email, 'Erstattung')).toHaveLength(1);

    // The next run finds nothing left to settle.
    expect(await recheck(REFUND_RECHECK_AFTER_MS + 120_000)).toMatchObject({ looked: 0 });
  });

  it('leaves a refund Stripe still holds pending, and asks again on the next run', async () => {
    const { order } = await paidByStripe('Jonas Huber', unique('jonas').concat('@example.de'));
    stripe.nextRefundStatus = 'pending';
    await refundPending(order.code).finally(() => {
      stripe.nextRefundStatus = 'succeeded';
    });

    expect(await recheck(REFUND_RECHECK_AFTER_MS + 60_000)).toMatchObject({ stillPending: 1 });
    expect((await refundsOf(sut, order.code))[0]?.state).toBe('pending');
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('active');
  });

  it('records a refund PayPal denied, so the guest keeps the ticket and can be refunded again', async () => {
    const browser = await createMember(sut, 'Marta');
    const ticket = await createTicket(sut.database.db);
    const order = await buyFor(browser, ticket, ['Marta Ferri'], { method: 'paypal', lng: 'it' });
    await payOnPaypal(browser, paypal, order.code);
    paypal.nextRefundStatus = 'PENDING';
    await refundPending(order.code).finally(() => {
      paypal.nextRefundStatus = 'COMPLETED';
    });
    const [row] = await refundsOf(sut, order.code);
    const atPaypal = paypal.refunds.find((refund) => refund.id === row?.providerReference);
    if (atPaypal) atPaypal.status = 'FAILED';

    expect(await recheck(REFUND_RECHECK_AFTER_MS + 60_000)).toMatchObject({ settled: 1 });
    expect(await refundsOf(sut, order.code)).toMatchObject([{ state: 'failed', failureReason: 'failed' }]);
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('active');
    expect(await placesTaken(sut, ticket)).toBe(1);
    expect(await refundPending(order.code)).toMatchObject({ state: 'succeeded' });
  });
});

describe('refunds the provider never answered', () => {
  it('asks again with the same key after a few minutes, so the money goes back once', async () => {
    const { order, ticket } = await paidByStripe('Ana Kos', unique('ana').concat('@example.si'));
    const row = await orderRow(sut, order.code);
    const [guest] = await guestsOf(sut, order.code);
    // What an outage leaves: the refund written and its guest claimed, no answer from Stripe.
    const refund = await insertPendingRefund(
      sut.database.db,
      {
        orderId: row.id,
        amountCents: 1500,
        reason: 'storm on the river',
        requestedByStaffId: null,
        requestedByMemberId: null,
        idempotencyKey: unique('refund'),
        createdAt: new Date(),
      },
      [{ orderLineId: guest?.id ?? 0, amountCents: 1500 }],
    );
    const asked = () =>
      [...stripe.refunds.values()].filter((one) => one.payment_intent === row.paymentReference);

    expect(await recheck(REFUND_RETRY_AFTER_MS - 60_000)).toMatchObject({ looked: 0 });
    expect(asked()).toHaveLength(0);
    expect(await recheck(REFUND_RETRY_AFTER_MS + 60_000)).toMatchObject({ looked: 1, settled: 1 });
    expect(await recheck(REFUND_RETRY_AFTER_MS + 120_000)).toMatchObject({ looked: 0 });

    expect(asked()).toHaveLength(1);
    expect(stripe.refundedCents.get(row.paymentReference ?? '')).toBe(1500);
    expect(await refundsOf(sut, order.code)).toMatchObject([{ id: refund.id, state: 'succeeded' }]);
    expect((await guestsOf(sut, order.code))[0]?.ticket).toBe('cancelled');
    expect(await placesTaken(sut, ticket)).toBe(0);
  });
});
