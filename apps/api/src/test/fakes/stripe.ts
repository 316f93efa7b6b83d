import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestReply, type TestRequest, type TestServer } from './test-server.ts';

export const STRIPE_TEST_KEYS = {
  secretKey: 'sk_test_51SentieroTestKey0000000000000000',
  webhookSecret: 'whsec_5f3c1a9e0b7d24c6e8a5b1d0c9e7f6a42b8d',
};

/** The app's settings for a fake Stripe: the test keys, and its address. */
export const stripeEnvironment = (stripe: FakeStripe): Record<string, string> => ({
  STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
  STRIPE_API_BASE: stripe.server.url,
});

export type FakeStripeIntent = Record<string, unknown> & { id: string; amount: number; status: string };

export type FakeStripeObject = Record<string, unknown> & { id: string };
export type FakeStripeSubscription = FakeStripeObject & {
  status: string;
  customer: string;
  latest_invoice: string;
  pending_setup_intent: string | null;
  cancel_at_period_end: boolean;
  pause_collection: { behavior: string; resumes_at: null } | null;
  trial_end: number | null;
};

/** A stand-in for Stripe's API on 127.0.0.1: form-encoded requests in, Stripe's JSON objects out. */
export type FakeStripe = {
  server: TestServer;
  intents: Map<string, FakeStripeIntent>;
  refundedCents: Map<string, number>;
  customers: Map<string, FakeStripeObject>;
  products: Map<string, FakeStripeObject>;
  /** Prices made in the dashboard, by id: subscriptions may name them instead of `price_data`. */
  prices: Map<string, FakeStripeObject>;
  subscriptions: Map<string, FakeStripeSubscription>;
  invoices: Map<string, FakeStripeObject>;
  setupIntents: Map<string, FakeStripeObject>;
  /** The next subscription create fails as a card error with this code (what a bank refusal looks like). */
  declineNextSubscription: string | null;
  refunds: Map<string, FakeStripeObject & { status: string; amount: number; payment_intent: string }>;
  /** What the next refund answers: done at once (cards, usually), or pending until `settleRefund`. */
  nextRefundStatus: 'succeeded' | 'pending';
  /** The next refund is refused with this error code (`charge_disputed`…), as Stripe answers 400. */
  refuseNextRefund: string | null;
  /** How long refund answers take: two requests for one refund are then at Stripe at the same time. */
  refundDelayMs: number;
  /**
   * The bank's answer to a pending refund: the refund's new state and the signed delivery Stripe
   * sends about it (`refund.updated`, or `refund.failed` with its `failure_reason`).
   */
  settleRefund(
    id: string,
    status: 'succeeded' | 'failed',
    failureReason?: string,
  ): { payload: string; headers: Record<string, string> };
};

export const stripeId = (prefix: string) => `${prefix}_3Q${randomBytes(10).toString('hex')}`;

// Stripe's error envelope, so the SDK raises the errors it would raise in production.
function stripeError(
  status: number,
  code: string,
  message: string,
  param?: string,
  type = 'invalid_request_error',
): TestReply {
  const doc_url = `https://stripe.com/docs/error-codes/${code}`;
  return { status, body: { error: { type, code, message, param, doc_url } } };
}

const now = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;
const INTERVAL_SECONDS: Record<string, number> = {
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};
const missing = (kind: string, id: string, param?: string) =>
  stripeError(404, 'resource_missing', `No such ${kind}: '${id}'`, param);

export async function startFakeStripe(): Promise<FakeStripe> {
  const fake: Omit<FakeStripe, 'server'> = {
    intents: new Map(),
    refundedCents: new Map(),
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    setupIntents: new Map(),
    declineNextSubscription: null,
    refunds: new Map(),
    nextRefundStatus: 'succeeded',
    refuseNextRefund: null,
    refundDelayMs: 0,
    settleRefund(id, status, failureReason = 'expired_or_canceled_card') {
      const refund = fake.refunds.get(id);
      if (!refund) throw new Error(`no Stripe refund ${id}`);
      refund.status = status;
      if (status === 'failed') {
        refund.failure_reason = failureReason;
        // The money never left: the payment can be refunded again.
        const intent = refund.payment_intent;
        fake.refundedCents.set(intent, (fake.refundedCents.get(intent) ?? 0) - refund.amount);
      }
      const payload = stripeEvent(status === 'failed' ? 'refund.failed' : 'refund.updated', refund, {
        status: 'pending',
      });
      return {
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
      };
    },
  };
  const { intents, refundedCents } = fake;
  // Stripe answers a repeated Idempotency-Key with the response it gave the first time.
  const replies = new Map<string, { path: string; reply: TestReply }>();

  function createIntent(form: URLSearchParams): FakeStripeIntent {
    const id = stripeId('pi');
    return {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      amount_received: 0,
      allowed_payment_method_types: form.getAll('allowed_payment_method_types[0]'),
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: form.get('currency'),
      description: form.get('description'),
      last_payment_error: null,
      livemode: false,
      metadata: { order_code: form.get('metadata[order_code]') },
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
    };
  }

  function metadataOf(form: URLSearchParams): Record<string, string> {
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const key = /^metadata\[(\w+)\]$/.exec(name)?.[1];
      if (key) metadata[key] = value;
    }
    return metadata;
  }

  /** The price of `items[0]`: a known Price id, or `price_data` on an existing Product. */
  function itemPrice(form: URLSearchParams): { price: FakeStripeObject } | { error: TestReply } {
    const priceId = form.get('items[0][price]');
    if (priceId) {
      const known = fake.prices.get(priceId);
      return known ? { price: known } : { error: missing('price', priceId, 'items[0][price]') };
    }
    const data = (field: string) => form.get(`items[0][price_data][${field}]`);
    const product = data('product') ?? '';
    if (!fake.products.has(product)) {
      return { error: missing('product', product, 'items[0][price_data][product]') };
    }
    const interval = data('recurring][interval') ?? '';
    if (
      data('currency') !== 'eur' ||
      !/^\d+$/.test(data('unit_amount') ?? '') ||
      !INTERVAL_SECONDS[interval]
    ) {
      return {
        error: stripeError(400, 'parameter_invalid_empty', 'Invalid price_data.', 'items[0][price_data]'),
      };
    }
    const price = {
      id: stripeId('price'),
      object: 'price',
      currency: 'eur',
      product,
      unit_amount: Number(data('unit_amount')),
      recurring: { interval, interval_count: 1 },
      type: 'recurring',
    };
    return { price };
  }

  function createSubscription(form: URLSearchParams): TestReply {
    const customer = form.get('customer') ?? '';
    if (!fake.customers.has(customer)) return missing('customer', customer, 'customer');
    const item = itemPrice(form);
    if ('error' in item) return item.error;
    const { price } = item;
    if (fake.declineNextSubscription) {
      const code = fake.declineNextSubscription;
      fake.declineNextSubscription = null;
      return stripeError(402, code, 'Your card was declined.', undefined, 'card_error');
    }
    const created = now();
    const trialDays = Number(form.get('trial_period_days') ?? 0);
    const trialEnd = trialDays > 0 ? created + trialDays * DAY : null;
    const periodEnd =
      trialEnd ?? created + (INTERVAL_SECONDS[(price.recurring as { interval: string }).interval] ?? 0);
    const id = stripeId('sub');
    const amount = trialEnd ? 0 : Number(price.unit_amount);
    const invoice: FakeStripeObject = {
      id: stripeId('in'),
      object: 'invoice',
      amount_due: amount,
      amount_paid: 0,
      billing_reason: 'subscription_create',
      currency: 'eur',
      customer,
      status: amount === 0 ? 'paid' : 'open',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: id, metadata: metadataOf(form) },
      },
      // Only sent when expanded, as Stripe does.
      confirmation_secret:
        amount === 0 ? null : { client_secret: `${stripeId('pi')}_secret_x`, type: 'payment_intent' },
    };
    fake.invoices.set(invoice.id, invoice);
    let setupIntent: FakeStripeObject | null = null;
    if (trialEnd && form.get('payment_behavior') === 'default_incomplete') {
      const setupId = stripeId('seti');
      setupIntent = {
        id: setupId,
        object: 'setup_intent',
        client_secret: `${setupId}_secret_${randomBytes(12).toString('hex')}`,
        customer,
        last_setup_error: null,
        status: 'requires_payment_method',
        usage: 'off_session',
      };
      fake.setupIntents.set(setupId, setupIntent);
    }
    const subscription: FakeStripeSubscription = {
      id,
      object: 'subscription',
      billing_mode: { type: 'flexible' },
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created,
      currency: 'eur',
      customer,
      default_payment_method: null,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: stripeId('si'),
            object: 'subscription_item',
            current_period_start: created,
            current_period_end: periodEnd,
            price,
            quantity: 1,
          },
        ],
        has_more: false,
      },
      latest_invoice: invoice.id,
      livemode: false,
      metadata: metadataOf(form),
      pause_collection: null,
      payment_behavior: form.get('payment_behavior'),
      payment_settings: {
        payment_method_options: null,
        payment_method_types: form.getAll('payment_settings[payment_method_types][0]'),
        save_default_payment_method: form.get('payment_settings[save_default_payment_method]'),
      },
      pending_setup_intent: setupIntent?.id ?? null,
      start_date: created,
      status: trialEnd ? 'trialing' : amount === 0 ? 'active' : 'incomplete',
      trial_end: trialEnd,
      trial_start: trialEnd ? created : null,
    };
    fake.subscriptions.set(id, subscription);
    return { status: 200, body: withExpansions(subscription, form) };
  }

  /** Stripe embeds what `expand[]` names and leaves ids elsewhere. */
  function withExpansions(subscription: FakeStripeSubscription, form: URLSearchParams) {
    const expand = new Set(
      [...form].filter(([name]) => name.startsWith('expand[')).map(([, value]) => value),
    );
    const { payment_behavior: _asked, ...shown } = subscription;
    const invoice = fake.invoices.get(subscription.latest_invoice);
    const { confirmation_secret, ...invoiceShown } = invoice ?? { confirmation_secret: null };
    return {
      ...shown,
      pending_setup_intent:
        expand.has('pending_setup_intent') && subscription.pending_setup_intent
          ? fake.setupIntents.get(subscription.pending_setup_intent)
          : subscription.pending_setup_intent,
      latest_invoice:
        expand.has('latest_invoice') || expand.has('latest_invoice.confirmation_secret')
          ? {
              ...invoiceShown,
              ...(expand.has('latest_invoice.confirmation_secret') ? { confirmation_secret } : {}),
            }
          : subscription.latest_invoice,
    };
  }

  function updateSubscription(subscription: FakeStripeSubscription, form: URLSearchParams): TestReply {
    if (subscription.status === 'canceled') {
      return stripeError(
        400,
        'resource_missing',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    if (form.has('pause_collection[behavior]')) {
      const behavior = form.get('pause_collection[behavior]') ?? '';
      if (!['void', 'keep_as_draft', 'mark_uncollectible'].includes(behavior)) {
        return stripeError(400, 'parameter_invalid_empty', 'Invalid pause_collection.', 'pause_collection');
      }
      subscription.pause_collection = { behavior, resumes_at: null };
    } else if (form.get('pause_collection') === '') {
      subscription.pause_collection = null;
    }
    const cancelAtPeriodEnd = form.get('cancel_at_period_end');
    if (cancelAtPeriodEnd !== null) subscription.cancel_at_period_end = cancelAtPeriodEnd === 'true';
    const trialEnd = form.get('trial_end');
    if (trialEnd !== null) {
      if (Number(trialEnd) <= now()) {
        return stripeError(400, 'parameter_invalid_integer', 'trial_end must be in the future.', 'trial_end');
      }
      subscription.trial_end = Number(trialEnd);
      subscription.status = 'trialing';
    }
    return { status: 200, body: withExpansions(subscription, form) };
  }

  function answer(request: TestRequest, url: URL, form: URLSearchParams): TestReply {
    const intentPath = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url.pathname);
    const subscriptionPath = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(url.pathname);
    const productPath = /^\/v1\/products\/(\w+)$/.exec(url.pathname);
    const refundPath = /^\/v1\/refunds\/(re_\w+)$/.exec(url.pathname);
    const route = `${request.method} ${subscriptionPath ? '/v1/subscriptions/:id' : productPath ? '/v1/products/:id' : refundPath ? '/v1/refunds/:id' : url.pathname}`;

    switch (route) {
      case 'POST /v1/payment_intents': {
        if (!form.get('amount'))
          return stripeError(400, 'parameter_missing', 'Missing required param: amount.', 'amount');
        const intent = createIntent(form);
        intents.set(intent.id, intent);
        return { status: 200, body: intent };
      }
      case 'POST /v1/refunds': {
        const intent = intents.get(form.get('payment_intent') ?? '');
        if (!intent) return stripeError(400, 'resource_missing', 'No such payment_intent', 'payment_intent');
        const amount = Number(form.get('amount') ?? intent.amount);
        const already = refundedCents.get(intent.id) ?? 0;
        if (fake.refuseNextRefund) {
          const code = fake.refuseNextRefund;
          fake.refuseNextRefund = null;
          return stripeError(400, code, 'The refund was refused.', undefined);
        }
        if (already + amount > intent.amount) {
          return stripeError(
            400,
            'amount_too_large',
            'Refund amount is greater than unrefunded amount on charge',
            'amount',
          );
        }
        refundedCents.set(intent.id, already + amount);
        const refund = {
          id: stripeId('re'),
          object: 'refund',
          amount,
          charge: stripeId('ch'),
          currency: 'eur',
          created: now(),
          failure_reason: null,
          metadata: metadataOf(form),
          payment_intent: intent.id,
          status: fake.nextRefundStatus,
        };
        fake.refunds.set(refund.id, refund);
        return { status: 200, body: refund, delayMs: fake.refundDelayMs };
      }
      case 'GET /v1/refunds/:id': {
        const refund = fake.refunds.get(refundPath?.[1] ?? '');
        return refund
          ? { status: 200, body: refund }
          : stripeError(404, 'resource_missing', 'No such refund', 'id');
      }
      case 'GET /v1/customers': {
        const email = url.searchParams.get('email');
        const data = [...fake.customers.values()].filter((customer) => !email || customer.email === email);
        return { status: 200, body: { object: 'list', url: '/v1/customers', has_more: false, data } };
      }
      case 'POST /v1/customers': {
        const customer = {
          id: stripeId('cus'),
          object: 'customer',
          created: now(),
          email: form.get('email'),
          name: form.get('name'),
          metadata: metadataOf(form),
          invoice_settings: { default_payment_method: null },
          livemode: false,
        };
        fake.customers.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      case 'GET /v1/products/:id': {
        const id = productPath?.[1] ?? '';
        const product = fake.products.get(id);
        return product ? { status: 200, body: product } : missing('product', id, 'id');
      }
      case 'POST /v1/products': {
        const id = form.get('id') ?? stripeId('prod');
        if (fake.products.has(id)) {
          return stripeError(400, 'resource_already_exists', `Product already exists.`, 'id');
        }
        const product = { id, object: 'product', active: true, name: form.get('name'), created: now() };
        fake.products.set(id, product);
        return { status: 200, body: product };
      }
      case 'POST /v1/subscriptions':
        return createSubscription(form);
      case 'GET /v1/subscriptions/:id':
      case 'POST /v1/subscriptions/:id':
      case 'DELETE /v1/subscriptions/:id': {
        const id = subscriptionPath?.[1] ?? '';
        const subscription = fake.subscriptions.get(id);
        if (!subscription) return missing('subscription', id);
        if (request.method === 'GET')
          return { status: 200, body: withExpansions(subscription, url.searchParams) };
        if (request.method === 'POST') return updateSubscription(subscription, form);
        if (subscription.status === 'canceled') return missing('subscription', id);
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
        return { status: 200, body: withExpansions(subscription, form) };
      }
    }
    if (request.method === 'GET' && intentPath?.[1]) {
      const intent = intents.get(intentPath[1]);
      if (intent) return { status: 200, body: intent };
      return stripeError(404, 'resource_missing', `No such payment_intent: '${intentPath[1]}'`, 'intent');
    }
    return stripeError(
      404,
      'resource_missing',
      `Unrecognized request URL (${request.method}: ${request.path}).`,
    );
  }

  function handle(request: TestRequest): TestReply {
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEYS.secretKey}`) {
      return stripeError(401, 'api_key_invalid', 'Invalid API Key provided: sk_test_****');
    }
    const url = new URL(request.path, 'http://stripe.test');
    const form = new URLSearchParams(request.body);
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    if (typeof key === 'string') {
      const earlier = replies.get(key);
      if (earlier && earlier.path !== url.pathname) {
        const message = 'Keys for idempotent requests can only be used for the same endpoint.';
        return stripeError(400, 'idempotency_key_in_use', message, undefined, 'idempotency_error');
      }
      if (earlier) return earlier.reply;
    }
    const reply = answer(request, url, form);
    // Stripe keeps the first answer (a 4xx included, a 5xx not) and replays it.
    if (typeof key === 'string' && reply.status < 500) {
      replies.set(key, { path: url.pathname, reply: structuredClone(reply) });
    }
    return reply;
  }

  return Object.assign(fake, { server: await startTestServer(handle) });
}

/** Stripe-Signature exactly as Stripe builds it: t=<unix seconds>,v1=HMAC-SHA256(secret, "<t>.<body>"). */
export function stripeSignature(
  payload: string,
  secret = STRIPE_TEST_KEYS.webhookSecret,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  previousAttributes?: Record<string, unknown>,
): string {
  const event = {
    id: stripeId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    // `*.updated` events carry the changed fields' old values.
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_8fPq2W', idempotency_key: 'order-K7QX2M-1' },
    type,
  };
  // Stripe sends its events pretty-printed; the signature covers those exact bytes.
  return JSON.stringify(event, null, 2);
}

/** Hands an event the fake sent to the app's Stripe Billing webhook, as Stripe's delivery would. */
export function deliverMembershipEvent(
  app: { inject: FastifyInstance['inject'] },
  event: { body: string; headers: Record<string, string> },
) {
  return app.inject({
    method: 'POST',
    url: '/api/subscriptions/stripe/webhook',
    headers: { 'content-type': 'application/json', ...event.headers },
    payload: event.body,
  });
}
