import type { Order } from '@sentiero/contract/checkout';
import type { PaymentMethods } from '@sentiero/contract/system';
import { describe, expect, it } from 'vitest';
import { readCardConfirmation } from '../../payments/card-confirmation.ts';
import {
  findReusableCardOrder,
  getNextPaymentStep,
  getPaymentChoices,
  toPaymentMethod,
} from './payment-methods.ts';

const SANDBOX_ONLY: PaymentMethods = {
  card: 'sandbox',
  stripe_publishable_key: null,
  paypal: false,
  cash: true,
};
const EVERYTHING: PaymentMethods = {
  card: 'stripe',
  stripe_publishable_key: 'pk_test_51Sentiero',
  paypal: true,
  cash: true,
};

const order = (changes: Partial<Order> = {}): Order => ({
  code: 'ST-ABCDE-FGHIJ',
  status: 'pending',
  payment_method: 'card',
  pay_on_site: false,
  hold_expires_at: '2026-05-20T10:15:00.000Z',
  summary: {
    location: 'Val Masino, Lombardy',
    ticket: 'Bouldering day pass',
    category: 'Adventure',
    start_date: '2026-06-01',
    end_date: '2026-06-01',
    max_usage: null,
    quantity: 1,
    unit_price_cents: 2500,
    subtotal_cents: 2500,
    discount_cents: 0,
    coupon_discount_cents: 0,
    service_fee_cents: 0,
    total_cents: 2500,
    currency: 'EUR',
  },
  redirect_url: null,
  client_secret: null,
  ...changes,
});

describe('the payment methods offered', () => {
  it('offers only what the site is set up for, in SPEC order: card, PayPal, cash', () => {
    expect(getPaymentChoices(SANDBOX_ONLY, 2500)).toEqual(['card', 'cash']);
    expect(getPaymentChoices(EVERYTHING, 2500)).toEqual(['card', 'paypal', 'cash']);
    expect(getPaymentChoices({ ...SANDBOX_ONLY, card: null }, 2500)).toEqual(['cash']);
  });

  it('offers only "free" when there is nothing to pay', () => {
    expect(getPaymentChoices(EVERYTHING, 0)).toEqual(['free']);
  });

  it('sends a card to the simulator or to Stripe, whichever takes cards here', () => {
    expect(toPaymentMethod('card', SANDBOX_ONLY)).toBe('sandbox');
    expect(toPaymentMethod('card', EVERYTHING)).toBe('card');
    expect(toPaymentMethod('paypal', EVERYTHING)).toBe('paypal');
    expect(toPaymentMethod('cash', SANDBOX_ONLY)).toBe('cash');
  });
});

describe('what follows the purchase call', () => {
  it("goes to PayPal's approval page when the answer says where", () => {
    expect(getNextPaymentStep(order({ redirect_url: 'https://paypal.example/approve?token=5O1' }))).toEqual({
      kind: 'redirect',
      url: 'https://paypal.example/approve?token=5O1',
    });
  });

  it('confirms the card with Stripe.js when the answer carries a client secret', () => {
    expect(getNextPaymentStep(order({ client_secret: 'pi_3Ab_secret_xyz' }))).toEqual({
      kind: 'confirm_card',
      clientSecret: 'pi_3Ab_secret_xyz',
    });
  });

  it('shows the confirmation for an order already decided', () => {
    expect(getNextPaymentStep(order({ status: 'issued', payment_method: 'sandbox' }))).toEqual({
      kind: 'done',
    });
    expect(getNextPaymentStep(order({ status: 'paid', client_secret: 'pi_3Ab_secret_xyz' }))).toEqual({
      kind: 'done',
    });
  });
});

describe("Stripe.js's answer to confirming a card", () => {
  it('asks the server about a card that went through, or that had gone through before', () => {
    expect(readCardConfirmation({})).toBe('confirmed');
    expect(
      readCardConfirmation({
        error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' },
      }),
    ).toBe('confirmed');
  });

  it('treats a declined card and a failed 3-D Secure as refused', () => {
    expect(readCardConfirmation({ error: { type: 'card_error', code: 'card_declined' } })).toBe('refused');
    expect(
      readCardConfirmation({
        error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure' },
      }),
    ).toBe('refused');
  });

  it('asks for the card again when its details are incomplete', () => {
    expect(readCardConfirmation({ error: { type: 'validation_error', code: 'incomplete_number' } })).toBe(
      'incomplete',
    );
  });

  it('lets the buyer try again when Stripe could not be reached', () => {
    expect(readCardConfirmation({ error: { type: 'api_connection_error' } })).toBe('retry');
  });
});

describe('a card order kept for another try', () => {
  const pending = { idempotencyKey: 'attempt-1', order: order({ client_secret: 'pi_3Ab_secret_xyz' }) };
  const before = new Date('2026-05-20T10:00:00Z');

  it('is confirmed again within the same attempt while its places are held', () => {
    expect(findReusableCardOrder(pending, 'attempt-1', before)).toBe(pending.order);
  });

  it('is not used by another attempt, nor once its hold has run out', () => {
    expect(findReusableCardOrder(pending, 'attempt-2', before)).toBeNull();
    expect(findReusableCardOrder(pending, 'attempt-1', new Date('2026-05-20T10:15:00Z'))).toBeNull();
    expect(findReusableCardOrder(null, 'attempt-1', before)).toBeNull();
  });
});
