import type { SubscriptionType } from '@sentiero/contract/premium';
import Stripe from 'stripe';
import { requireAmountCents } from '../payments/provider.ts';
import { createStripeClient, type StripeConfig, verifyStripeEvent } from '../payments/stripe.ts';
import type { BillingEvent, BillingProvider, StartSubscription, SubscriptionStart } from './provider.ts';

export type StripeBillingConfig = StripeConfig & {
  /** Prices made in Stripe's dashboard; without one, the plan's own amount goes as `price_data`. */
  yearlyPriceId?: string;
  monthlyPriceId?: string;
};

/** `price_data` must name a Product: Sentiero+ has one with a fixed id, made on first use. */
export const STRIPE_PLUS_PRODUCT_ID = 'sentiero_plus';

const INTERVALS: Record<SubscriptionType, 'year' | 'month'> = { yearly: 'year', monthly: 'month' };

/**
 * Sentiero+ through Stripe Billing: Stripe runs the plan, the trial and the renewals; the browser
 * confirms the card with Stripe.js (a SetupIntent during a trial, the first invoice's PaymentIntent
 * without one), so card numbers never reach Sentiero. Webhooks tell the membership what happened.
 */
export function stripeBilling(config: StripeBillingConfig): BillingProvider {
  const stripe = createStripeClient(config);
  let product: Promise<string> | undefined;

  function requireProduct(): Promise<string> {
    product ??= findOrCreateProduct(stripe).catch((error: unknown) => {
      product = undefined;
      throw error;
    });
    return product;
  }

  async function findOrCreateCustomer(input: StartSubscription): Promise<string> {
    const memberId = String(input.member.id);
    // Listing is read-after-write consistent, unlike search: a retry right after a first attempt
    // finds the customer it made. A member who changed their email gets a new customer, harmlessly.
    const { data } = await stripe.customers.list({ email: input.member.email, limit: 100 });
    const known = data.find((customer) => customer.metadata.member_id === memberId);
    if (known) return known.id;
    const customer = await stripe.customers.create(
      { email: input.member.email, name: input.member.name, metadata: { member_id: memberId } },
      { idempotencyKey: `${input.idempotencyKey}:customer` },
    );
    return customer.id;
  }

  async function priceOf(input: StartSubscription): Promise<Stripe.SubscriptionCreateParams.Item> {
    const priceId = input.plan.type === 'yearly' ? config.yearlyPriceId : config.monthlyPriceId;
    if (priceId) return { price: priceId };
    return {
      price_data: {
        currency: 'eur',
        product: await requireProduct(),
        unit_amount: requireAmountCents(input.plan.priceCents),
        recurring: { interval: INTERVALS[input.plan.type] },
      },
    };
  }

  async function update(reference: string, params: Stripe.SubscriptionUpdateParams): Promise<void> {
    await stripe.subscriptions.update(reference, params);
  }

  return {
    method: 'card',
    renewals: 'provider',

    async start(input) {
      try {
        const customer = await findOrCreateCustomer(input);
        const subscription = await stripe.subscriptions.create(
          {
            customer,
            items: [await priceOf(input)],
            ...(input.plan.trialDays > 0 ? { trial_period_days: input.plan.trialDays } : {}),
            // Nothing is charged here: the browser confirms the card first (and 3-D Secure runs there).
            payment_behavior: 'default_incomplete',
            payment_settings: {
              save_default_payment_method: 'on_subscription',
              // Stripe is Sentiero's card method, for Sentiero+ as for tickets: cards only.
              payment_method_types: ['card'],
            },
            metadata: { subscription_id: String(input.subscriptionId), member_id: String(input.member.id) },
            // Since API 2025-03-31 an invoice no longer has `payment_intent`: its client secret is
            // the `confirmation_secret`, which Stripe only includes when expanded.
            expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return readStart(subscription);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return { status: 'declined', reason: error.code ?? 'card_declined' };
        }
        throw error;
      }
    },

    async pause(reference) {
      // `void`: invoices Stripe would make while paused are voided, never charged later.
      await update(reference, { pause_collection: { behavior: 'void' } });
    },

    async resume(reference, nextChargeAt) {
      const seconds = Math.floor(nextChargeAt.getTime() / 1000);
      await update(reference, {
        pause_collection: '',
        cancel_at_period_end: false,
        // The membership keeps the days it had left when paused: a trial until then moves Stripe's
        // next invoice to that moment, with nothing charged or credited for the gap.
        ...(seconds > Math.floor(Date.now() / 1000)
          ? { trial_end: seconds, proration_behavior: 'none' }
          : {}),
      });
    },

    async stopRenewal(reference) {
      await update(reference, { cancel_at_period_end: true });
    },

    async end(reference) {
      try {
        await stripe.subscriptions.cancel(reference);
      } catch (error) {
        // A retried job, or Stripe ending it first: a subscription already over is what we asked for.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const subscription = await stripe.subscriptions.retrieve(reference);
        if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') throw error;
      }
    },

    async findApproval(reference) {
      const subscription = await stripe.subscriptions.retrieve(reference, {
        expand: ['pending_setup_intent'],
      });
      return readApproval(subscription, new Date());
    },

    async parseWebhook(rawBody, headers) {
      const event = verifyStripeEvent(stripe, config.webhookSecret, rawBody, headers);
      return { eventId: event.id, event: readEvent(event) };
    },
  };
}

async function findOrCreateProduct(stripe: Stripe): Promise<string> {
  try {
    return (await stripe.products.retrieve(STRIPE_PLUS_PRODUCT_ID)).id;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'resource_missing') {
      throw error;
    }
  }
  try {
    const created = await stripe.products.create({ id: STRIPE_PLUS_PRODUCT_ID, name: 'Sentiero+' });
    return created.id;
  } catch (error) {
    // Another process made it between our two calls.
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === 'resource_already_exists'
    ) {
      return STRIPE_PLUS_PRODUCT_ID;
    }
    throw error;
  }
}

function readStart(subscription: Stripe.Subscription): SubscriptionStart {
  const reference = subscription.id;
  switch (subscription.status) {
    case 'incomplete_expired':
    case 'canceled':
      return { status: 'declined', reason: 'payment_canceled' };
    case 'trialing':
    case 'active': {
      // With a trial nothing is due yet: Stripe asks for the card through a SetupIntent.
      const setup = subscription.pending_setup_intent;
      if (setup && typeof setup !== 'string') {
        if (setup.last_setup_error) {
          return { status: 'declined', reason: setup.last_setup_error.code ?? 'card_declined' };
        }
        if (setup.client_secret) {
          return {
            status: 'action_required',
            reference,
            paymentLabel: null,
            clientSecret: setup.client_secret,
          };
        }
      }
      if (setup) throw new Error(`Stripe sent subscription ${reference} without its SetupIntent expanded`);
      // The customer's saved card already covers it.
      return { status: 'ready', reference, paymentLabel: null };
    }
    default: {
      // `incomplete`: the first invoice waits for the card the browser confirms.
      const invoice = subscription.latest_invoice;
      const secret = typeof invoice === 'string' ? null : invoice?.confirmation_secret?.client_secret;
      if (!secret) throw new Error(`Stripe sent subscription ${reference} without a client secret`);
      return { status: 'action_required', reference, paymentLabel: null, clientSecret: secret };
    }
  }
}

/**
 * A trial's card is confirmed when its SetupIntent succeeded: Stripe then clears the subscription's
 * `pending_setup_intent` (and saves the card as its default). Until then, or when the card was
 * refused (the SetupIntent back to `requires_payment_method` with its `last_setup_error`), the
 * membership is not approved. Without a trial the first invoice's payment decides, not this.
 */
function readApproval(subscription: Stripe.Subscription, at: Date): BillingEvent | null {
  if (subscription.status !== 'trialing' && subscription.status !== 'active') return null;
  const setup = subscription.pending_setup_intent;
  if (typeof setup === 'string') {
    throw new Error(`Stripe sent subscription ${subscription.id} without its SetupIntent expanded`);
  }
  // Succeeded but not yet cleared from the subscription: Stripe's own order of updates.
  if (setup && (setup.status !== 'succeeded' || setup.last_setup_error)) return null;
  const trialEnd = subscription.trial_end;
  return {
    type: 'approved',
    reference: subscription.id,
    at,
    ...(trialEnd ? { trialEnd: new Date(trialEnd * 1000) } : {}),
  };
}

/**
 * Stripe events as membership events. Of `customer.subscription.updated` only the confirmation of a
 * trial's card counts (its `pending_setup_intent` cleared): its other changes are either ours
 * (pause, resume, stop renewing: we already recorded them) or consequences of a payment that
 * `invoice.paid` / `invoice.payment_failed` already report (trial end, past_due).
 */
function readEvent(event: Stripe.Event): BillingEvent | null {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'customer.subscription.updated': {
      const before = event.data.previous_attributes as Partial<Stripe.Subscription> | undefined;
      const subscription = event.data.object;
      if (!before?.pending_setup_intent || subscription.pending_setup_intent !== null) return null;
      return readApproval(subscription, at);
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const reference = subscriptionOf(invoice);
      // A trial's first invoice is for 0 €: paid, but nothing was charged.
      if (!reference || invoice.amount_paid <= 0) return null;
      const paidUntil = paidUntilOf(invoice);
      if (!paidUntil) throw new Error(`Stripe sent invoice ${invoice.id} without a subscription period`);
      const paidAt = invoice.status_transitions?.paid_at;
      return {
        type: 'charge_succeeded',
        reference,
        paymentReference: invoice.id,
        amountCents: invoice.amount_paid,
        paidUntil,
        at: paidAt ? new Date(paidAt * 1000) : at,
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const reference = subscriptionOf(invoice);
      if (!reference) return null;
      return {
        type: 'charge_failed',
        reference,
        paymentReference: invoice.id,
        amountCents: invoice.amount_due,
        // The invoice does not carry the decline code since API 2025-03-31 (it lives on the
        // PaymentIntent, behind `invoice.payments`); the membership needs only the failure.
        reason: 'payment_failed',
        at,
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const endedAt = subscription.ended_at;
      return { type: 'ended', reference: subscription.id, at: endedAt ? new Date(endedAt * 1000) : at };
    }
    default:
      return null;
  }
}

/** Since API 2025-03-31 an invoice names its subscription under `parent.subscription_details`. */
function subscriptionOf(invoice: Stripe.Invoice): string | null {
  const owner =
    invoice.parent?.subscription_details?.subscription ??
    invoice.lines.data.find((line) => line.parent?.subscription_item_details)?.parent
      ?.subscription_item_details?.subscription;
  if (!owner) return null;
  return typeof owner === 'string' ? owner : owner.id;
}

/** The end of the period the invoice paid for: its subscription line's period (not the invoice's own). */
function paidUntilOf(invoice: Stripe.Invoice): Date | null {
  const lines = invoice.lines.data.filter(
    (line) => line.parent?.subscription_item_details && !line.parent.subscription_item_details.proration,
  );
  const ends = (lines.length ? lines : invoice.lines.data).map((line) => line.period.end);
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}
