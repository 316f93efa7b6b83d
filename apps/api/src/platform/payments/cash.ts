import { randomBytes } from 'node:crypto';
import { type PaymentProvider, requireAmountCents } from './provider.ts';

/** The buyer pays the guide at the meeting point; the order is booked now and settled there. */
export function cashPayments(): PaymentProvider {
  return {
    method: 'cash',
    async start(input) {
      requireAmountCents(input.amountCents);
      return { status: 'on_site', reference: `cash_${randomBytes(12).toString('hex')}` };
    },
    // The money never passed through Sentiero: the operator hands it back in person, so there is
    // nothing to move here and the order service only records the refund.
    async refund(input) {
      return { status: 'succeeded', reference: `cash_refund_${input.idempotencyKey}` };
    },
  };
}
