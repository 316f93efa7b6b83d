import {
  isCardExpired,
  isPlausibleCardNumber,
  isPlausibleCvc,
  toCardDigits,
} from '@sentiero/contract/rules/payment-card';

/*
 * A card typed into the sandbox's card fields (the embedded default's card simulator), shared by
 * the ticket checkout and the Sentiero+ purchase. Messages are i18n keys of the checkout's texts.
 */

/** The card as the buy call takes it, from what the buyer typed. */
export type CardInput = { number: string; exp_month: number; exp_year: number; cvc: string };

export type CardDraft = { number: string; expiry: string; cvc: string };

export type CardProblem =
  | 'checkout:problems.cardNumber'
  | 'checkout:problems.cardExpiry'
  | 'checkout:problems.cardCvc';

/** `MM/YY` or `MM/YYYY` as printed on cards; undefined when it is neither. */
export function readExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = Number(match[2]) + (match[2]?.length === 2 ? 2000 : 0);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

export function findCardProblems(
  card: CardDraft,
  today: string,
): Partial<Record<keyof CardDraft, CardProblem>> {
  const problems: Partial<Record<keyof CardDraft, CardProblem>> = {};
  if (!isPlausibleCardNumber(toCardDigits(card.number))) problems.number = 'checkout:problems.cardNumber';
  const expiry = readExpiry(card.expiry);
  const current = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  if (!expiry || isCardExpired(expiry, current)) problems.expiry = 'checkout:problems.cardExpiry';
  if (!isPlausibleCvc(card.cvc.trim())) problems.cvc = 'checkout:problems.cardCvc';
  return problems;
}

export function toCardInput(card: CardDraft): CardInput {
  const expiry = readExpiry(card.expiry) ?? { month: 0, year: 0 };
  return {
    number: card.number.replace(/[\s-]/g, ''),
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: card.cvc.trim(),
  };
}
