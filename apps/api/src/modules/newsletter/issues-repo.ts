import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import {
  type NewsletterIssueState,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscriptions,
} from '@sentiero/db/schema';
import { and, asc, count, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';

export type IssueRow = typeof newsletterIssues.$inferSelect;

export async function insertIssue(db: Db, values: typeof newsletterIssues.$inferInsert): Promise<IssueRow> {
  const [row] = await db.insert(newsletterIssues).values(values).returning();
  if (!row) throw new Error('the issue was not written');
  return row;
}

export async function findIssue(db: Db, id: number): Promise<IssueRow | undefined> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return row;
}

/**
 * Changes an issue only from one of the states `from`, in one statement: an issue whose sending
 * has begun in the meantime is left alone (undefined), whatever the caller read before.
 */
export async function updateIssueFrom(
  db: Db,
  id: number,
  from: NewsletterIssueState[],
  set: Partial<typeof newsletterIssues.$inferInsert>,
): Promise<IssueRow | undefined> {
  const [row] = await db
    .update(newsletterIssues)
    .set(set)
    .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.state, from)))
    .returning();
  return row;
}

/**
 * The start of a sending: a scheduled issue that is due becomes `sending`, and every subscriber
 * confirmed at this moment gets a pending delivery, in one transaction. Answers false when the
 * issue is not due (canceled, moved later, or already started by another run).
 */
export async function startIssueSending(db: Db, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [started] = await tx
      .update(newsletterIssues)
      .set({ state: 'sending', startedAt: now, updatedAt: now })
      .where(
        and(
          eq(newsletterIssues.id, id),
          eq(newsletterIssues.state, 'scheduled'),
          lte(newsletterIssues.scheduledAt, now),
        ),
      )
      .returning({ id: newsletterIssues.id });
    if (!started) return false;
    await tx.execute(sql`
      insert into ${newsletterDeliveries} (issue_id, subscription_id)
      select ${id}::int, ${newsletterSubscriptions.id} from ${newsletterSubscriptions}
      where ${newsletterSubscriptions.status} = 'confirmed'
      on conflict do nothing`);
    const [total] = await tx
      .select({ value: count() })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, id));
    await tx
      .update(newsletterIssues)
      .set({ total: total?.value ?? 0 })
      .where(eq(newsletterIssues.id, id));
    return true;
  });
}

export type DeliveryToSend = {
  id: number;
  email: string;
  language: Language;
  status: string;
  unsubscribeToken: string;
};

/**
 * Claims up to `limit` pending deliveries of the issue that nobody holds, with their
 * subscriber. SKIP LOCKED and the claim keep two runs of one issue from taking the same row.
 */
export async function claimDeliveries(
  db: Db,
  issueId: number,
  limit: number,
  now: Date,
): Promise<DeliveryToSend[]> {
  const free = db
    .select({ id: newsletterDeliveries.id })
    .from(newsletterDeliveries)
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        eq(newsletterDeliveries.state, 'pending'),
        isNull(newsletterDeliveries.claimedAt),
      ),
    )
    .orderBy(asc(newsletterDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(newsletterDeliveries)
    .set({ claimedAt: now })
    .where(inArray(newsletterDeliveries.id, free))
    .returning({ id: newsletterDeliveries.id, subscriptionId: newsletterDeliveries.subscriptionId });
  if (claimed.length === 0) return [];
  const subscribers = await db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      language: newsletterSubscriptions.language,
      status: newsletterSubscriptions.status,
      unsubscribeToken: newsletterSubscriptions.unsubscribeToken,
    })
    .from(newsletterSubscriptions)
    .where(
      inArray(
        newsletterSubscriptions.id,
        claimed.map((row) => row.subscriptionId),
      ),
    );
  const byId = new Map(subscribers.map((row) => [row.id, row]));
  return claimed
    .flatMap((row) => {
      const subscriber = byId.get(row.subscriptionId);
      return subscriber ? [{ ...subscriber, id: row.id }] : [];
    })
    .sort((a, b) => a.id - b.id);
}

/** Gives claims back unsent (the mail server could not be reached): the next run takes them. */
export async function releaseDeliveries(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(newsletterDeliveries)
    .set({ claimedAt: null })
    .where(and(inArray(newsletterDeliveries.id, ids), eq(newsletterDeliveries.state, 'pending')));
}

export async function recordDelivery(
  db: Db,
  id: number,
  outcome: { state: 'sent' | 'skipped'; at: Date } | { state: 'failed'; error: string },
): Promise<void> {
  await db
    .update(newsletterDeliveries)
    .set(
      outcome.state === 'failed'
        ? { state: 'failed', error: outcome.error.slice(0, 500) }
        : { state: outcome.state, sentAt: outcome.state === 'sent' ? outcome.at : null },
    )
    .where(and(eq(newsletterDeliveries.id, id), eq(newsletterDeliveries.state, 'pending')));
}

/**
 * Deliveries claimed before `before` and still pending were held by a run that stopped while
 * their mail was leaving: whether it left is unknown, so they are not sent again (nobody gets an
 * issue twice) but listed as failed with `error`, for the sender to see.
 */
export async function failStaleClaims(db: Db, issueId: number, before: Date, error: string) {
  return db
    .update(newsletterDeliveries)
    .set({ state: 'failed', error })
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        eq(newsletterDeliveries.state, 'pending'),
        lt(newsletterDeliveries.claimedAt, before),
      ),
    )
    .returning({ id: newsletterDeliveries.id });
}

/** The oldest claim still held on the issue's pending deliveries, if any. */
export async function findOldestClaim(db: Db, issueId: number): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(${newsletterDeliveries.claimedAt})`.mapWith((value) =>
        value ? new Date(value) : null,
      ),
    })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.state, 'pending')));
  return row?.at ?? null;
}

/**
 * Brings the issue's counts up to date from its deliveries and marks it sent when none is
 * pending. Answers the counts and whether deliveries are still pending.
 */
export async function updateIssueCounts(db: Db, issueId: number, now: Date) {
  const rows = await db
    .select({ state: newsletterDeliveries.state, value: count() })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.issueId, issueId))
    .groupBy(newsletterDeliveries.state);
  const of = (state: string) => rows.find((row) => row.state === state)?.value ?? 0;
  const counts = { sent: of('sent'), failed: of('failed'), skipped: of('skipped') };
  const pending = of('pending');
  await db
    .update(newsletterIssues)
    .set({
      ...counts,
      updatedAt: now,
      ...(pending === 0 ? { state: 'sent' as const, sentAt: now } : {}),
    })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.state, 'sending')));
  return { ...counts, pending };
}

/** The deliveries that failed, with the address they were for and why. */
export async function findFailedDeliveries(db: Db, issueId: number) {
  return db
    .select({
      email: newsletterSubscriptions.email,
      error: newsletterDeliveries.error,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletterSubscriptions, eq(newsletterSubscriptions.id, newsletterDeliveries.subscriptionId))
    .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.state, 'failed')))
    .orderBy(asc(newsletterDeliveries.id));
}
