import type { Order, PaymentMethod } from '@sentiero/contract/checkout';
import type { PaymentMethods } from '@sentiero/contract/system';
import { getOnlinePaymentChoices } from '../../payments/online-choices.ts';
import type { PaymentChoice } from './store.ts';

/**
 * SPEC section 2: 'a choice of PayPal, card, or cash/free', limited to what this site is set up
 * for. A total of nothing leaves only `free`, which the server would apply whatever was sent.
 */
export function getPaymentChoices(methods: PaymentMethods, totalCents: number): PaymentChoice[] {
  if (totalCents === 0) return ['free'];
  const choices: PaymentChoice[] = getOnlinePaymentChoices(methods);
  if (methods.cash) choices.push('cash');
  return choices;
}

/** The buy call's `payment_method`: a card goes to whoever takes cards on this site. */
export function toPaymentMethod(choice: PaymentChoice, methods: PaymentMethods): PaymentMethod {
  if (choice !== 'card') return choice;
  return methods.card === 'stripe' ? 'card' : 'sandbox';
}

/**
 * What the browser does with the buy call's answer: go and approve on the provider's pages
 * (PayPal), confirm the card with Stripe.js, or nothing more, the answer is final.
 */
export type NextPaymentStep =
  | { kind: 'redirect'; url: string }
  | { kind: 'confirm_card'; clientSecret: string }
  | { kind: 'done' };

export function getNextPaymentStep(order: Order): NextPaymentStep {
  if (order.status !== 'pending') return { kind: 'done' };
  if (order.redirect_url) return { kind: 'redirect', url: order.redirect_url };
  if (order.client_secret) return { kind: 'confirm_card', clientSecret: order.client_secret };
  return { kind: 'done' };
}

/** A card order waiting for Stripe.js, kept while the buyer corrects the card or tries again. */
export type PendingCardOrder = { idempotencyKey: string; order: Order };

/**
 * The order to confirm again instead of buying anew: the buy call answers a repeated attempt
 * without its client secret, so the first answer is kept. Not once its hold has run out: the
 * places may be gone.
 */
export function findReusableCardOrder(
  pending: PendingCardOrder | null,
  idempotencyKey: string,
  now: Date,
): Order | null {
  if (!pending || pending.idempotencyKey !== idempotencyKey || !pending.order.client_secret) return null;
  return Date.parse(pending.order.hold_expires_at) > now.getTime() ? pending.order : null;
}
