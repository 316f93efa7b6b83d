import type { Db } from '@sentiero/db/client';
import { preparedOnce } from '@sentiero/db/prepared';
import {
  billingNotifications,
  premiumTrials,
  subscriptionCharges,
  subscriptions,
  users,
} from '@sentiero/db/schema';
import { and, asc, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';

export type MembershipRow = typeof subscriptions.$inferSelect;
export type NewMembership = typeof subscriptions.$inferInsert;

/** The member's membership that is not over, or else their newest one. */
export async function findCurrentMembership(db: Db, userId: number): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`${subscriptions.status} = 'expired'`, desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

/** The member's membership that is not over: at most one (`subscriptions_live_member_idx`). */
export async function findLiveMembership(db: Db, userId: number): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired')));
  return row;
}

/**
 * What the entitlement check reads: one indexed row (`subscriptions_live_member_idx`), a named
 * statement because the user fetch and every premium endpoint run it.
 */
export async function findLiveEntitlement(db: Db, userId: number) {
  const find = preparedOnce(db, 'subscriptions_live_membership', (name) =>
    db
      .select({
        status: subscriptions.status,
        periodEnd: subscriptions.periodEnd,
        graceUntil: subscriptions.graceUntil,
        awaitingApproval: subscriptions.awaitingApproval,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, sql.placeholder('userId')), ne(subscriptions.status, 'expired')))
      .prepare(name),
  );
  const [row] = await find.execute({ userId });
  return row;
}

export async function findMembershipByKey(db: Db, userId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findMembershipById(db: Db, id: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function findMembershipByReference(
  db: Db,
  source: MembershipRow['source'],
  reference: string,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.source, source), eq(subscriptions.providerReference, reference)));
  return row;
}

export async function findMemberByStoreToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeAccountToken, token), isNull(users.deletedAt)));
  return row;
}

/** Claims the person's one free trial; false when it was claimed before (by any account). */
export async function claimTrial(db: Db, emailHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(premiumTrials)
    .values({ emailHash, usedAt: at })
    .onConflictDoNothing()
    .returning({ emailHash: premiumTrials.emailHash });
  return rows.length === 1;
}

export async function releaseTrial(db: Db, emailHash: string): Promise<void> {
  await db.delete(premiumTrials).where(eq(premiumTrials.emailHash, emailHash));
}

export async function isTrialUsed(db: Db, emailHash: string): Promise<boolean> {
  const [row] = await db
    .select({ emailHash: premiumTrials.emailHash })
    .from(premiumTrials)
    .where(eq(premiumTrials.emailHash, emailHash));
  return Boolean(row);
}

export async function insertMembership(db: Db, row: NewMembership): Promise<MembershipRow> {
  // `updated_at` is the row's version (`updateMembership`): written from JavaScript, in whole
  // milliseconds, so the value read back compares equal (PostgreSQL's own now() has microseconds).
  const [inserted] = await db
    .insert(subscriptions)
    .values({ updatedAt: new Date(), ...row })
    .returning();
  if (!inserted) throw new Error('membership insert returned nothing');
  return inserted;
}

/**
 * Writes a membership's new state only if nobody changed it since it was read (its
 * `updated_at`): a webhook and the member pressing a button cannot both win.
 *
 * Compared to the millisecond: a row written with the column's default (`now()`, microseconds on
 * PostgreSQL) is read back as a JS Date, which keeps milliseconds only, and would otherwise never
 * match. Every write here sets a later millisecond than the one read, so two states never share one.
 */
export async function updateMembership(
  db: Db,
  read: Pick<MembershipRow, 'id' | 'updatedAt'>,
  changes: Partial<NewMembership>,
  at: Date,
  { unlessCharging = false }: { unlessCharging?: boolean } = {},
): Promise<MembershipRow | undefined> {
  const updatedAt = nextVersion(read, at);
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt })
    .where(
      and(
        eq(subscriptions.id, read.id),
        sql`date_trunc('milliseconds', ${subscriptions.updatedAt}) = ${read.updatedAt.toISOString()}::timestamptz`,
        // The renewal job writes its charge row before it asks the provider: a change that would
        // stop the renewal waits until that charge is settled, instead of meeting it half done.
        unlessCharging
          ? sql`not exists (select 1 from ${subscriptionCharges}
              where ${subscriptionCharges.subscriptionId} = ${read.id} and ${subscriptionCharges.status} = 'pending')`
          : undefined,
      ),
    )
    .returning();
  return row;
}

/** Undoes a membership that was never bought (the provider declined): its charges go with it. */
export async function deleteMembership(db: Db, id: number): Promise<void> {
  await db.delete(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, id));
  await db.delete(subscriptions).where(eq(subscriptions.id, id));
}

/**
 * Memberships whose charge or end is due, oldest first, whole: the renewal job reads a batch in
 * one statement. Nothing is claimed: two runs at once may read the same rows, and what keeps a
 * period to one charge is the charge's idempotency key and `updated_at` (see `chargeAllDue`).
 */
export async function findDueMemberships(
  db: Db,
  now: Date,
  limit: number,
  skipped: number[],
): Promise<MembershipRow[]> {
  const due = lte(subscriptions.nextChargeAt, now);
  // The ids skipped so far travel as one array value: a list of parameters would grow with every
  // skip and fail past PostgreSQL's 65,535 (a provider down during a large run skips them all).
  return db
    .select()
    .from(subscriptions)
    .where(
      skipped.length > 0
        ? and(due, sql`${subscriptions.id} <> all(${`{${skipped.join(',')}}`}::int[])`)
        : due,
    )
    .orderBy(asc(subscriptions.nextChargeAt))
    .limit(limit);
}

export async function findRemindersDue(db: Db, now: Date, limit: number): Promise<MembershipRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(lte(subscriptions.remindAt, now))
    .orderBy(asc(subscriptions.remindAt))
    .limit(limit);
}

/** Clears a reminder; false when another worker sent it first. */
export async function takeReminder(db: Db, id: number, remindAt: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ remindAt: null })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.remindAt, remindAt)))
    .returning({ id: subscriptions.id });
  return rows.length === 1;
}

/** What `updateMembership` writes to `updated_at` for a row read with `read` and changed at `at`. */
export function nextVersion(read: Pick<MembershipRow, 'updatedAt'>, at: Date): Date {
  return at.getTime() > read.updatedAt.getTime() ? at : new Date(read.updatedAt.getTime() + 1);
}

/** Records a provider's or store's notification; false when it was applied before. */
export async function recordNotification(db: Db, source: string, notificationId: string): Promise<boolean> {
  const rows = await db
    .insert(billingNotifications)
    .values({ source, notificationId })
    .onConflictDoNothing()
    .returning({ source: billingNotifications.source });
  return rows.length === 1;
}

export async function forgetNotification(db: Db, source: string, notificationId: string): Promise<void> {
  await db
    .delete(billingNotifications)
    .where(
      and(eq(billingNotifications.source, source), eq(billingNotifications.notificationId, notificationId)),
    );
}
