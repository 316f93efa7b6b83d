import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider.ts';

/** Orders that cost nothing (free permits, full discounts) still go through checkout for their tickets. */
export function freePayments(): PaymentProvider {
  return {
    method: 'free',
    async start(input) {
      // A wrong total routed here would hand out paid tickets for nothing.
      if (input.amountCents !== 0) {
        throw new RangeError(`a free order must total 0, got ${input.amountCents} cents`);
      }
      return { status: 'paid', reference: `free_${randomBytes(12).toString('hex')}` };
    },
    async refund(input) {
      if (input.amountCents !== 0) throw new RangeError('nothing was paid for a free order');
      return { status: 'succeeded', reference: `free_refund_${input.idempotencyKey}` };
    },
  };
}
