import type { PaymentMethods } from '@sentiero/contract/system';
import type { Config } from '../config.ts';

/**
 * What the payment step may offer, read from the same configuration the providers are built from
 * (`configuredPaymentProviders`). Stripe takes cards only when the browser can reach it, that
 * is with its publishable key; the simulator takes them otherwise, where it is on. Cash needs no
 * set-up, so it is always there.
 */
export function describePaymentMethods(payments: Config['payments']): PaymentMethods {
  const stripeKey = payments.stripe?.publishableKey ?? null;
  return {
    card: stripeKey ? 'stripe' : payments.sandbox ? 'sandbox' : null,
    stripe_publishable_key: stripeKey,
    paypal: payments.paypal !== null,
    cash: true,
  };
}
