import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type OAuthToken,
  type Order,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  RefundStatus,
} from '@paypal/paypal-server-sdk';
import { createPaypalWebhookReader } from './paypal-webhooks.ts';
import { type PaymentProvider, type PaymentStart, requireAmountCents } from './provider.ts';

export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

export type PaypalConfig = {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** PAYPAL_SANDBOX_API for PayPal's test accounts, a local stand-in in tests; live when unset. */
  apiBase?: string;
};

const TIMEOUT_MS = 30_000;

/** PayPal Checkout (Orders v2): the buyer approves on PayPal, then `complete` captures the money. */
export function paypalPayments(config: PaypalConfig): PaymentProvider {
  const apiBase = (config.apiBase ?? PAYPAL_LIVE_API).replace(/\/+$/, '');
  let cachedToken: OAuthToken | undefined;
  let pendingToken: Promise<OAuthToken> | undefined;

  // One token for the SDK's calls and the webhook check, which the SDK does not cover.
  async function oauthToken(): Promise<OAuthToken> {
    const manager = client.clientCredentialsAuthManager;
    if (!cachedToken || manager.isExpired(cachedToken)) {
      pendingToken ??= manager.fetchToken().finally(() => {
        pendingToken = undefined;
      });
      cachedToken = await pendingToken;
    }
    return cachedToken;
  }

  const client = new Client({
    environment: apiBase === PAYPAL_SANDBOX_API ? Environment.Sandbox : Environment.Production,
    timeout: TIMEOUT_MS,
    clientCredentialsAuthCredentials: {
      oAuthClientId: config.clientId,
      oAuthClientSecret: config.clientSecret,
      // Renew a minute early so a token never expires between the check and PayPal reading it.
      oAuthClockSkew: 60,
      oAuthTokenProvider: oauthToken,
    },
    ...(apiBase === PAYPAL_LIVE_API || apiBase === PAYPAL_SANDBOX_API ? {} : rebasedTransport(apiBase)),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  function readCapture(orderId: string, order: Order): PaymentStart {
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    if (!capture?.id) return { status: 'declined', reference: orderId, reason: 'payment_not_captured' };
    if (capture.status === 'COMPLETED') return { status: 'paid', reference: capture.id };
    // PayPal holds some captures for review; PAYMENT.CAPTURE.COMPLETED or DENIED settles them later.
    if (capture.status === 'PENDING') return { status: 'pending', reference: capture.id };
    return { status: 'declined', reference: capture.id, reason: 'payment_declined' };
  }

  return {
    method: 'paypal',

    async start(input) {
      const { result: order } = await orders.createOrder({
        paypalRequestId: input.idempotencyKey,
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: input.orderCode,
              customId: input.orderCode,
              // PayPal refuses descriptions over 127 characters.
              description: input.description.slice(0, 127),
              amount: {
                currencyCode: input.currency,
                value: formatEuros(requireAmountCents(input.amountCents)),
              },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: input.returnUrl,
                cancelUrl: input.cancelUrl,
                // The buyer pays on PayPal's page; there is no review step back on Sentiero.
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      });
      const approval = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!order.id || !approval) throw new Error('PayPal created an order without an approval link');
      return { status: 'action_required', reference: order.id, redirectUrl: approval.href };
    },

    async complete(orderId) {
      try {
        const { result } = await orders.captureOrder({
          id: orderId,
          // A retried capture (double click, timeout) gets PayPal's first answer instead of a second charge.
          paypalRequestId: `capture-${orderId}`,
          prefer: 'return=representation',
        });
        return readCapture(orderId, result);
      } catch (error) {
        const issue = paypalIssue(error);
        if (issue === 'ORDER_ALREADY_CAPTURED') {
          return readCapture(orderId, (await orders.getOrder({ id: orderId })).result);
        }
        // Business refusals (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED…); anything else is an outage.
        if (issue && error instanceof ApiError && error.statusCode === 422) {
          return { status: 'declined', reference: orderId, reason: issue.toLowerCase() };
        }
        throw error;
      }
    },

    async refund(captureId, amountCents) {
      const { result } = await payments.refundCapturedPayment({
        captureId,
        body: { amount: { currencyCode: 'EUR', value: formatEuros(requireAmountCents(amountCents)) } },
      });
      if (result.status === RefundStatus.Failed || result.status === RefundStatus.Cancelled) {
        throw new Error(`PayPal refused the refund of capture ${captureId}: ${result.status}`);
      }
    },

    parseWebhook: createPaypalWebhookReader({
      apiBase,
      webhookId: config.webhookId,
      accessToken: async () => (await oauthToken()).accessToken,
      timeoutMs: TIMEOUT_MS,
    }),
  };
}

/**
 * The SDK knows only PayPal's two hosts (Environment.Production and Sandbox) and has no base-URL
 * option. Its lowest-level knob is the axios configuration it passes through untouched
 * (`unstable_httpClientOptions`): axios's fetch adapter with a fetch that swaps the origin.
 */
function rebasedTransport(apiBase: string) {
  const rebasedFetch = async (request: Request) => {
    const { pathname, search } = new URL(request.url);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    return fetch(`${apiBase}${pathname}${search}`, {
      method: request.method,
      headers: request.headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      signal: request.signal,
    });
  };
  return { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: rebasedFetch } } };
}

function paypalIssue(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const result = error.result as { details?: { issue?: string }[] } | undefined;
  return result?.details?.[0]?.issue;
}

export function formatEuros(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
