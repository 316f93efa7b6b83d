import { randomBytes } from 'node:crypto';
import {
  type FakePaypalSubscription,
  firstChargeAfterApproval,
  type PaypalBillingCycle,
  paypalTime,
  regularCycleAfter,
  regularPrice,
  SUBSCRIPTION_ACTIONS,
  subscriptionBody,
} from './paypal-subscriptions.ts';
import { startTestServer, type TestReply, type TestRequest, type TestServer } from './test-server.ts';

export const PAYPAL_TEST_APP = {
  clientId: 'AeSentieroSandboxClientId00000000000000000000000000000000000000000000000000000',
  clientSecret: 'EPsentieroSandboxSecret000000000000000000000000000000000000000000000000000000',
  webhookId: '8PT597110X687430LKGECATA',
};

/** The app's settings for a fake PayPal: its test app's credentials, and its address. */
export const paypalEnvironment = (paypal: FakePaypal): Record<string, string> => ({
  PAYPAL_CLIENT_ID: PAYPAL_TEST_APP.clientId,
  PAYPAL_CLIENT_SECRET: PAYPAL_TEST_APP.clientSecret,
  PAYPAL_WEBHOOK_ID: PAYPAL_TEST_APP.webhookId,
  PAYPAL_API_BASE: paypal.server.url,
});

const CERT_URL = 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77';

export type FakePaypalOrder = {
  id: string;
  code: string;
  value: string;
  state: 'created' | 'approved' | 'declined' | 'pending';
  captureIds: string[];
  /** Where PayPal sends the buyer back after approving, and after cancelling. */
  returnUrl?: string;
  cancelUrl?: string;
};

/** A stand-in for PayPal's REST API on 127.0.0.1, answering with the shapes PayPal documents. */
export type FakePaypal = {
  server: TestServer;
  tokens: Set<string>;
  orders: Map<string, FakePaypalOrder>;
  products: Map<string, Record<string, unknown>>;
  plans: Map<string, Record<string, unknown> & { id: string; billing_cycles: PaypalBillingCycle[] }>;
  subscriptions: Map<string, FakePaypalSubscription>;
  /** What happens on PayPal's page when the member approves: the subscription starts (its trial, or a first charge). */
  approveSubscription(id: string): void;
  /**
   * PayPal collects the cycle due at the next billing time (or a retry of it at `at`): the next
   * billing time moves one regular cycle on. Answers the sale, the resource of PAYMENT.SALE.COMPLETED.
   */
  collectSubscriptionPayment(id: string, at?: Date): Record<string, unknown>;
  /**
   * PayPal cannot collect the cycle due at the next billing time: the subscription stays active
   * and owes it. Answers the subscription, the resource of BILLING.SUBSCRIPTION.PAYMENT.FAILED.
   */
  failSubscriptionPayment(id: string, reasonCode?: string): Record<string, unknown>;
  /** Answers kept per PayPal-Request-Id, which is how PayPal makes a retried POST harmless. */
  replies: Map<string, TestReply>;
  refunds: FakePaypalRefund[];
  /** What the next refund answers: COMPLETED at once, or PENDING until `settleRefund`. */
  nextRefundStatus: 'COMPLETED' | 'PENDING';
  /** The next refund is refused with this issue (`REFUND_NOT_ALLOWED`…), as PayPal answers 422. */
  refuseNextRefund: string | null;
  /** How long refund answers take: two requests for one refund are then at PayPal at the same time. */
  refundDelayMs: number;
  /**
   * PayPal finishes a pending refund: its new status and the signed PAYMENT.CAPTURE.REFUNDED
   * delivery about it (FAILED carries `status_details.reason`).
   */
  settleRefund(id: string, status: 'COMPLETED' | 'FAILED'): { body: string; headers: Record<string, string> };
  verificationOutage: boolean;
  /** A delivery as PayPal sends it, which its verify endpoint will then vouch for. */
  signDelivery(
    eventType: string,
    resource: Record<string, unknown>,
    resourceType?: 'capture' | 'sale' | 'subscription' | 'refund',
  ): { body: string; headers: Record<string, string> };
};

export type FakePaypalRefund = {
  id: string;
  captureId: string;
  value: string;
  status: string;
  customId?: string;
};

export const paypalId = () => randomBytes(8).toString('hex').toUpperCase();

function paypalError(status: number, name: string, issue: string, description: string): TestReply {
  const details = [{ issue, description }];
  const href = `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`;
  const links = [{ href, rel: 'information_link', method: 'GET' }];
  return { status, body: { name, message: description, debug_id: 'f1e2d3c4b5a69', details, links } };
}
const unprocessable = (issue: string, description: string) =>
  paypalError(422, 'UNPROCESSABLE_ENTITY', issue, description);
const notFound = () =>
  paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'The specified resource does not exist.');
const unauthorized = (error: string, error_description: string) => ({
  status: 401,
  body: { error, error_description },
});

function capturedOrder(order: FakePaypalOrder) {
  const status = order.state === 'pending' ? 'PENDING' : 'COMPLETED';
  const captureId = order.captureIds[0];
  const capture = {
    id: captureId,
    status,
    ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
    amount: { currency_code: 'EUR', value: order.value },
    final_capture: true,
    seller_protection: {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    },
    custom_id: order.code,
    links: [
      { href: `https://api-m.paypal.com/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
    ],
    create_time: '2026-05-15T06:02:11Z',
    update_time: '2026-05-15T06:02:11Z',
  };
  const name = { given_name: 'Ada', surname: 'Lovelace' };
  return {
    id: order.id,
    status: 'COMPLETED',
    payment_source: {
      paypal: {
        email_address: 'ada@example.org',
        account_id: 'QYR5Z8XDVJNXQ',
        account_status: 'VERIFIED',
        name,
      },
    },
    purchase_units: [{ reference_id: order.code, payments: { captures: [capture] } }],
    payer: { name, email_address: 'ada@example.org', payer_id: 'QYR5Z8XDVJNXQ' },
    links: [{ href: `https://api-m.paypal.com/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
  };
}

const cents = (value: string) => Math.round(Number(value) * 100);

/** A refund as PayPal shows it: the capture it belongs to is its `up` link. */
function refundBody(refund: FakePaypalRefund) {
  const self = `https://api-m.paypal.com/v2/payments/refunds/${refund.id}`;
  return {
    id: refund.id,
    status: refund.status,
    ...(refund.status === 'FAILED' ? { status_details: { reason: 'ECHECK' } } : {}),
    amount: { currency_code: 'EUR', value: refund.value },
    ...(refund.customId ? { custom_id: refund.customId } : {}),
    seller_payable_breakdown: { gross_amount: { currency_code: 'EUR', value: refund.value } },
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `https://api-m.paypal.com/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
    create_time: '2026-05-16T08:12:40Z',
    update_time: '2026-05-16T08:12:40Z',
  };
}

export async function startFakePaypal(): Promise<FakePaypal> {
  const signed = new Map<string, { sig: string; event: unknown }>();
  const fake: Omit<FakePaypal, 'server'> = {
    tokens: new Set(),
    orders: new Map(),
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    approveSubscription(id) {
      const subscription = fake.subscriptions.get(id);
      const plan = subscription && fake.plans.get(subscription.planId);
      if (!subscription || !plan) throw new Error(`no PayPal subscription ${id}`);
      subscription.status = 'ACTIVE';
      subscription.nextBillingTime = firstChargeAfterApproval(plan.billing_cycles);
    },
    collectSubscriptionPayment(id, at) {
      const { subscription, plan, due } = billedSubscription(id);
      const time = at ? paypalTime(at) : due;
      const value = regularPrice(plan.billing_cycles);
      subscription.lastPayment = { value, time };
      subscription.failedPayments = 0;
      subscription.nextBillingTime = regularCycleAfter(due, plan.billing_cycles);
      const saleId = paypalId();
      const sale = `https://api-m.paypal.com/v1/payments/sale/${saleId}`;
      // PAYMENT.SALE.* carry the v1 payments shape: `total` and `currency`, the subscription as the agreement.
      return {
        id: saleId,
        state: 'completed',
        amount: { total: value, currency: 'EUR', details: { subtotal: value } },
        payment_mode: 'INSTANT_TRANSFER',
        protection_eligibility: 'ELIGIBLE',
        protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
        transaction_fee: { value: '0.71', currency: 'EUR' },
        billing_agreement_id: subscription.id,
        custom: subscription.customId,
        create_time: time,
        update_time: time,
        links: [
          { href: sale, rel: 'self', method: 'GET' },
          { href: `${sale}/refund`, rel: 'refund', method: 'POST' },
        ],
      };
    },
    failSubscriptionPayment(id, reasonCode = 'PAYER_CANNOT_PAY') {
      const { subscription, plan, due } = billedSubscription(id);
      const retry = new Date(Date.parse(due) + 5 * 24 * 60 * 60 * 1000);
      subscription.failedPayments += 1;
      subscription.lastFailedPayment = {
        value: regularPrice(plan.billing_cycles),
        time: due,
        reasonCode,
        retryTime: paypalTime(retry),
      };
      return subscriptionBody(subscription);
    },
    replies: new Map(),
    refunds: [],
    nextRefundStatus: 'COMPLETED',
    refuseNextRefund: null,
    refundDelayMs: 0,
    settleRefund(id, status) {
      const refund = fake.refunds.find((candidate) => candidate.id === id);
      if (!refund) throw new Error(`no PayPal refund ${id}`);
      refund.status = status;
      return fake.signDelivery('PAYMENT.CAPTURE.REFUNDED', refundBody(refund), 'refund');
    },
    verificationOutage: false,
    signDelivery(eventType, resource, resourceType = 'capture') {
      const transmissionId = `${randomBytes(4).toString('hex')}-4b4a-11f1-8fd5-${randomBytes(6).toString('hex')}`;
      const event = {
        id: `WH-${paypalId()}`,
        create_time: '2026-05-15T06:02:14.000Z',
        resource_type: resourceType,
        event_type: eventType,
        summary: 'Payment completed for EUR 12.5 EUR',
        resource,
        event_version: '1.0',
        // Sales are still the v1 payments resource; captures and subscriptions are 2.0.
        resource_version: resourceType === 'sale' ? '1.0' : '2.0',
      };
      const sig = randomBytes(64).toString('base64');
      signed.set(transmissionId, { sig, event });
      const headers = {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': CERT_URL,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': sig,
        'paypal-transmission-time': '2026-05-15T06:02:14Z',
      };
      return { body: JSON.stringify(event), headers };
    },
  };

  /** PayPal bills active subscriptions only, at their next billing time. */
  function billedSubscription(id: string) {
    const subscription = fake.subscriptions.get(id);
    const plan = subscription && fake.plans.get(subscription.planId);
    if (!subscription || !plan) throw new Error(`no PayPal subscription ${id}`);
    if (subscription.status !== 'ACTIVE' || !subscription.nextBillingTime) {
      throw new Error(`PayPal does not bill subscription ${id}: it is ${subscription.status}`);
    }
    return { subscription, plan, due: subscription.nextBillingTime };
  }

  function answer(request: TestRequest): TestReply {
    const body = request.body ? JSON.parse(request.body) : {};
    const orderPath = /^\/v2\/checkout\/orders\/(\w+)$/.exec(request.path);
    const capturePath = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(request.path);
    const refundPath = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(request.path);
    const refundReadPath = /^\/v2\/payments\/refunds\/(\w+)$/.exec(request.path);

    if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      const unit = body.purchase_units?.[0];
      const amount = unit?.amount;
      if (
        body.intent !== 'CAPTURE' ||
        amount?.currency_code !== 'EUR' ||
        !/^\d+\.\d{2}$/.test(amount.value)
      ) {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'INVALID_PARAMETER_VALUE',
          'The value of a field is invalid.',
        );
      }
      const order: FakePaypalOrder = {
        id: paypalId(),
        code: unit.custom_id,
        value: amount.value,
        state: 'created',
        captureIds: [],
        returnUrl: body.payment_source?.paypal?.experience_context?.return_url,
        cancelUrl: body.payment_source?.paypal?.experience_context?.cancel_url,
      };
      fake.orders.set(order.id, order);
      const links = [
        { href: `https://api-m.paypal.com/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        { href: `https://www.paypal.com/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' },
      ];
      return {
        status: 200,
        body: { id: order.id, status: 'PAYER_ACTION_REQUIRED', payment_source: { paypal: {} }, links },
      };
    }

    if (request.method === 'POST' && capturePath?.[1]) {
      const order = fake.orders.get(capturePath[1]);
      if (!order) return notFound();
      if (order.state === 'created')
        return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order.');
      if (order.state === 'declined')
        return unprocessable('INSTRUMENT_DECLINED', 'The instrument was declined.');
      if (order.captureIds.length > 0)
        return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
      order.captureIds.push(paypalId());
      return { status: 201, body: capturedOrder(order) };
    }

    if (request.method === 'GET' && orderPath?.[1]) {
      const order = fake.orders.get(orderPath[1]);
      return order ? { status: 200, body: capturedOrder(order) } : notFound();
    }

    if (request.method === 'GET' && refundReadPath?.[1]) {
      const refund = fake.refunds.find((candidate) => candidate.id === refundReadPath[1]);
      return refund ? { status: 200, body: refundBody(refund) } : notFound();
    }

    if (request.method === 'POST' && refundPath?.[1]) {
      const captureId = refundPath[1];
      if (fake.refuseNextRefund) {
        const issue = fake.refuseNextRefund;
        fake.refuseNextRefund = null;
        return unprocessable(issue, 'The refund was refused.');
      }
      const order = [...fake.orders.values()].find((candidate) => candidate.captureIds.includes(captureId));
      if (order) {
        const refunded = fake.refunds
          .filter((refund) => refund.captureId === captureId && refund.status !== 'FAILED')
          .reduce((sum, refund) => sum + cents(refund.value), 0);
        if (refunded + cents(body.amount?.value ?? order.value) > cents(order.value)) {
          return unprocessable(
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          );
        }
      }
      const refund: FakePaypalRefund = {
        id: paypalId(),
        captureId,
        value: body.amount?.value ?? order?.value,
        status: fake.nextRefundStatus,
        customId: body.custom_id,
      };
      fake.refunds.push(refund);
      return { status: 201, body: refundBody(refund), delayMs: fake.refundDelayMs };
    }

    const planPath = /^\/v1\/billing\/plans\/([\w-]+)$/.exec(request.path);
    const subscriptionPath = /^\/v1\/billing\/subscriptions\/([\w-]+)$/.exec(request.path);
    const actionPath = /^\/v1\/billing\/subscriptions\/([\w-]+)\/(suspend|activate|cancel)$/.exec(
      request.path,
    );

    if (request.method === 'POST' && request.path === '/v1/catalogs/products') {
      if (!body.name)
        return paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'name is required.');
      const product = { id: `PROD-${paypalId()}`, name: body.name, type: body.type ?? 'PHYSICAL' };
      fake.products.set(product.id, product);
      return { status: 201, body: { ...product, create_time: '2026-06-01T08:00:00Z', links: [] } };
    }

    if (request.method === 'POST' && request.path === '/v1/billing/plans') {
      const cycles: PaypalBillingCycle[] = body.billing_cycles ?? [];
      const regular = cycles.filter((cycle) => cycle.tenure_type === 'REGULAR');
      const valid =
        fake.products.has(body.product_id) &&
        regular.length === 1 &&
        regular[0]?.pricing_scheme?.fixed_price?.currency_code === 'EUR' &&
        cycles.every((cycle, index) => cycle.sequence === index + 1);
      if (!valid) {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'INVALID_PARAMETER_VALUE',
          'The value of a field is invalid.',
        );
      }
      const plan = {
        ...body,
        id: `P-${paypalId()}`,
        status: body.status ?? 'ACTIVE',
        billing_cycles: cycles,
      };
      fake.plans.set(plan.id, plan);
      return { status: 201, body: { ...plan, create_time: '2026-06-01T08:00:00Z', links: [] } };
    }

    if (request.method === 'GET' && planPath?.[1]) {
      const plan = fake.plans.get(planPath[1]);
      return plan ? { status: 200, body: plan } : notFound();
    }

    if (request.method === 'POST' && request.path === '/v1/billing/subscriptions') {
      const plan = fake.plans.get(body.plan_id);
      if (plan?.status !== 'ACTIVE') return unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status.');
      const context = body.application_context;
      if (!context?.return_url || !context?.cancel_url) {
        return paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'return_url is required.');
      }
      const subscription: FakePaypalSubscription = {
        id: `I-${paypalId()}`,
        planId: plan.id,
        customId: body.custom_id,
        email: body.subscriber?.email_address ?? null,
        status: 'APPROVAL_PENDING',
        statusReason: null,
        nextBillingTime: null,
        lastPayment: null,
        lastFailedPayment: null,
        failedPayments: 0,
      };
      fake.subscriptions.set(subscription.id, subscription);
      return { status: 201, body: subscriptionBody(subscription) };
    }

    if (request.method === 'GET' && subscriptionPath?.[1]) {
      const subscription = fake.subscriptions.get(subscriptionPath[1]);
      return subscription ? { status: 200, body: subscriptionBody(subscription) } : notFound();
    }

    if (request.method === 'POST' && actionPath?.[1] && actionPath[2]) {
      const subscription = fake.subscriptions.get(actionPath[1]);
      if (!subscription) return notFound();
      const action = SUBSCRIPTION_ACTIONS[actionPath[2] as keyof typeof SUBSCRIPTION_ACTIONS];
      if (actionPath[2] !== 'activate' && !body.reason) {
        return paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'reason is required.');
      }
      if (!(action.from as readonly string[]).includes(subscription.status)) {
        return unprocessable(
          'SUBSCRIPTION_STATUS_INVALID',
          `Invalid subscription status for ${actionPath[2]} action.`,
        );
      }
      subscription.status = action.to;
      subscription.statusReason = body.reason ?? null;
      return { status: 204, body: undefined };
    }

    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') {
      if (fake.verificationOutage)
        return paypalError(503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'Service Unavailable.');
      const delivery = signed.get(body.transmission_id);
      const genuine =
        delivery !== undefined &&
        body.webhook_id === PAYPAL_TEST_APP.webhookId &&
        body.transmission_sig === delivery.sig &&
        body.auth_algo === 'SHA256withRSA' &&
        body.cert_url === CERT_URL &&
        JSON.stringify(body.webhook_event) === JSON.stringify(delivery.event);
      return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
    }

    return notFound();
  }

  function handle(request: TestRequest): TestReply {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const { clientId, clientSecret } = PAYPAL_TEST_APP;
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      const grant = new URLSearchParams(request.body).get('grant_type');
      if (request.headers.authorization !== basic || grant !== 'client_credentials') {
        return unauthorized('invalid_client', 'Client Authentication failed');
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      fake.tokens.add(token);
      const scope = 'https://uri.paypal.com/services/payments/payment';
      const issued = {
        scope,
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
      };
      return { status: 200, body: { ...issued, nonce: '2026-05-15T06:00:00Zabc' } };
    }
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!fake.tokens.has(token)) return unauthorized('invalid_token', 'Token signature verification failed');

    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${request.path} ${requestId}` : undefined;
    const replayed = key ? fake.replies.get(key) : undefined;
    if (replayed) return replayed;
    const reply = answer(request);
    if (key && reply.status < 300) fake.replies.set(key, reply);
    return reply;
  }

  return Object.assign(fake, { server: await startTestServer(handle) });
}
