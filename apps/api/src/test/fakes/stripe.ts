import { createHmac, randomBytes } from 'node:crypto';
import { startTestServer, type TestReply, type TestRequest, type TestServer } from './test-server.ts';

export const STRIPE_TEST_KEYS = {
  secretKey: 'sk_test_51SentieroTestKey0000000000000000',
  webhookSecret: 'whsec_5f3c1a9e0b7d24c6e8a5b1d0c9e7f6a42b8d',
};

export type FakeStripeIntent = Record<string, unknown> & { id: string; amount: number; status: string };

/** A stand-in for Stripe's API on 127.0.0.1: form-encoded requests in, Stripe's JSON objects out. */
export type FakeStripe = {
  server: TestServer;
  intents: Map<string, FakeStripeIntent>;
  refundedCents: Map<string, number>;
};

export const stripeId = (prefix: string) => `${prefix}_3Q${randomBytes(10).toString('hex')}`;

// Stripe's error envelope, so the SDK raises the errors it would raise in production.
function stripeError(status: number, code: string, message: string, param?: string): TestReply {
  const doc_url = `https://stripe.com/docs/error-codes/${code}`;
  return { status, body: { error: { type: 'invalid_request_error', code, message, param, doc_url } } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeStripeIntent>();
  const intentByKey = new Map<string, string>();
  const refundedCents = new Map<string, number>();

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
      created: Math.floor(Date.now() / 1000),
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

  function handle(request: TestRequest): TestReply {
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEYS.secretKey}`) {
      return stripeError(401, 'api_key_invalid', 'Invalid API Key provided: sk_test_****');
    }
    const form = new URLSearchParams(request.body);
    const intentPath = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(request.path);

    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      // Stripe answers a repeated Idempotency-Key with the object it created the first time.
      const key = request.headers['idempotency-key'];
      const replayed = typeof key === 'string' ? intentByKey.get(key) : undefined;
      if (replayed) return { status: 200, body: intents.get(replayed) };
      if (!form.get('amount'))
        return stripeError(400, 'parameter_missing', 'Missing required param: amount.', 'amount');
      const intent = createIntent(form);
      intents.set(intent.id, intent);
      if (typeof key === 'string') intentByKey.set(key, intent.id);
      return { status: 200, body: intent };
    }

    if (request.method === 'GET' && intentPath?.[1]) {
      const intent = intents.get(intentPath[1]);
      if (intent) return { status: 200, body: intent };
      return stripeError(404, 'resource_missing', `No such payment_intent: '${intentPath[1]}'`, 'intent');
    }

    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return stripeError(400, 'resource_missing', 'No such payment_intent', 'payment_intent');
      const amount = Number(form.get('amount') ?? intent.amount);
      const already = refundedCents.get(intent.id) ?? 0;
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
      };
      return { status: 200, body: { ...refund, payment_intent: intent.id, status: 'succeeded' } };
    }

    return stripeError(
      404,
      'resource_missing',
      `Unrecognized request URL (${request.method}: ${request.path}).`,
    );
  }

  return { server: await startTestServer(handle), intents, refundedCents };
}

/** Stripe-Signature exactly as Stripe builds it: t=<unix seconds>,v1=HMAC-SHA256(secret, "<t>.<body>"). */
export function stripeSignature(
  payload: string,
  secret = STRIPE_TEST_KEYS.webhookSecret,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

export function stripeEvent(type: string, object: Record<string, unknown>): string {
  const event = {
    id: stripeId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_8fPq2W', idempotency_key: 'order-K7QX2M-1' },
    type,
  };
  // Stripe sends its events pretty-printed; the signature covers those exact bytes.
  return JSON.stringify(event, null, 2);
}
