import type { MountedStripeCard } from './stripe-card.ts';

/**
 * What Stripe.js answered to confirming a card, as the payment screens act on it:
 * - `confirmed`: the card went through (or is processing), or had been confirmed before;
 * - `refused`: the card was declined or 3-D Secure failed. If Stripe charged nothing at all (a
 *   number it refused on sight) the order is still open and the buyer may try another card;
 * - `incomplete`: the card's details are missing or malformed, nothing was tried;
 * - `retry`: Stripe could not be reached or answered oddly: the same payment may be confirmed again.
 * For the first two the server asks Stripe and answers the order (or the membership), or
 * PAYMENT_DECLINED. A ticket order confirms a PaymentIntent; a Sentiero+ membership that starts
 * with its free trial saves the card with a SetupIntent, which answers the same way.
 */
export type CardConfirmation = 'confirmed' | 'refused' | 'incomplete' | 'retry';

/** The part of Stripe.js's `confirmCardPayment` / `confirmCardSetup` answer that decides what happens next. */
export type StripeConfirmResult = { error?: { type: string; code?: string } };

export function readCardConfirmation(result: StripeConfirmResult): CardConfirmation {
  const { error } = result;
  // A second confirmation of an intent that went through answers this code.
  if (
    !error ||
    error.code === 'payment_intent_unexpected_state' ||
    error.code === 'setup_intent_unexpected_state'
  ) {
    return 'confirmed';
  }
  if (
    error.type === 'card_error' ||
    error.code === 'payment_intent_authentication_failure' ||
    error.code === 'setup_intent_authentication_failure'
  ) {
    return 'refused';
  }
  if (error.type === 'validation_error') return 'incomplete';
  return 'retry';
}

/** Why a card was not taken before the server was asked: its details are incomplete, or it was refused. */
export type CardNotTakenReason = 'declined' | 'incomplete';

/**
 * The card was not taken, and the order (or the membership) waits for another try with corrected
 * or other details: the same attempt goes on.
 */
export class CardNotTakenError extends Error {
  readonly problem: CardNotTakenReason;

  constructor(problem: CardNotTakenReason) {
    super(`the card was not taken: ${problem}`);
    this.name = 'CardNotTakenError';
    this.problem = problem;
  }
}

/**
 * Confirms with Stripe.js, with the card typed into Stripe's field, the intent the server set up.
 * Answers `confirmed` or `refused`, after which the server is asked what came of it; throws
 * `CardNotTakenError('incomplete')` when the field holds no whole card, and a plain error when
 * Stripe gave no answer (the same attempt may be sent again).
 */
export async function confirmStripeCard(
  card: MountedStripeCard | null,
  clientSecret: string,
): Promise<'confirmed' | 'refused'> {
  if (!card) throw new CardNotTakenError('incomplete');
  const confirmation = readCardConfirmation(await card.confirm(clientSecret));
  if (confirmation === 'incomplete') throw new CardNotTakenError('incomplete');
  if (confirmation === 'retry') throw new Error('Stripe gave no answer');
  return confirmation;
}
