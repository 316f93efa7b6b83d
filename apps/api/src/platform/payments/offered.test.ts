import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { describePaymentMethods } from './offered.ts';
import { PAYPAL_SANDBOX_API } from './paypal-client.ts';
import { configuredPaymentProviders } from './registry.ts';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_51Sentiero', STRIPE_WEBHOOK_SECRET: 'whsec_sentiero' };
const PAYPAL = {
  PAYPAL_CLIENT_ID: 'AeSentiero',
  PAYPAL_CLIENT_SECRET: 'EPsentiero',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430L',
  PAYPAL_API_BASE: PAYPAL_SANDBOX_API,
};
const configFor = (environment: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...environment });

describe('payment methods on offer', () => {
  it('offers the card simulator and cash on a laptop with nothing configured', () => {
    expect(describePaymentMethods(configFor({}).payments)).toEqual({
      card: 'sandbox',
      stripe_publishable_key: null,
      paypal: false,
      cash: true,
    });
  });

  it('takes cards through Stripe, with the key the browser needs, once it is configured', () => {
    const config = configFor({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'pk_test_51Sentiero', ...PAYPAL });
    expect(describePaymentMethods(config.payments)).toEqual({
      card: 'stripe',
      stripe_publishable_key: 'pk_test_51Sentiero',
      paypal: true,
      cash: true,
    });
  });

  it('offers no card through Stripe without its publishable key: the browser could not confirm it', () => {
    expect(describePaymentMethods(configFor(STRIPE).payments).card).toBe('sandbox');
    expect(
      describePaymentMethods(configFor({ ...STRIPE, PAYMENTS_SANDBOX: 'off' }).payments).card,
    ).toBeNull();
  });

  it('offers only methods that have a provider behind them', () => {
    const environments: Record<string, string>[] = [
      {},
      { PAYMENTS_SANDBOX: 'off' },
      STRIPE,
      { ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'pk_live_51Sentiero', PAYMENTS_SANDBOX: 'off' },
      { ...PAYPAL, PAYMENTS_SANDBOX: 'off' },
    ];
    for (const environment of environments) {
      const config = configFor(environment);
      const providers = configuredPaymentProviders(config.payments);
      const offered = describePaymentMethods(config.payments);
      if (offered.card === 'stripe') expect(providers.card).toBeDefined();
      if (offered.card === 'sandbox') expect(providers.sandbox).toBeDefined();
      expect(offered.paypal).toBe(providers.paypal !== undefined);
      expect(offered.cash).toBe(providers.cash !== undefined);
    }
  });
});
