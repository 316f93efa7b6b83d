import { randomBytes } from 'node:crypto';
import {
  isCardExpired,
  isPlausibleCardNumber,
  isPlausibleCvc,
  toCardDigits,
} from '@sentiero/contract/rules/payment-card';
import {
  type CardDetails,
  type PaymentProvider,
  type PaymentStart,
  type RefundResult,
  requireAmountCents,
} from './provider.ts';

// Stripe's public test numbers, so the same cards work on a laptop and against Stripe's test mode.
export const SANDBOX_CARD_ACCEPTED = '4242424242424242';
export const SANDBOX_CARD_DECLINED = '4000000000000002';

export type SandboxOptions = { now?: () => Date };

/**
 * Why the simulator refuses a card, as the code a real provider would answer; null when it takes
 * it. `accepted` are the numbers that work: any other plausible number is "not supported".
 */
export function findCardDeclineReason(
  card: CardDetails | undefined,
  now: Date,
  accepted: readonly string[],
): string | null {
  if (!card) return 'card_missing';
  const number = toCardDigits(card.number);
  if (!isPlausibleCardNumber(number)) return 'card_number_invalid';
  if (isExpired(card, now)) return 'card_expired';
  if (!isPlausibleCvc(card.cvc)) return 'card_cvc_invalid';
  if (number === SANDBOX_CARD_DECLINED) return 'card_declined';
  if (!accepted.includes(number)) return 'card_not_supported';
  return null;
}

type Attempt = { orderCode: string; amountCents: number; result: PaymentStart };

export type SandboxPaymentProvider = PaymentProvider & { refundedCents(reference: string): number };

/** The embedded card simulator: a full checkout with no network and no account anywhere. */
export function sandboxPayments(options: SandboxOptions = {}): SandboxPaymentProvider {
  const now = options.now ?? (() => new Date());
  const attempts = new Map<string, Attempt>();
  const payments = new Map<string, { amountCents: number; refundedCents: number }>();
  const refunds = new Map<string, RefundResult>();

  function charge(card: CardDetails | undefined, amountCents: number): PaymentStart {
    const reason = findCardDeclineReason(card, now(), [SANDBOX_CARD_ACCEPTED]);
    if (reason) return { status: 'declined', reference: null, reason };
    const reference = `sbx_${randomBytes(12).toString('hex')}`;
    payments.set(reference, { amountCents, refundedCents: 0 });
    return { status: 'paid', reference };
  }

  return {
    method: 'sandbox',

    async start(input) {
      const amountCents = requireAmountCents(input.amountCents);
      const earlier = attempts.get(input.idempotencyKey);
      if (earlier) {
        // Stripe refuses a reused key with other parameters: a bug in the caller must not pass silently.
        if (earlier.orderCode !== input.orderCode || earlier.amountCents !== amountCents) {
          throw new Error('idempotency key reused for a different payment');
        }
        return earlier.result;
      }
      const result = charge(input.card, amountCents);
      attempts.set(input.idempotencyKey, { orderCode: input.orderCode, amountCents, result });
      return result;
    },

    // A simulated card gives the money back at once; refusals use Stripe's codes.
    async refund({ reference, amountCents, idempotencyKey }) {
      requireAmountCents(amountCents);
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return earlier;
      const payment = payments.get(reference);
      let result: RefundResult;
      if (!payment) {
        result = { status: 'failed', reference: null, reason: 'resource_missing' };
      } else if (payment.refundedCents + amountCents > payment.amountCents) {
        result = { status: 'failed', reference: null, reason: 'amount_too_large' };
      } else {
        payment.refundedCents += amountCents;
        result = { status: 'succeeded', reference: `sbx_re_${randomBytes(12).toString('hex')}` };
      }
      refunds.set(idempotencyKey, result);
      return result;
    },

    async lookUpRefund(reference) {
      const found = [...refunds.values()].find((result) => result.reference === reference);
      return found ?? { status: 'failed', reference, reason: 'resource_missing' };
    },

    refundedCents: (reference) => payments.get(reference)?.refundedCents ?? 0,
  };
}

export function isExpired(card: CardDetails, now: Date): boolean {
  // Buyers type the two digits printed on the card.
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const current = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  return isCardExpired({ month: card.expMonth, year }, current);
}
