import type { Db } from '@sentiero/db/client';
import { preparedSql } from '@sentiero/db/prepared';
import { sandboxBillingCards, sandboxBillingCharges } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';

// The sandbox's ledger of saved test cards and their charges, as sandbox.ts keeps them.

export type NewSandboxCard = typeof sandboxBillingCards.$inferInsert;
export type SandboxCharge = typeof sandboxBillingCharges.$inferSelect;

export async function insertSandboxCard(db: Db, card: NewSandboxCard): Promise<void> {
  await db.insert(sandboxBillingCards).values(card);
}

export async function findSandboxCharge(db: Db, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(sandboxBillingCharges)
    .where(eq(sandboxBillingCharges.idempotencyKey, idempotencyKey));
  return row;
}

/** A charge as the ledger keeps it. */
export type SandboxLedgerEntry = Pick<
  SandboxCharge,
  'token' | 'amountCents' | 'status' | 'reference' | 'reason'
>;

/**
 * The sandbox's charge of a new key, as `isExpired` and the saved card decide it (no card:
 * card_missing), written in one statement; nothing is written, and nothing answered, when the key
 * was charged before. `month` is the charge's month as year × 12 + month.
 */
export async function chargeCard(
  db: Db,
  charge: { key: string; token: string; amount: number; reference: string; month: number },
): Promise<SandboxLedgerEntry | undefined> {
  const [row] = await chargeStatement(db).execute(charge);
  if (!row) return undefined;
  return {
    token: row.token,
    amountCents: Number(row.amount_cents),
    status: row.status,
    reference: row.reference,
    reason: row.reason,
  };
}

function chargeStatement(db: Db) {
  return preparedSql<{
    token: string;
    amount_cents: number;
    status: 'paid' | 'declined';
    reference: string;
    reason: string | null;
  }>(
    db,
    'sandbox_billing_charge',
    () => sql`with card as (
        select fails_on_charge,
          (case when exp_year < 100 then exp_year + 2000 else exp_year end) * 12 + exp_month as expires,
          exp_month between 1 and 12 as valid
        from sandbox_billing_cards where token = ${sql.placeholder('token')}
      ), judged as (
        select case
          when not exists (select 1 from card) then 'card_missing'
          when exists (select 1 from card where not valid or expires < ${sql.placeholder('month')}::int) then 'card_expired'
          when exists (select 1 from card where fails_on_charge) then 'card_declined'
        end as reason
      )
      insert into sandbox_billing_charges (idempotency_key, token, amount_cents, status, reference, reason)
      select ${sql.placeholder('key')}, ${sql.placeholder('token')}, ${sql.placeholder('amount')}::int,
        case when reason is null then 'paid' else 'declined' end, ${sql.placeholder('reference')}, reason
      from judged
      on conflict do nothing
      returning token, amount_cents, status, reference, reason`,
  );
}
