import type { PaymentMethods } from '@sentiero/contract/system';

/** The ways of paying online: a card (to whoever takes cards here) or PayPal; never cash. */
export type OnlinePaymentChoice = 'card' | 'paypal';

/** The online ways this site takes payments, the card first. */
export function getOnlinePaymentChoices(methods: PaymentMethods): OnlinePaymentChoice[] {
  const choices: OnlinePaymentChoice[] = [];
  if (methods.card) choices.push('card');
  if (methods.paypal) choices.push('paypal');
  return choices;
}
