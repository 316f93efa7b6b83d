/*
 * Why a payment provider refused or failed a refund, for people: the providers answer with codes
 * (Stripe's error codes and refund `failure_reason`s, PayPal's issues and refund statuses, the
 * card simulator's Stripe codes), which staff should read in their own language. Several codes
 * say the same thing; each maps to one text of `errors:field.refundRefused`. The server answers
 * a refusal with it, the console shows a refund that failed later with it.
 */

export const REFUND_REFUSALS = [
  'alreadyRefunded',
  'amountTooLarge',
  'disputed',
  'balanceTooLow',
  'cardClosed',
  'tooLate',
  'notAllowed',
  'paymentUnknown',
  'declined',
  'cancelled',
  'other',
] as const;
export type RefundRefusal = (typeof REFUND_REFUSALS)[number];

const BY_CODE: Record<string, RefundRefusal> = {
  // Stripe's refusals when asked (4xx codes) and the simulator's, which uses them too.
  charge_already_refunded: 'alreadyRefunded',
  amount_too_large: 'amountTooLarge',
  charge_disputed: 'disputed',
  balance_insufficient: 'balanceTooLow',
  resource_missing: 'paymentUnknown',
  // Stripe's refund.failure_reason, when a refund it took fails later.
  charge_for_pending_refund_disputed: 'disputed',
  insufficient_funds: 'balanceTooLow',
  expired_or_canceled_card: 'cardClosed',
  lost_or_stolen_card: 'cardClosed',
  declined: 'declined',
  merchant_request: 'cancelled',
  canceled: 'cancelled',
  // PayPal's issues (lower-cased, as the provider adapter answers them) and refund statuses.
  capture_fully_refunded: 'alreadyRefunded',
  refund_amount_exceeded: 'amountTooLarge',
  refund_not_permitted_due_to_chargeback: 'disputed',
  capture_disputed_partial_refund_not_allowed: 'disputed',
  refund_failed_insufficient_funds: 'balanceTooLow',
  refund_time_limit_exceeded: 'tooLate',
  refund_not_allowed: 'notAllowed',
  transaction_refused: 'declined',
  cancelled: 'cancelled',
};

/** The text's key for a provider's code; `other` for a code no text explains (the code is shown beside it). */
export function refundRefusalOf(code: string | null): RefundRefusal {
  return (code && BY_CODE[code.toLowerCase()]) || 'other';
}
