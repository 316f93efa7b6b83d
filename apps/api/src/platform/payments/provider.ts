export type PaymentMethod = 'card' | 'paypal' | 'sandbox' | 'cash' | 'free';

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

export type StartPayment = {
  orderCode: string;
  amountCents: number;
  currency: 'EUR';
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** Stable per payment attempt, so a retried request never charges twice. */
  idempotencyKey: string;
  /** Only the offline sandbox reads it: real card numbers never reach our server (PCI DSS). */
  card?: CardDetails;
};

export type PaymentStart =
  | { status: 'paid'; reference: string }
  | { status: 'on_site'; reference: string }
  | { status: 'action_required'; reference: string; redirectUrl?: string; clientSecret?: string }
  // The provider took the money but holds it for review (a PayPal capture in PENDING): neither
  // paid nor declined yet, a webhook settles it later.
  | { status: 'pending'; reference: string }
  /** `reason` is a code for the UI to translate (`card_declined`, `card_expired`…), never shown raw. */
  | { status: 'declined'; reference: string | null; reason: string };

export type PaymentEvent =
  | {
      type: 'paid' | 'failed' | 'refunded';
      /** The same reference `complete` (PayPal: the capture id) or `start` (Stripe: the PaymentIntent id) answered. */
      reference: string;
      orderCode: string | null;
      /** For `refunded`: the total refunded so far, because providers resend the event on each partial refund. */
      amountCents: number | null;
    }
  | RefundEvent;

/** One refund reached its final state at the provider (ADR 029): Stripe's `refund.*`, PayPal's refund events. */
export type RefundEvent = {
  type: 'refund';
  state: 'succeeded' | 'failed';
  /** The provider's refund id, as `refund` answered it. */
  refundReference: string;
  /** The payment refunded (PaymentIntent id, capture id). */
  reference: string;
  orderCode: string | null;
  amountCents: number | null;
  /** All the payment has had refunded, when the provider tells (PayPal); null otherwise. */
  totalRefundedCents: number | null;
  /** For `failed`: the provider's code for why (`expired_or_canceled_card`, `DENIED`…). */
  reason: string | null;
};

export type RefundRequest = {
  /** The payment's reference, as the order keeps it. */
  reference: string;
  amountCents: number;
  orderCode: string;
  /** Stable per refund: a retried request never gives the money back twice. */
  idempotencyKey: string;
};

/**
 * `pending`: the provider took the request and settles it later by webhook. `failed`: it refused,
 * `reason` is its code, for people to read in the console.
 */
export type RefundResult =
  | { status: 'succeeded' | 'pending'; reference: string }
  | { status: 'failed'; reference: string | null; reason: string };

/**
 * How long a refund may stay pending before its provider is asked about it (`lookUpRefund`): a
 * webhook comes in seconds as a rule, so an hour means it was lost (an endpoint down, a secret
 * rotated). Orders' refunds and featured listings' refunds are rechecked alike.
 */
export const REFUND_RECHECK_AFTER_MS = 60 * 60 * 1000;

/** What a run of a refunds recheck did: refunds looked up, settled, still pending, not reachable. */
export type RefundRecheckSummary = {
  looked: number;
  settled: number;
  stillPending: number;
  unreachable: number;
};

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly method: PaymentMethod;
  start(input: StartPayment): Promise<PaymentStart>;
  /** After the buyer comes back (PayPal approval): capture; answers paid, pending or declined. */
  complete?(reference: string): Promise<PaymentStart>;
  /** Answers the provider's refusal as `failed`; throws only when it could not be asked (an outage). */
  refund(input: RefundRequest): Promise<RefundResult>;
  /**
   * How a refund that `refund` answered `pending` stands now, asked of the provider when its
   * webhook never came. Throws only when the provider could not be asked.
   */
  lookUpRefund?(reference: string): Promise<RefundResult>;
  /**
   * Verifies a webhook's signature and reads it; throws PaymentWebhookError when the signature is
   * wrong, answers null for events that do not change an order.
   */
  parseWebhook?(rawBody: Buffer, headers: WebhookHeaders): Promise<PaymentEvent | null>;
}

/** The route answers 400 to it, so the provider stops retrying a delivery nobody can verify. */
export class PaymentWebhookError extends Error {}

export function requireAmountCents(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`amount must be a positive whole number of cents, got ${amountCents}`);
  }
  return amountCents;
}

export function firstHeader(headers: WebhookHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
