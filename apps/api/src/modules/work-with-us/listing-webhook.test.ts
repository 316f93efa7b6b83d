import { operatorApplications } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/*
 * A featured listing paid by card at Stripe, where the applicant never comes back to the page:
 * Stripe's signed webhook settles the application as the return would, once.
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

describe('a featured listing paid at Stripe', () => {
  it('is submitted by the webhook alone, and a repeated delivery changes nothing', async () => {
    const email = `${unique('anna')}@example.de`;
    const key = unique('apply');
    const response = await createBrowser(sut).post('/api/app/workwithus/buy?lng=de', {
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

  it('leaves an order webhook for no known payment alone', async () => {
    expect((await deliverPaymentIntent('payment_intent.succeeded', 'pi_nobody', 100)).statusCode).toBe(200);
  });
});
