import { operatorApplications } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/context.ts';
import { createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createActivityType, createRegion } from '../../test/catalogue-factories.ts';
import { unique } from '../../test/factories.ts';
import {
  type FakeStripe,
  startFakeStripe,
  stripeEnvironment,
  stripeEvent,
  stripeSignature,
} from '../../test/fakes/stripe.ts';
import { createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * A featured listing paid by card at Stripe, where the applicant never comes back to the page:
 * Stripe's signed webhook settles the application as the return would, once; a payment that
 * completes after the application was rejected is given back at once.
 */

let sut: TestApp;
let stripe: FakeStripe;
let activity: string;
let region: string;
beforeAll(async () => {
  stripe = await startFakeStripe();
  sut = await createTestApp({ ...stripeEnvironment(stripe), FEATURED_LISTING_CENTS: '9900' });
  activity = (await createActivityType(sut.database.db)).slug;
  region = (await createRegion(sut.database.db)).slug;
});
afterAll(async () => {
  await sut.close();
  await stripe.server.close();
});

function deliverPaymentIntent(type: string, id: string, amount: number) {
  const payload = stripeEvent(type, {
    id,
    object: 'payment_intent',
    amount,
    amount_received: type === 'payment_intent.succeeded' ? amount : 0,
    currency: 'eur',
    metadata: {},
    status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
  });
  return sut.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
  });
}

/** A guide applies for a featured listing, paying by card at Stripe. */
function applyFeatured(email: string, key: string) {
  return createBrowser(sut).post('/api/app/workwithus/buy?lng=de', {
    business_name: 'Raftingschule Sesia',
    business_kind: 'guide',
    vat_country: 'IT',
    vat_number: '00743110157',
    contact_name: 'Anna Huber',
    email,
    phone: '+39 0163 51234',
    activities: [activity],
    country: 'IT',
    region,
    area_names: 'Valsesia',
    message: 'Rafting und Canyoning auf der Sesia.',
    plan: 'featured',
    payment_method: 'card',
    terms: true,
    idempotency_key: key,
  });
}

describe('a featured listing paid at Stripe', () => {
  it('is submitted by the webhook alone, and a repeated delivery changes nothing', async () => {
    const email = `${unique('anna')}@example.de`;
    const key = unique('apply');
    const response = await applyFeatured(email, key);
    expect(response.statusCode).toBe(200);
    expect(response.json().application).toMatchObject({ state: 'awaiting_payment' });
    const [waiting] = await sut.database.db
      .select()
      .from(operatorApplications)
      .where(eq(operatorApplications.idempotencyKey, key));
    const intent = waiting?.paymentReference;
    if (!intent) throw new Error('no payment was started at Stripe');

    expect((await deliverPaymentIntent('payment_intent.succeeded', intent, 9900)).statusCode).toBe(200);
    const [paid] = await sut.database.db
      .select()
      .from(operatorApplications)
      .where(eq(operatorApplications.idempotencyKey, key));
    expect(paid).toMatchObject({ state: 'submitted' });
    expect(paid?.paidAt).not.toBeNull();
    const mails = await waitForMail(sut, email);
    expect(mails).toHaveLength(1);

    expect((await deliverPaymentIntent('payment_intent.succeeded', intent, 9900)).statusCode).toBe(200);
    expect(await waitForMail(sut, email)).toHaveLength(1);
  });

  it('gives back at once, and once, a payment that completes after the application was rejected', async () => {
    const email = `${unique('mara')}@example.de`;
    const key = unique('apply');
    expect((await applyFeatured(email, key)).statusCode).toBe(200);
    const row = async () =>
      (
        await sut.database.db
          .select()
          .from(operatorApplications)
          .where(eq(operatorApplications.idempotencyKey, key))
      )[0];
    const waiting = await row();
    const intent = waiting?.paymentReference;
    if (!waiting || !intent) throw new Error('no payment was started at Stripe');
    // Rejected while the card payment is still unconfirmed: nothing to give back yet.
    const admin = await signInStaff(sut, await createStaff(sut.database.db, { role: 'admin' }), systemClock);
    const rejected = await admin.post('/api/console/application/reject?lng=en', {
      id: waiting.id,
      reason: 'Nessuna area in Valsesia per ora.',
    });
    expect(rejected.json().application).toMatchObject({ state: 'rejected', refund: null });
    const refundsAsked = () =>
      stripe.server.requests.filter(
        (request) =>
          request.path === '/v1/refunds' &&
          new URLSearchParams(request.body).get('payment_intent') === intent,
      );
    expect(refundsAsked()).toHaveLength(0);

    // The applicant's bank confirms the card afterwards.
    expect((await deliverPaymentIntent('payment_intent.succeeded', intent, 9900)).statusCode).toBe(200);
    expect(refundsAsked()).toHaveLength(1);
    expect(new URLSearchParams(refundsAsked()[0]?.body).get('amount')).toBe('9900');
    const refunded = await row();
    expect(refunded).toMatchObject({ state: 'rejected', refundState: 'succeeded', refundCents: 9900 });
    expect(refunded?.paidAt).not.toBeNull();
    expect(refunded?.refundReference).toMatch(/^re_/);
    const mails = await waitForMail(sut, email, 2);
    // Newest first: the rejection's mail again, now with the refund.
    expect(mails[0]?.text).toContain('Nessuna area in Valsesia per ora.');
    expect(mails[0]?.text).toContain('99,00');
    expect(mails[1]?.text).not.toContain('99,00');

    // Stripe delivers the same event again: nothing is given back twice, nobody is written to again.
    expect((await deliverPaymentIntent('payment_intent.succeeded', intent, 9900)).statusCode).toBe(200);
    expect(refundsAsked()).toHaveLength(1);
    expect(await waitForMail(sut, email, 2)).toHaveLength(2);
  });

  it('leaves an order webhook for no known payment alone', async () => {
    expect((await deliverPaymentIntent('payment_intent.succeeded', 'pi_nobody', 100)).statusCode).toBe(200);
  });
});
