import { describe, expect, it } from 'vitest';
import { PAYPAL_SANDBOX_API } from './paypal-client.ts';
import { createPaymentProviders } from './registry.ts';

const stripe = { secretKey: 'sk_test_51Sentiero', webhookSecret: 'whsec_sentiero' };
const paypal = {
  clientId: 'AeSentiero',
  clientSecret: 'EPsentiero',
  webhookId: '8PT597110X687430L',
  apiBase: PAYPAL_SANDBOX_API,
};

describe('payment providers on offer', () => {
  it('offers the offline methods when nothing else is configured', () => {
    expect(Object.keys(createPaymentProviders()).sort()).toEqual(['cash', 'free', 'sandbox']);
  });

  it('adds Stripe cards and PayPal once their credentials are given', () => {
    const providers = createPaymentProviders({ stripe, paypal });
    expect(Object.keys(providers).sort()).toEqual(['card', 'cash', 'free', 'paypal', 'sandbox']);
    expect(providers.card?.method).toBe('card');
    expect(providers.paypal?.method).toBe('paypal');
  });

  it('leaves the card simulator out when production switches it off', () => {
    expect(createPaymentProviders({ sandbox: false, stripe }).sandbox).toBeUndefined();
  });
});
