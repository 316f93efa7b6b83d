import {
  isCardExpired,
  isPlausibleCardNumber,
  isPlausibleCvc,
  toCardDigits,
} from '@sentiero/contract/rules/payment-card';
import { ApiRequestError } from '../../lib/api-error.ts';

/**
 * What the payment step does with a failed purchase:
 * - `login`: the session is gone; log in or sign up and come back (SPEC section 6).
 * - `guests`: the server refused some guest's details; back to the guests step with its messages.
 * - `coupon`: SPEC 'Coupon code not valid' (used up or expired since it was applied): it is dropped.
 * - `unavailable`: SPEC 'This activity is no longer available, please try another one'.
 * - `declined`: the card was declined (402 `PAYMENT_DECLINED`); the buyer stays, is told so and
 *   that another card or payment method may work, and may try again.
 * - `method`: this way of paying is not set up on this site.
 * - `cashLimit`: the member already holds as many places or bookings to pay on site as allowed;
 *   paying online is still possible (`CASH_PLACES_LIMIT`, `CASH_ORDERS_LIMIT`).
 * - `card`: Stripe refused the card before charging it, or its details are incomplete: the same
 *   card payment goes on with corrected or other details.
 * - `retry`: no final answer (a lost connection, a server error): the same attempt may be sent again.
 */
export type PurchaseFailure =
  | { kind: 'login' }
  | { kind: 'guests'; fields: Record<string, string> }
  | { kind: 'coupon'; message: string }
  | { kind: 'unavailable' }
  | { kind: 'declined' }
  | { kind: 'method' }
  | { kind: 'cashLimit'; code: CashLimitCode }
  | { kind: 'card'; problem: CardProblemKind }
  | { kind: 'invalid'; message: string }
  | { kind: 'retry' };

export type CardProblemKind = 'declined' | 'incomplete';

const CASH_LIMIT_CODES = ['CASH_PLACES_LIMIT', 'CASH_ORDERS_LIMIT'] as const;
export type CashLimitCode = (typeof CASH_LIMIT_CODES)[number];
const isCashLimitCode = (code: string): code is CashLimitCode =>
  (CASH_LIMIT_CODES as readonly string[]).includes(code);

/** Stripe.js did not take the card, and the order waits for another try (see `kind: 'card'`). */
export class CardNotTakenError extends Error {
  readonly problem: CardProblemKind;

  constructor(problem: CardProblemKind) {
    super(`the card was not taken: ${problem}`);
    this.name = 'CardNotTakenError';
    this.problem = problem;
  }
}

export function classifyPurchaseFailure(error: unknown): PurchaseFailure {
  if (error instanceof CardNotTakenError) return { kind: 'card', problem: error.problem };
  if (!(error instanceof ApiRequestError)) return { kind: 'retry' };
  if (error.status === 401) return { kind: 'login' };
  if (error.code === 'TICKET_UNAVAILABLE') return { kind: 'unavailable' };
  if (error.code === 'PAYMENT_DECLINED') return { kind: 'declined' };
  if (error.code === 'PAYMENT_METHOD_UNAVAILABLE') return { kind: 'method' };
  if (isCashLimitCode(error.code)) return { kind: 'cashLimit', code: error.code };
  const guestFields = Object.fromEntries(
    Object.entries(error.fields).filter(([name]) => /^guests\.\d+\.\w+$/.test(name)),
  );
  if (Object.keys(guestFields).length > 0) return { kind: 'guests', fields: guestFields };
  if (error.fields.coupon) return { kind: 'coupon', message: error.fields.coupon };
  if (error.status >= 400 && error.status < 500) {
    return { kind: 'invalid', message: Object.values(error.fields)[0] ?? error.message };
  }
  return { kind: 'retry' };
}

/** Whether the server gave a final answer, so that the next attempt needs a new idempotency key. */
export function endsAttempt(failure: PurchaseFailure): boolean {
  return failure.kind !== 'retry' && failure.kind !== 'login' && failure.kind !== 'card';
}

/**
 * Why finishing a payment failed when the buyer came back from the provider (`?order=`):
 * - `login`: the session is gone; log in and come back to the same address;
 * - `not_found`: no such order of this member's (a mistyped or someone else's code);
 * - `declined`: SPEC's incomplete purchase: the provider refused, the order is closed;
 * - `retry`: no final answer: asking again may still settle it.
 */
export type ReturnFailure = 'login' | 'not_found' | 'declined' | 'retry';

export function classifyReturnFailure(error: unknown): ReturnFailure {
  if (!(error instanceof ApiRequestError)) return 'retry';
  if (error.status === 401) return 'login';
  // A code that cannot be one (`?order=x`) is no order either.
  if (error.status === 404 || error.code === 'VALIDATION_FAILED') return 'not_found';
  if (error.code === 'PAYMENT_DECLINED') return 'declined';
  return 'retry';
}

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
