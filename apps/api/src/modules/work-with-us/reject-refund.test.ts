import { auditLog, operatorApplications } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/context.ts';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createActivityType, createRegion } from '../../test/catalogue-factories.ts';
import { unique } from '../../test/factories.ts';
import { type FakePaypal, paypalEnvironment, startFakePaypal } from '../../test/fakes/paypal.ts';
import {
  type FakeStripe,
  STRIPE_TEST_KEYS,
  startFakeStripe,
  stripeEnvironment,
  stripeEvent,
  stripeSignature,
} from '../../test/fakes/stripe.ts';
import { createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * Rejecting a featured listing that was paid gives the money back (ADR 039): in full, through the
 * provider that took it, once however often the rejection is sent; a provider's refusal leaves
 * the application as it was; a refund the provider settles later is recorded as it ends.
 */

let sut: TestApp;
let stripe: FakeStripe;
let paypal: FakePaypal;
let admin: Browser;
let activity: string;
let region: string;
beforeAll(async () => {
  stripe = await startFakeStripe();
  paypal = await startFakePaypal();
  sut = await createTestApp({
    ...stripeEnvironment(stripe),
    ...paypalEnvironment(paypal),
    FEATURED_LISTING_CENTS: '9900',
  });
  activity = (await createActivityType(sut.database.db)).slug;
  region = (await createRegion(sut.database.db)).slug;
  admin = await signInStaff(sut, await createStaff(sut.database.db, { role: 'admin' }), systemClock);
});
afterAll(async () => {
  await sut.close();
  await stripe.server.close();
  await paypal.server.close();
});

async function application(id: number) {
  const [row] = await sut.database.db
    .select()
    .from(operatorApplications)
    .where(eq(operatorApplications.id, id));
  if (!row) throw new Error(`no application ${id}`);
  return row;
}

/** A business applies through the public form, with the plan and the way of paying given. */
async function apply(
  plan: 'commission' | 'featured',
  method: 'card' | 'paypal' | null,
  language: string,
  contact = 'Ana Kos',
) {
  const email = `${unique('applicant')}@example.eu`.toLowerCase();
  const key = unique('apply');
  const response = await createBrowser(sut).post(`/api/app/workwithus/buy?lng=${language}`, {
    business_name: unique('Rafting Soča'),
    business_kind: 'guide',
    vat_country: 'IT',
    vat_number: '00743110157',
    contact_name: contact,
    email,
    phone: '+39 0163 51234',
    activities: [activity],
    country: 'IT',
    region,
    area_names: 'Soča',
    message: 'Rafting on the Soča.',
    plan,
    ...(method ? { payment_method: method } : {}),
    terms: true,
    idempotency_key: key,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await sut.database.db
    .select()
    .from(operatorApplications)
    .where(eq(operatorApplications.idempotencyKey, key));
  if (!row) throw new Error('the application was not written');
  return row;
}

/** Paid at Stripe: the applicant confirms the card and Stripe's signed webhook settles it. */
async function paidByCard(language: string) {
  const waiting = await apply('featured', 'card', language);
  const intent = stripe.intents.get(waiting.paymentReference ?? '');
  if (!intent) throw new Error('no PaymentIntent was made');
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
  expect((await stripeWebhook(stripeEvent('payment_intent.succeeded', intent))).statusCode).toBe(200);
  const paid = await application(waiting.id);
  expect(paid).toMatchObject({ state: 'submitted', paymentReference: intent.id });
  return paid;
}

/** Paid at PayPal: the applicant approves there and comes back, and the capture is taken. */
async function paidByPaypal(language: string, contact?: string) {
  const waiting = await apply('featured', 'paypal', language, contact);
  const order = [...paypal.orders.values()].find((candidate) => candidate.code === waiting.reference);
  if (!order) throw new Error('no PayPal order was made');
  order.state = 'approved';
  const back = await createBrowser(sut).post(`/api/app/workwithus/buy/complete?lng=${language}`, {
    reference: waiting.reference,
  });
  expect(back.json().application).toMatchObject({ state: 'submitted' });
  return application(waiting.id);
}

const stripeWebhook = (payload: string, headers?: Record<string, string>) =>
  sut.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: headers ?? { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
  });

const reject = (id: number, lng = 'en', reason = 'We do not sell in this valley yet.') =>
  admin.post(`/api/console/application/reject?lng=${lng}`, { id, reason });

const stripeRefundRequests = (intent: string) =>
  stripe.server.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.path === '/v1/refunds' &&
      new URLSearchParams(request.body).get('payment_intent') === intent,
  );

const paypalRefundRequests = (capture: string) =>
  paypal.server.requests.filter((request) => request.path === `/v2/payments/captures/${capture}/refund`);

async function rejectionMail(email: string, subject: RegExp) {
  // The receipt came first; the rejection's mail follows it.
  const mails = await waitForMail(sut, email, 2);
  const mail = mails.find((one) => subject.test(one.subject));
  if (!mail) throw new Error(`no rejection mail for ${email}`);
  return mail;
}

async function auditOf(id: number) {
  return sut.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'application.reject'), eq(auditLog.targetId, String(id))));
}

describe('rejecting a listing paid by card', () => {
  it('refunds it in full once when two rejections reach Stripe at the same time', async () => {
    const paid = await paidByCard('de');
    const intent = paid.paymentReference ?? '';
    stripe.refundDelayMs = 400;
    const answers = await Promise.all([reject(paid.id), reject(paid.id)]).finally(() => {
      stripe.refundDelayMs = 0;
    });

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe(
      'APPLICATION_ALREADY_REVIEWED',
    );
    // The race is real: both rejections asked Stripe, with one key, and Stripe made one refund.
    const asked = stripeRefundRequests(intent);
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    const refunds = [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent);
    expect(refunds).toMatchObject([
      { amount: 9900, status: 'succeeded', metadata: { order_code: paid.reference } },
    ]);
    expect(stripe.refundedCents.get(intent)).toBe(9900);

    const done = answers.find((answer) => answer.statusCode === 200)?.json();
    expect(done.application).toMatchObject({
      state: 'rejected',
      refund: {
        amount_cents: 9900,
        state: 'succeeded',
        failure_reason: null,
        settled_at: expect.any(String),
      },
    });
    expect(await application(paid.id)).toMatchObject({ refundReference: refunds[0]?.id });

    const mail = await rejectionMail(paid.email, /wurde nicht angenommen/);
    expect(mail.text).toContain('Wir erstatten Ihnen die 99,00\u00a0€');
    expect(mail.text).toContain('auf die Karte, mit der Sie bezahlt haben');
    expect(mail.text).toContain('innerhalb von 5 bis 10 Werktagen');

    expect(await auditOf(paid.id)).toMatchObject([
      {
        changes: {
          state: ['submitted', 'rejected'],
          refund_cents: [null, 9900],
          refund_state: [null, 'succeeded'],
          refund_method: [null, 'card'],
          refund_reference: [null, refunds[0]?.id],
        },
      },
    ]);
    expect((await reject(paid.id)).statusCode).toBe(409);
    expect(stripeRefundRequests(intent)).toHaveLength(2);
  });

  it('leaves the application as it was when Stripe refuses, with the reason in the admin’s language', async () => {
    const paid = await paidByCard('en');
    const intent = paid.paymentReference ?? '';
    stripe.refuseNextRefund = 'charge_disputed';

    const refused = await reject(paid.id, 'de');

    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'REFUND_REFUSED',
      message: 'Der Zahlungsanbieter hat die Erstattung abgelehnt',
      fields: {
        reason:
          'Der Zahler hat die Zahlung angefochten: Solange der Streitfall offen ist, erstattet der Anbieter nicht',
        provider_code: 'charge_disputed',
      },
    });
    expect(await application(paid.id)).toMatchObject({
      state: 'submitted',
      reviewedAt: null,
      rejectionReason: null,
      refundState: null,
      refundKey: null,
      refundCents: null,
      refundRequestedAt: null,
    });
    expect(stripe.refundedCents.get(intent) ?? 0).toBe(0);
    expect(await auditOf(paid.id)).toEqual([]);
    const detail = await admin.get(`/api/console/application?lng=en&id=${paid.id}`);
    expect(detail.json()).toMatchObject({ state: 'submitted', refund: null });

    // Asked again with a key of its own: Stripe would answer a reused one with its first refusal.
    const retried = await reject(paid.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().application.refund).toMatchObject({ state: 'succeeded' });
    expect(stripe.refundedCents.get(intent)).toBe(9900);
  });

  it('gives the money back once when a rejection is sent again after its answer was lost', async () => {
    const paid = await paidByCard('en');
    const intent = paid.paymentReference ?? '';
    // A rejection claimed the refund and Stripe made it, but the answer never came back.
    const key = `${paid.reference}:refund:lost`;
    await sut.database.db
      .update(operatorApplications)
      .set({ refundState: 'pending', refundKey: key, refundCents: 9900, refundRequestedAt: new Date() })
      .where(eq(operatorApplications.id, paid.id));
    const lost = await fetch(`${stripe.server.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${STRIPE_TEST_KEYS.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': key,
      },
      body: new URLSearchParams({ payment_intent: intent, amount: '9900' }).toString(),
    });
    const made = (await lost.json()) as { id: string };
    // Stripe's refund.updated before the answer is written: delivered again later, not lost.
    const early = stripe.settleRefund(made.id, 'succeeded');
    expect((await stripeWebhook(early.payload, early.headers)).statusCode).toBe(500);
    const approve = await admin.post('/api/console/application/approve?lng=en', { id: paid.id });
    expect([approve.statusCode, approve.json().code]).toEqual([409, 'APPLICATION_REFUND_UNDER_WAY']);

    const rejected = await reject(paid.id);

    expect(rejected.statusCode, rejected.body).toBe(200);
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    expect(await application(paid.id)).toMatchObject({ state: 'rejected', refundReference: made.id });
  });

  it('records a refund Stripe took as pending and later reports failed, and shows it', async () => {
    const paid = await paidByCard('en');
    stripe.nextRefundStatus = 'pending';
    const pending = await reject(paid.id).finally(() => {
      stripe.nextRefundStatus = 'succeeded';
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().application).toMatchObject({
      state: 'rejected',
      refund: { state: 'pending', settled_at: null },
    });
    const mail = await rejectionMail(paid.email, /was not accepted/);
    expect(mail.text).toContain('We are giving back the €99.00 you paid for the featured listing');

    const { refundReference } = await application(paid.id);
    const failed = stripe.settleRefund(refundReference ?? '', 'failed', 'lost_or_stolen_card');
    expect((await stripeWebhook(failed.payload, failed.headers)).statusCode).toBe(200);
    // Stripe delivers again when it did not hear back in time: the replay changes nothing.
    expect((await stripeWebhook(failed.payload, failed.headers)).statusCode).toBe(200);

    const detail = await admin.get(`/api/console/application?lng=en&id=${paid.id}`);
    expect(detail.json()).toMatchObject({
      state: 'rejected',
      refund: {
        amount_cents: 9900,
        state: 'failed',
        failure_reason: 'lost_or_stolen_card',
        settled_at: expect.any(String),
      },
    });
  });
});

describe('rejecting a listing paid by PayPal', () => {
  it('refunds the capture in full once when two rejections reach PayPal at the same time', async () => {
    const paid = await paidByPaypal('sl', 'Luka Novak');
    const capture = paid.paymentReference ?? '';
    paypal.refundDelayMs = 400;
    const answers = await Promise.all([reject(paid.id, 'es'), reject(paid.id, 'es')]).finally(() => {
      paypal.refundDelayMs = 0;
    });

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const asked = paypalRefundRequests(capture);
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((request) => request.headers['paypal-request-id'])).size).toBe(1);
    expect(paypal.refunds.filter((refund) => refund.captureId === capture)).toMatchObject([
      { value: '99.00', status: 'COMPLETED', customId: paid.reference },
    ]);
    expect(await application(paid.id)).toMatchObject({ state: 'rejected', refundState: 'succeeded' });

    const mail = await rejectionMail(paid.email, /ni bila sprejeta/);
    expect(mail.text).toContain('Znesek 99,00\u00a0€');
    expect(mail.text).toContain('vam vračamo na vaš račun PayPal');
  });

  it('settles a pending PayPal refund from PAYMENT.CAPTURE.REFUNDED', async () => {
    const paid = await paidByPaypal('en');
    paypal.nextRefundStatus = 'PENDING';
    const pending = await reject(paid.id).finally(() => {
      paypal.nextRefundStatus = 'COMPLETED';
    });
    expect(pending.json().application.refund).toMatchObject({ state: 'pending' });
    const { refundReference } = await application(paid.id);
    const { body, headers } = paypal.settleRefund(refundReference ?? '', 'COMPLETED');
    const delivered = await sut.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
    expect(delivered.statusCode).toBe(200);
    expect(await application(paid.id)).toMatchObject({ refundState: 'succeeded', refundFailureReason: null });
  });

  it('keeps the application submitted when PayPal refuses the refund', async () => {
    const paid = await paidByPaypal('en');
    paypal.refuseNextRefund = 'REFUND_TIME_LIMIT_EXCEEDED';
    const refused = await reject(paid.id, 'it');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({
      reason: 'È passato il tempo entro cui il fornitore permette di rimborsare questo pagamento',
      provider_code: 'refund_time_limit_exceeded',
    });
    expect(await application(paid.id)).toMatchObject({ state: 'submitted', refundKey: null });
    expect(paypal.refunds.filter((refund) => refund.captureId === paid.paymentReference)).toEqual([]);
  });
});

describe('rejecting what was not paid', () => {
  it('rejects a commission application and an unpaid featured one as before, asking no provider', async () => {
    const stripeAsked = stripe.server.requests.filter((request) => request.path === '/v1/refunds').length;
    const paypalAsked = paypal.server.requests.filter((request) => request.path.endsWith('/refund')).length;
    const commission = await apply('commission', null, 'en');
    const unpaid = await apply('featured', 'card', 'en');
    expect(unpaid).toMatchObject({ state: 'awaiting_payment', paidAt: null });

    for (const one of [commission, unpaid]) {
      const rejected = await reject(one.id);
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().application).toMatchObject({ state: 'rejected', refund: null });
      expect((await auditOf(one.id))[0]?.changes).toEqual({ state: [one.state, 'rejected'] });
    }
    expect(stripe.server.requests.filter((request) => request.path === '/v1/refunds')).toHaveLength(
      stripeAsked,
    );
    expect(paypal.server.requests.filter((request) => request.path.endsWith('/refund'))).toHaveLength(
      paypalAsked,
    );
    const mail = await waitForMail(sut, commission.email, 2);
    expect(mail.some((one) => one.text.includes('giving back'))).toBe(false);
  });
});
