import { type FakeStripe, stripeEvent, stripeId, stripeSignature } from './stripe.ts';

/** A delivery as Stripe sends it to the webhook endpoint: the event's bytes and their signature. */
export function signedStripeEvent(
  type: string,
  object: Record<string, unknown>,
): { body: string; headers: Record<string, string> } {
  const body = stripeEvent(type, object);
  return { body, headers: { 'stripe-signature': stripeSignature(body) } };
}

/**
 * An invoice of a subscription as API 2026-10 shapes it: the subscription under
 * `parent.subscription_details`, the period paid on the subscription item's line.
 */
export function stripeSubscriptionInvoice(input: {
  subscription: string;
  amountCents: number;
  periodStart: number;
  periodEnd: number;
  status: 'paid' | 'open';
  billingReason?: string;
}): Record<string, unknown> {
  const paid = input.status === 'paid';
  return {
    id: stripeId('in'),
    object: 'invoice',
    amount_due: input.amountCents,
    amount_paid: paid ? input.amountCents : 0,
    amount_remaining: paid ? 0 : input.amountCents,
    attempt_count: 1,
    billing_reason: input.billingReason ?? 'subscription_cycle',
    collection_method: 'charge_automatically',
    created: input.periodStart,
    currency: 'eur',
    customer: stripeId('cus'),
    // The invoice's own period is the one before (billing in arrears): not what was paid for.
    period_start: input.periodStart - 30 * 24 * 60 * 60,
    period_end: input.periodStart,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: input.subscription, metadata: { subscription_id: '42' } },
    },
    lines: {
      object: 'list',
      has_more: false,
      url: '/v1/invoices/in_x/lines',
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount: input.amountCents,
          currency: 'eur',
          description: '1 × Sentiero+',
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: { credited_items: null },
              subscription: input.subscription,
              subscription_item: stripeId('si'),
            },
          },
          period: { start: input.periodStart, end: input.periodEnd },
          quantity: 1,
        },
      ],
    },
    status: input.status,
    status_transitions: { finalized_at: input.periodStart, paid_at: paid ? input.periodStart + 60 : null },
  };
}

/**
 * Stripe.js confirming a trial's SetupIntent (`confirmCardSetup`), as Stripe applies it: a card
 * that sets up makes the SetupIntent `succeeded`, clears the subscription's `pending_setup_intent`
 * and saves the card as its default, then sends `setup_intent.succeeded` and
 * `customer.subscription.updated` (with the old values). A refused card leaves the SetupIntent in
 * `requires_payment_method` with its `last_setup_error`, the subscription as it was, and sends
 * `setup_intent.setup_failed`. Answers the signed deliveries, in Stripe's order.
 */
export function confirmStripeSetupIntent(
  stripe: FakeStripe,
  subscriptionId: string,
  outcome: 'succeeded' | 'declined',
): { body: string; headers: Record<string, string> }[] {
  const subscription = stripe.subscriptions.get(subscriptionId);
  const setupId = subscription?.pending_setup_intent;
  const setup = setupId ? stripe.setupIntents.get(setupId) : undefined;
  if (!subscription || !setupId || !setup) throw new Error(`no SetupIntent pending on ${subscriptionId}`);
  const paymentMethod = stripeId('pm');
  if (outcome === 'declined') {
    Object.assign(setup, {
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_method: { id: paymentMethod, object: 'payment_method', type: 'card' },
      },
    });
    return [signedStripeEvent('setup_intent.setup_failed', { ...setup })];
  }
  Object.assign(setup, { status: 'succeeded', payment_method: paymentMethod, last_setup_error: null });
  const before = {
    pending_setup_intent: setupId,
    default_payment_method: subscription.default_payment_method ?? null,
  };
  Object.assign(subscription, { pending_setup_intent: null, default_payment_method: paymentMethod });
  const { payment_behavior: _asked, ...shown } = subscription;
  const updated = stripeEvent('customer.subscription.updated', shown, before);
  return [
    signedStripeEvent('setup_intent.succeeded', { ...setup }),
    { body: updated, headers: { 'stripe-signature': stripeSignature(updated) } },
  ];
}
