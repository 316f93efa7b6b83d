import { ApiRequestError } from '../../lib/api-error.ts';
import { CardNotTakenError, type CardNotTakenReason } from '../../payments/card-confirmation.ts';

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
  | { kind: 'card'; problem: CardNotTakenReason }
  | { kind: 'invalid'; message: string }
  | { kind: 'retry' };

const CASH_LIMIT_CODES = ['CASH_PLACES_LIMIT', 'CASH_ORDERS_LIMIT'] as const;
export type CashLimitCode = (typeof CASH_LIMIT_CODES)[number];
const isCashLimitCode = (code: string): code is CashLimitCode =>
  (CASH_LIMIT_CODES as readonly string[]).includes(code);

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
