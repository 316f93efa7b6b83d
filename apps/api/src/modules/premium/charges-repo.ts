import type { Db } from '@sentiero/db/client';
import { preparedSql } from '@sentiero/db/prepared';
import { subscriptionCharges, subscriptions } from '@sentiero/db/schema';
import { and, eq, lte, sql } from 'drizzle-orm';
import { insertJobsSql } from '../../platform/job-rows.ts';
import { type MembershipRow, type NewMembership, nextVersion } from './repo.ts';

/** The memberships' charges: one per period and attempt, written before the provider is asked. */

export type ChargeRow = typeof subscriptionCharges.$inferSelect;

/** A pending charge older than this was left by a process that died: it no longer holds its period. */
export const PENDING_CHARGE_LEASE_MS = 15 * 60_000;

/**
 * The charge of one attempt, written before the provider is asked, or the one already written.
 * Undefined when another charge of the same period is pending or paid (one period, one charge:
 * `subscription_charges_one_per_period_idx`); a pending one older than the lease is closed as
 * interrupted first, so a process that died mid-charge blocks its membership for a while only.
 */
export async function openCharge(
  db: Db,
  charge: Pick<ChargeRow, 'subscriptionId' | 'periodEnd' | 'attempt' | 'idempotencyKey' | 'amountCents'>,
  now: Date,
): Promise<ChargeRow | undefined> {
  // One statement when the charge is new (every renewal); read only when it was written before.
  const [inserted] = await db
    .insert(subscriptionCharges)
    .values({ ...charge, status: 'pending', createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [same] = await db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.idempotencyKey, charge.idempotencyKey));
  if (same) return same;
  const interrupted = await db
    .update(subscriptionCharges)
    .set({ status: 'failed', reason: 'interrupted', settledAt: now })
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, charge.subscriptionId),
        eq(subscriptionCharges.periodEnd, charge.periodEnd),
        eq(subscriptionCharges.status, 'pending'),
        lte(subscriptionCharges.createdAt, new Date(now.getTime() - PENDING_CHARGE_LEASE_MS)),
      ),
    )
    .returning({ id: subscriptionCharges.id });
  if (interrupted.length === 0) return undefined;
  const [retried] = await db
    .insert(subscriptionCharges)
    .values({ ...charge, status: 'pending', createdAt: now })
    .onConflictDoNothing()
    .returning();
  return retried;
}

export type NewCharge = Pick<
  ChargeRow,
  'subscriptionId' | 'periodEnd' | 'attempt' | 'idempotencyKey' | 'amountCents'
>;

/**
 * `openCharge` for many charges in one statement (a renewal batch), each only while its
 * membership is as it was read (`updated_at`, as `updateMembership` compares it): rows read a
 * moment ago are not charged after a member changed them. Answers, by idempotency key, the id of
 * each charge written, or null for one whose membership is as read but whose charge was not
 * written (its key or its period is taken: `openCharge` decides about it alone); a charge whose
 * membership changed is not in the answer.
 */
export async function openCharges(
  db: Db,
  charges: (NewCharge & { read: Pick<MembershipRow, 'updatedAt'> })[],
  now: Date,
): Promise<Map<string, number | null>> {
  if (charges.length === 0) return new Map();
  const insert = preparedSql<{ idempotency_key: string; id: number | null }>(
    db,
    'subscription_charges_open_many',
    () => sql`with asked as (
        select * from jsonb_to_recordset(${sql.placeholder('charges')}::jsonb) as c(subscription_id int,
          period_end timestamptz, attempt int, idempotency_key text, amount_cents int, read_at timestamptz)
      ), unchanged as (
        select asked.* from asked join subscriptions s on s.id = asked.subscription_id
        where date_trunc('milliseconds', s.updated_at) = asked.read_at
      ), written as (
        insert into subscription_charges
          (subscription_id, period_end, attempt, idempotency_key, amount_cents, status, created_at)
        select subscription_id, period_end, attempt, idempotency_key, amount_cents, 'pending',
          ${sql.placeholder('now')}::timestamptz
        from unchanged
        on conflict do nothing
        returning id, idempotency_key
      )
      select unchanged.idempotency_key, written.id
      from unchanged left join written using (idempotency_key)`,
  );
  const rows = await insert.execute({
    now: now.toISOString(),
    charges: JSON.stringify(
      charges.map((charge) => ({
        subscription_id: charge.subscriptionId,
        period_end: charge.periodEnd.toISOString(),
        attempt: charge.attempt,
        idempotency_key: charge.idempotencyKey,
        amount_cents: charge.amountCents,
        read_at: charge.read.updatedAt.toISOString(),
      })),
    ),
  });
  return new Map(rows.map((row) => [row.idempotency_key, row.id === null ? null : Number(row.id)]));
}

export async function settleCharge(
  db: Db,
  id: number,
  changes: Pick<
    ChargeRow,
    'status' | 'providerReference' | 'reason' | 'receiptNumber' | 'paidUntil' | 'settledAt'
  >,
): Promise<void> {
  await db.update(subscriptionCharges).set(changes).where(eq(subscriptionCharges.id, id));
}

/** A settled charge and the membership's state after it, as `recordCharges` writes them. */
export type ChargeRecord = {
  charge: Pick<
    ChargeRow,
    'id' | 'status' | 'providerReference' | 'reason' | 'receiptNumber' | 'paidUntil' | 'settledAt'
  >;
  /** The membership as it was read: written only if it is still so (`updateMembership`). */
  read: Pick<MembershipRow, 'id' | 'updatedAt'>;
  changes: Pick<
    NewMembership,
    | 'status'
    | 'trialEnd'
    | 'periodEnd'
    | 'failedCharges'
    | 'pastDueSince'
    | 'graceUntil'
    | 'remainingMs'
    | 'canceledFrom'
    | 'nextChargeAt'
    | 'remindAt'
    | 'endedAt'
  > &
    Partial<
      Pick<
        NewMembership,
        'lastPaymentAt' | 'lastPaymentCents' | 'providerReference' | 'paymentLabel' | 'awaitingApproval'
      >
    >;
  at: Date;
  /** A paid charge's receipt job is written with it. */
  receipt: boolean;
};

/**
 * Settles charges and moves their memberships on, in one statement however many (a renewal
 * batch): each charge is settled as the provider answered; its membership is written only if
 * nobody changed it since it was read (`updateMembership`'s compare-and-set); a paid charge's
 * receipt job (`receiptQueue`, pg-boss's row as `insertJobsSql` writes it) only with its
 * membership, so the receipt exists exactly when the new period does. Answers the ids of the
 * memberships written and the receipt jobs written (none, if the queue was never made).
 */
export async function recordCharges(
  db: Db,
  records: ChargeRecord[],
  receiptQueue: string,
): Promise<{ written: Set<number>; receipts: number }> {
  if (records.length === 0) return { written: new Set(), receipts: 0 };
  const record = preparedSql<{ id: number; receipts: number }>(
    db,
    `subscription_charges_record_${receiptQueue}`,
    () => {
      const optional = (key: string, column: string, type: string) =>
        sql.raw(`case when r.j ? '${key}' then (r.j->>'${key}')::${type} else s.${column} end`);
      return sql`with records as (
        select j from jsonb_array_elements(${sql.placeholder('records')}::jsonb) as e(j)
      ), settled as (
        update subscription_charges c set
          status = r.j->>'chargeStatus',
          provider_reference = r.j->>'providerReference',
          reason = r.j->>'reason',
          receipt_number = r.j->>'receiptNumber',
          paid_until = (r.j->>'paidUntil')::timestamptz,
          settled_at = (r.j->>'settledAt')::timestamptz
        from records r
        where c.id = (r.j->>'chargeId')::int
      ), saved as (
        update subscriptions s set
          status = r.j->>'status',
          trial_end = (r.j->>'trialEnd')::timestamptz,
          period_end = (r.j->>'periodEnd')::timestamptz,
          failed_charges = (r.j->>'failedCharges')::int,
          past_due_since = (r.j->>'pastDueSince')::timestamptz,
          grace_until = (r.j->>'graceUntil')::timestamptz,
          remaining_ms = (r.j->>'remainingMs')::bigint,
          canceled_from = r.j->>'canceledFrom',
          next_charge_at = (r.j->>'nextChargeAt')::timestamptz,
          remind_at = (r.j->>'remindAt')::timestamptz,
          ended_at = (r.j->>'endedAt')::timestamptz,
          last_payment_at = ${optional('lastPaymentAt', 'last_payment_at', 'timestamptz')},
          last_payment_cents = ${optional('lastPaymentCents', 'last_payment_cents', 'int')},
          provider_reference = ${optional('newReference', 'provider_reference', 'text')},
          payment_label = ${optional('paymentLabel', 'payment_label', 'text')},
          awaiting_approval = ${optional('awaitingApproval', 'awaiting_approval', 'boolean')},
          updated_at = (r.j->>'updatedAt')::timestamptz
        from records r
        where s.id = (r.j->>'id')::int
          and date_trunc('milliseconds', s.updated_at) = (r.j->>'readAt')::timestamptz
        returning s.id, r.j
      ), queued as (${insertJobsSql(
        receiptQueue,
        sql`select jsonb_build_object('chargeId', (saved.j->>'chargeId')::int) from saved
            where (saved.j->>'receipt')::boolean`,
      )} returning 1)
      select id, (select count(*) from queued)::int as receipts from saved`;
    },
  );
  const rows = await record.execute({
    records: JSON.stringify(
      records.map(({ charge, read, changes, at, receipt }) => {
        const { providerReference: newReference, ...membership } = changes;
        return {
          ...membership,
          ...(newReference === undefined ? {} : { newReference }),
          chargeId: charge.id,
          chargeStatus: charge.status,
          providerReference: charge.providerReference,
          reason: charge.reason,
          receiptNumber: charge.receiptNumber,
          paidUntil: charge.paidUntil,
          settledAt: charge.settledAt,
          id: read.id,
          readAt: read.updatedAt.toISOString(),
          updatedAt: nextVersion(read, at),
          receipt,
        };
      }),
    ),
  });
  return {
    written: new Set(rows.map((row) => Number(row.id))),
    receipts: rows.reduce((most, row) => Math.max(most, Number(row.receipts)), 0),
  };
}

/** A charge with the membership it paid for, in one read. */
export async function findChargeWithMembership(db: Db, id: number) {
  const [row] = await db
    .select({ charge: subscriptionCharges, subscription: subscriptions })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(eq(subscriptionCharges.id, id));
  return row;
}
