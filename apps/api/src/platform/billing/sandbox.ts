import { randomBytes } from 'node:crypto';
import { toCardDigits } from '@sentiero/contract/rules/payment-card';
import type { Db } from '@sentiero/db/client';
import { findCardDeclineReason, SANDBOX_CARD_ACCEPTED } from '../payments/sandbox.ts';
import type { BillingProvider, ChargeResult } from './provider.ts';
import { chargeCard, findSandboxCharge, insertSandboxCard, type SandboxLedgerEntry } from './sandbox-repo.ts';

/** Stripe's test number for a card that attaches to a customer, then fails every charge. */
export const SANDBOX_CARD_FAILS_ON_CHARGE = '4000000000000341';

/**
 * The offline card simulator for Sentiero+: it saves a test card and charges it when Sentiero's
 * renewal job asks, the same code path a real renewal takes. Its ledger is a table, like a
 * provider's books: a job that dies after a charge finds it again by its idempotency key.
 */
export function sandboxBilling(
  db: Db,
  { now = () => new Date() }: { now?: () => Date } = {},
): BillingProvider {
  return {
    method: 'sandbox',
    renewals: 'sentiero',

    async start({ card }) {
      const reason = findCardDeclineReason(card, now(), [
        SANDBOX_CARD_ACCEPTED,
        SANDBOX_CARD_FAILS_ON_CHARGE,
      ]);
      if (reason || !card) return { status: 'declined', reason: reason ?? 'card_missing' };
      const number = toCardDigits(card.number);
      const token = `sbx_card_${randomBytes(12).toString('hex')}`;
      await insertSandboxCard(db, {
        token,
        last4: number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
        failsOnCharge: number === SANDBOX_CARD_FAILS_ON_CHARGE,
      });
      return { status: 'ready', reference: token, paymentLabel: `Visa •••• ${number.slice(-4)}` };
    },

    async charge({ reference, amountCents, idempotencyKey }): Promise<ChargeResult> {
      // One statement for a new key (every renewal): the card is read, judged and the charge
      // written together. The card's expiry is judged as `isExpired` does, against this month.
      const today = now();
      const written = await chargeCard(db, {
        key: idempotencyKey,
        token: reference,
        amount: amountCents,
        reference: `sbx_ch_${randomBytes(12).toString('hex')}`,
        month: today.getUTCFullYear() * 12 + today.getUTCMonth() + 1,
      });
      if (written) return ledgerResult(written, { reference, amountCents });
      // The key was charged before, or by a concurrent charge that won: its row is the answer.
      const row = await findSandboxCharge(db, idempotencyKey);
      if (!row) throw new Error(`sandbox charge ${idempotencyKey} vanished`);
      return ledgerResult(row, { reference, amountCents });
    },

    // Sentiero's own job decides when to charge: nothing to tell the simulator.
    async pause() {},
    async resume() {},
    async stopRenewal() {},
    async end() {},
  };
}

function ledgerResult(
  row: SandboxLedgerEntry,
  asked: { reference: string; amountCents: number },
): ChargeResult {
  // Stripe refuses a reused key with other parameters: a bug in the caller must not pass silently.
  if (row.token !== asked.reference || row.amountCents !== asked.amountCents) {
    throw new Error('idempotency key reused for a different charge');
  }
  return row.status === 'paid'
    ? { status: 'paid', reference: row.reference }
    : { status: 'declined', reason: row.reason ?? 'card_declined' };
}
