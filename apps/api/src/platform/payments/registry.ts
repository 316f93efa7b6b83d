import type { Config } from '../config.ts';
import { cashPayments } from './cash.ts';
import { freePayments } from './free.ts';
import { paypalPayments } from './paypal.ts';
import type { PaypalConfig } from './paypal-client.ts';
import type { PaymentMethod, PaymentProvider } from './provider.ts';
import { type SandboxOptions, sandboxPayments } from './sandbox.ts';
import { type StripeConfig, stripePayments } from './stripe.ts';

export type PaymentProvidersConfig = {
  stripe?: StripeConfig;
  paypal?: PaypalConfig;
  /**
   * The card simulator accepts a public test number, so anyone could take tickets for free with it:
   * production must pass `false`.
   */
  sandbox?: boolean | SandboxOptions;
};

export type PaymentProviders = Partial<Record<PaymentMethod, PaymentProvider>>;

/** The methods checkout can offer: the offline ones always, Stripe and PayPal once configured. */
export function createPaymentProviders(config: PaymentProvidersConfig = {}): PaymentProviders {
  const sandboxOptions = config.sandbox === true || config.sandbox === undefined ? {} : config.sandbox;
  return {
    cash: cashPayments(),
    free: freePayments(),
    ...(sandboxOptions ? { sandbox: sandboxPayments(sandboxOptions) } : {}),
    ...(config.stripe ? { card: stripePayments(config.stripe) } : {}),
    ...(config.paypal ? { paypal: paypalPayments(config.paypal) } : {}),
  };
}

/** The providers the server's configuration turns on: what app.ts builds checkout with. */
export function configuredPaymentProviders(payments: Config['payments']): PaymentProviders {
  return createPaymentProviders({
    ...(payments.stripe ? { stripe: payments.stripe } : {}),
    ...(payments.paypal ? { paypal: payments.paypal } : {}),
    sandbox: payments.sandbox,
  });
}
