import Stripe from 'stripe';
import {
  firstHeader,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStart,
  PaymentWebhookError,
  type RefundResult,
  requireAmountCents,
  type WebhookHeaders,
} from './provider.ts';

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Only for tests and stubs: the SDK talks to api.stripe.com when it is unset. */
  apiBase?: string;
};

/**
 * Cards through Stripe: the server only creates the PaymentIntent; the browser confirms it with
 * Stripe.js, so card numbers never touch Sentiero and 3-D Secure runs where the buyer is.
 */
export function stripePayments(config: StripeConfig): PaymentProvider {
  const stripe = createStripeClient(config);

  return {
    method: 'card',

    async start(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: requireAmountCents(input.amountCents),
          currency: 'eur',
          description: input.description,
          metadata: { order_code: input.orderCode },
          // Stripe is Sentiero's card method and nothing else: PayPal is a method of its own, and
          // wallets and bank transfers are not among the methods the site offers (`/api/site`).
          // (API 2026-10 renamed `payment_method_types` to this on create.)
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return readIntent(intent);
    },

    // The buyer may come back before the webhook does: asking Stripe lets the order page answer at once.
    async complete(reference) {
      return readIntent(await stripe.paymentIntents.retrieve(reference));
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.reference,
            amount: requireAmountCents(input.amountCents),
            metadata: { order_code: input.orderCode },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return readRefund(refund);
      } catch (error) {
        // Stripe's refusals (amount_too_large, charge_already_refunded…) are 4xx with a code;
        // anything else (a timeout, a 5xx) is an outage the caller retries with the same key.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          return { status: 'failed', reference: null, reason: error.code ?? 'refund_refused' };
        }
        throw error;
      }
    },

    async lookUpRefund(reference) {
      return readRefund(await stripe.refunds.retrieve(reference));
    },

    async parseWebhook(rawBody, headers) {
      const event = verifyStripeEvent(stripe, config.webhookSecret, rawBody, headers);
      return readEvent(event);
    },
  };
}

/** The SDK client for one Stripe account, shared by the checkout and the memberships. */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, { ...connectionOptions(config.apiBase), telemetry: false });
}

/** Checks the Stripe-Signature header over the exact bytes received; PaymentWebhookError when it fails. */
export function verifyStripeEvent(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  headers: WebhookHeaders,
): Stripe.Event {
  const signature = firstHeader(headers, 'stripe-signature');
  if (!signature) throw new PaymentWebhookError('the Stripe-Signature header is missing');
  try {
    // Verifies the HMAC over the exact bytes received and refuses timestamps older than 5 minutes,
    // so a captured delivery cannot be replayed.
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    throw new PaymentWebhookError('the Stripe signature does not match', { cause: error });
  }
}

function connectionOptions(
  apiBase: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function readIntent(intent: Stripe.PaymentIntent): PaymentStart {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'paid', reference: intent.id };
    case 'processing':
      return { status: 'pending', reference: intent.id };
    case 'canceled':
      return { status: 'declined', reference: intent.id, reason: 'payment_canceled' };
    case 'requires_payment_method':
      // Set after a failed attempt; a fresh intent has none and is waiting for the browser.
      if (intent.last_payment_error) {
        return {
          status: 'declined',
          reference: intent.id,
          reason: intent.last_payment_error.code ?? 'card_declined',
        };
      }
      break;
  }
  if (!intent.client_secret)
    throw new Error(`Stripe sent PaymentIntent ${intent.id} without a client secret`);
  return { status: 'action_required', reference: intent.id, clientSecret: intent.client_secret };
}

function readRefund(refund: Stripe.Refund): RefundResult {
  if (refund.status === 'succeeded') return { status: 'succeeded', reference: refund.id };
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return { status: 'failed', reference: refund.id, reason: refund.failure_reason ?? refund.status };
  }
  // `pending` and `requires_action`: a refund.updated or refund.failed event settles it.
  return { status: 'pending', reference: refund.id };
}

/** A refund's final state from `refund.updated`, `refund.failed` or `charge.refund.updated`. */
function readRefundEvent(refund: Stripe.Refund): PaymentEvent | null {
  const result = readRefund(refund);
  if (result.status === 'pending') return null;
  const intent = refund.payment_intent;
  return {
    type: 'refund',
    state: result.status,
    refundReference: refund.id,
    reference: typeof intent === 'string' ? intent : (intent?.id ?? ''),
    orderCode: orderCodeOf(refund.metadata),
    amountCents: refund.amount,
    // Stripe tells it in charge.refunded, which settle.ts reads on its own.
    totalRefundedCents: null,
    reason: result.status === 'failed' ? result.reason : null,
  };
}

function readEvent(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      return readRefundEvent(event.data.object);
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        type: 'paid',
        reference: intent.id,
        orderCode: orderCodeOf(intent.metadata),
        amountCents: intent.amount_received,
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        type: 'failed',
        reference: intent.id,
        orderCode: orderCodeOf(intent.metadata),
        amountCents: intent.amount,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // Orders keep the PaymentIntent id from `start`, not the charge's own id.
      const intent = charge.payment_intent;
      const reference = typeof intent === 'string' ? intent : (intent?.id ?? charge.id);
      return {
        type: 'refunded',
        reference,
        orderCode: orderCodeOf(charge.metadata),
        amountCents: charge.amount_refunded,
      };
    }
    default:
      return null;
  }
}

function orderCodeOf(metadata: Stripe.Metadata | null): string | null {
  return metadata?.order_code ?? null;
}
