import type { SubscriptionPaymentMethod, SubscriptionType } from '@sentiero/contract/premium';
import type { CardDetails, WebhookHeaders } from '../payments/provider.ts';

/**
 * How Sentiero+ is billed (issue 14). Two kinds of provider stand behind one interface:
 *
 * - `renewals: 'sentiero'` (the offline sandbox): the provider keeps a payment method and charges
 *   it when asked; Sentiero's renewal job decides when (trial end, each period, the retries).
 * - `renewals: 'provider'` (Stripe Billing, PayPal Subscriptions): the provider runs the plan,
 *   its trial and its charges; Sentiero follows through verified webhooks turned into
 *   `BillingEvent`s and asks the provider to pause, resume, stop or restart the renewal.
 *
 * Every call that can create or charge takes an idempotency key, so a retried request or a
 * restarted job never makes a second subscription or a second charge.
 */
export type BillingPlan = {
  type: SubscriptionType;
  priceCents: number;
  currency: 'EUR';
  trialDays: number;
};

export type StartSubscription = {
  /** Our subscription row's id, sent as metadata so webhooks can name it. */
  subscriptionId: number;
  member: { id: number; email: string; name: string };
  plan: BillingPlan;
  /** The first charge is due then (the trial's end, or now without a trial). */
  firstChargeAt: Date;
  /** Only the sandbox reads it: real card numbers never reach Sentiero (PCI DSS). */
  card?: CardDetails;
  returnUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

export type SubscriptionStart =
  /** The payment method is saved (and, with a provider that bills itself, its subscription made). */
  | { status: 'ready'; reference: string; paymentLabel: string | null }
  /** The member still has to approve (PayPal) or confirm the card (Stripe.js, 3-D Secure). */
  | {
      status: 'action_required';
      reference: string;
      paymentLabel: string | null;
      redirectUrl?: string;
      clientSecret?: string;
    }
  /** `reason` is a code the UI translates (`card_declined`…), never shown raw. */
  | { status: 'declined'; reason: string };

export type ChargeResult = { status: 'paid'; reference: string } | { status: 'declined'; reason: string };

/** What a verified provider notification means for one membership. */
export type BillingEvent =
  | {
      type: 'charge_succeeded';
      reference: string;
      paymentReference: string;
      amountCents: number;
      paidUntil: Date;
      at: Date;
    }
  | {
      type: 'charge_failed';
      reference: string;
      paymentReference: string | null;
      amountCents: number;
      reason: string;
      at: Date;
    }
  /** The provider ended the subscription (deleted at Stripe, cancelled or expired at PayPal). */
  | { type: 'ended'; reference: string; at: Date }
  /**
   * The member approved it at the provider (PayPal), or confirmed the card of its trial (Stripe's
   * SetupIntent succeeded). `trialEnd`: the provider's own trial end when it fixed one at the
   * start (Stripe); without it the trial runs from the approval (PayPal).
   */
  | { type: 'approved'; reference: string; at: Date; trialEnd?: Date };

export interface BillingProvider {
  readonly method: SubscriptionPaymentMethod;
  readonly renewals: 'sentiero' | 'provider';
  /** Saves the payment method, and with Stripe/PayPal creates their subscription. */
  start(input: StartSubscription): Promise<SubscriptionStart>;
  /** `renewals: 'sentiero'` only: charges the saved method once per idempotency key. */
  charge?(input: {
    reference: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  /** No charge until `resume` (Stripe: pause_collection; PayPal: suspend). */
  pause(reference: string): Promise<void>;
  /** Billing again, the next charge at `nextChargeAt`. */
  resume(reference: string, nextChargeAt: Date): Promise<void>;
  /** Stops renewing at the end of the paid period (undone by `resume`). */
  stopRenewal(reference: string): Promise<void>;
  /** Ends the provider's subscription now (at expiry, or when the account is deleted). */
  end(reference: string): Promise<void>;
  /**
   * Asks the provider whether the member has approved a membership still awaiting it (the browser
   * is back from confirming the card): the `approved` event if so, else null. The webhook says
   * the same later; this lets the member see the benefits at once.
   */
  findApproval?(reference: string): Promise<BillingEvent | null>;
  /** Verifies a webhook's signature and reads it; throws PaymentWebhookError when it does not verify. */
  parseWebhook?(
    rawBody: Buffer,
    headers: WebhookHeaders,
  ): Promise<{ eventId: string; event: BillingEvent | null }>;
}

export type BillingProviders = Partial<Record<SubscriptionPaymentMethod, BillingProvider>>;
