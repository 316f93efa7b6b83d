import type { BillingProvider } from '../../platform/billing/provider.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type ChargeRecord,
  type NewCharge,
  openCharge,
  openCharges,
  recordCharges,
  settleCharge,
} from './charges-repo.ts';
import { applyEvent, type MembershipEvent } from './lifecycle.ts';
import { fromMembership, periodAfter, toMembership } from './membership.ts';
import { type BillingContext, notifyMember, RECEIPT_QUEUE } from './notices.ts';
import { type MembershipRow, nextVersion } from './repo.ts';
import type { PremiumDeps } from './service.ts';

/**
 * The charging engine of the memberships Sentiero renews itself (the sandbox): one charge per
 * membership, period and attempt, written before the provider is asked (ADR 017).
 */

/** A method the member has just given for a past-due membership, charged before it is saved. */
export type NewMethodCharge = { reference: string; paymentLabel: string | null; idempotencyKey: string };

/** A membership to charge now: on its saved method, or (`newMethod`) on the one just given. */
export type DueCharge = { row: MembershipRow; provider: BillingProvider; newMethod?: NewMethodCharge };

/**
 * What came of one due charge: the membership as saved (undefined when another charge holds its
 * period), or why it failed.
 */
export type ChargeOutcome = { ok: true; saved: MembershipRow | undefined } | { ok: false; error: unknown };

/**
 * Charges the period due on the saved method, once: the attempt's charge row is written before
 * the provider is asked, with an idempotency key naming the membership, the period and the
 * attempt, which the provider is given too. Run again after a crash, it finds the same charge.
 * With `newMethod`, the member's new method is charged instead: saved if it pays; if refused,
 * the membership is left as it was and the member is answered PAYMENT_DECLINED.
 */
export async function chargeDue(
  ctx: BillingContext,
  deps: Pick<PremiumDeps, 'receipts'>,
  provider: BillingProvider,
  row: MembershipRow,
  newMethod?: NewMethodCharge,
): Promise<MembershipRow | undefined> {
  const [outcome] = await chargeAllDue(ctx, deps, [{ row, provider, ...(newMethod ? { newMethod } : {}) }]);
  if (!outcome) throw new Error(`subscription ${row.id}: no outcome of its charge`);
  if (!outcome.ok) throw outcome.error;
  return outcome.saved;
}

/**
 * `chargeDue` for many memberships at once (a renewal batch), with the same guarantees in a few
 * statements: every charge row is written, in one statement, before any provider is asked; each
 * provider is asked with its charge's own key, `atOnce` charges at a time; then one statement
 * settles the charges, moves each membership on if nobody changed it since it was read, and
 * queues the receipts of those paid. A run that dies anywhere in between finds its charges again
 * by their keys, and the provider answers a key it has seen with the charge it made.
 * Mails about failed charges go last. Answers one outcome per membership, in order.
 */
export async function chargeAllDue(
  ctx: BillingContext,
  deps: Pick<PremiumDeps, 'receipts'>,
  due: DueCharge[],
  { atOnce = 1 }: { atOnce?: number } = {},
): Promise<ChargeOutcome[]> {
  const now = ctx.clock.now();
  const outcomes: ChargeOutcome[] = due.map(() => ({ ok: true, saved: undefined }));
  const failed = (index: number, error: unknown) => {
    outcomes[index] = { ok: false, error };
  };
  const asks = due.map(({ row, provider, newMethod }, index) => {
    const reference = newMethod?.reference ?? row.providerReference;
    if (!provider.charge || !reference) {
      failed(index, new Error(`subscription ${row.id} cannot be charged here`));
      return null;
    }
    const spec: NewCharge = {
      subscriptionId: row.id,
      periodEnd: row.periodEnd,
      attempt: row.failedCharges + 1,
      idempotencyKey: newMethod?.idempotencyKey ?? chargeKey(row),
      amountCents: row.priceCents,
    };
    return { reference, spec, charge: provider.charge.bind(provider) };
  });
  const opened = await openCharges(
    ctx.db,
    asks.flatMap((ask, index) => (ask && due[index] ? [{ ...ask.spec, read: due[index].row }] : [])),
    now,
  );

  const records: (ChargeRecord & { index: number })[] = [];
  await inParallel([...due.keys()], atOnce, async (index) => {
    const ask = asks[index];
    const item = due[index];
    if (!ask || !item) return;
    const { row, newMethod } = item;
    try {
      const opening = opened.get(ask.spec.idempotencyKey);
      // Changed since it was read: charged, if still due, as it is now (the next run reads it again).
      if (opening === undefined) {
        if (newMethod) throw new AppError('NOT_ALLOWED_NOW', 409);
        return;
      }
      // Not written with the others: written before (a run that died), or its period is taken.
      const chargeId = opening ?? (await openCharge(ctx.db, ask.spec, now))?.id;
      // Another charge has this period: a member's second click, or the job and the member at once.
      if (chargeId === undefined) {
        if (newMethod) throw new AppError('NOT_ALLOWED_NOW', 409);
        return;
      }
      const result = await ask.charge({
        reference: ask.reference,
        amountCents: row.priceCents,
        description: `${ctx.config.brand}+ ${row.planType}`,
        idempotencyKey: ask.spec.idempotencyKey,
      });
      if (newMethod && result.status !== 'paid') {
        await settleCharge(ctx.db, chargeId, {
          status: 'failed',
          providerReference: null,
          reason: result.reason,
          receiptNumber: null,
          paidUntil: null,
          settledAt: now,
        });
        throw new AppError('PAYMENT_DECLINED', 402);
      }
      // The new period follows the old one (a job running late or days spent retrying are not
      // given twice); one long overdue starts now.
      const following = periodAfter(row.periodEnd, row.planType);
      const paidUntil = following > now ? following : periodAfter(now, row.planType);
      const event: MembershipEvent =
        result.status === 'paid'
          ? { type: 'charge_succeeded', at: now.toISOString(), paidUntil: paidUntil.toISOString() }
          : { type: 'charge_failed', at: now.toISOString() };
      const transition = applyEvent(toMembership(row), event);
      if (!transition.ok)
        throw new Error(`subscription ${row.id}: ${event.type} refused (${transition.refusal})`);
      const paid = result.status === 'paid';
      records.push({
        index,
        charge: {
          id: chargeId,
          status: paid ? 'paid' : 'failed',
          providerReference: paid ? result.reference : null,
          reason: result.status === 'declined' ? result.reason : null,
          receiptNumber: paid ? receiptNumber(chargeId, now) : null,
          paidUntil: paid ? paidUntil : null,
          settledAt: now,
        },
        read: row,
        changes: {
          ...fromMembership(transition.membership, 'sentiero', now),
          ...(paid ? { lastPaymentAt: now, lastPaymentCents: row.priceCents } : {}),
          ...(newMethod
            ? { providerReference: newMethod.reference, paymentLabel: newMethod.paymentLabel }
            : {}),
        },
        at: now,
        receipt: paid,
      });
    } catch (error) {
      failed(index, error);
    }
  });

  const written = await recordAll(ctx, records, failed);
  const notices: { index: number; saved: MembershipRow }[] = [];
  for (const { index, read, changes, at, receipt } of records) {
    if (!written.has(read.id)) {
      if (outcomes[index]?.ok !== false)
        failed(index, new Error(`subscription ${read.id} changed while it was being charged`));
      continue;
    }
    const saved = { ...due[index]?.row, ...changes, updatedAt: nextVersion(read, at) } as MembershipRow;
    outcomes[index] = { ok: true, saved };
    if (!receipt) notices.push({ index, saved });
  }
  if (records.some((record) => record.receipt && written.has(record.read.id))) deps.receipts.written();
  await inParallel(notices, atOnce, async ({ index, saved }) => {
    try {
      await notifyMember(
        ctx,
        saved,
        saved.status === 'expired' ? { kind: 'ended', reason: 'payment_failed' } : { kind: 'paymentFailed' },
      );
    } catch (error) {
      failed(index, error);
    }
  });
  return outcomes;
}

/**
 * `recordCharges` for a batch: one statement. A record it refuses fails the whole statement, so
 * then each is written alone and only the one refused fails. Answers the memberships written.
 */
async function recordAll(
  ctx: BillingContext,
  records: (ChargeRecord & { index: number })[],
  failed: (index: number, error: unknown) => void,
): Promise<Set<number>> {
  const written = new Set<number>();
  const write = async (batch: ChargeRecord[]) => {
    const recorded = await recordCharges(ctx.db, batch, RECEIPT_QUEUE);
    for (const id of recorded.written) written.add(id);
    const owed = batch.filter((record) => record.receipt && recorded.written.has(record.read.id)).length;
    // The receipts' queue is made when the app starts (`startReceiptMails`): without it, none is queued.
    if (recorded.receipts < owed)
      ctx.log.error(
        { queue: RECEIPT_QUEUE, owed, queued: recorded.receipts },
        'membership receipts not queued',
      );
  };
  try {
    await write(records);
  } catch (error) {
    if (records.length === 1 && records[0]) failed(records[0].index, error);
    else for (const record of records) await write([record]).catch((alone) => failed(record.index, alone));
  }
  return written;
}

/** Runs `work` on every item, at most `width` at a time. */
export async function inParallel<T>(
  items: T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/** One key per membership, period and attempt: what makes a charge happen once. */
export function chargeKey(row: MembershipRow): string {
  return `sub-${row.id}-${row.periodEnd.toISOString()}-${row.failedCharges + 1}`;
}

export function receiptNumber(chargeId: number, at: Date): string {
  return `SP-${at.getUTCFullYear()}-${String(chargeId).padStart(7, '0')}`;
}
