import { stripeEvent, stripeId, stripeSignature } from './stripe.ts';

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
