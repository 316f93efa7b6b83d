import type { ApplicationState } from '@sentiero/contract/work-with-us';
import type { Db } from '@sentiero/db/client';
import { activityTypes, operatorApplications, regions } from '@sentiero/db/schema';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';

export type ApplicationRow = typeof operatorApplications.$inferSelect;
export type NewApplication = typeof operatorApplications.$inferInsert;

export async function insertApplication(db: Db, values: NewApplication): Promise<ApplicationRow> {
  const [row] = await db.insert(operatorApplications).values(values).returning();
  if (!row) throw new Error('inserting an application returned no row');
  return row;
}

export async function findApplicationByKey(
  db: Db,
  idempotencyKey: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(operatorApplications)
    .where(eq(operatorApplications.idempotencyKey, idempotencyKey));
  return row;
}

export async function findApplicationByReference(
  db: Db,
  reference: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(operatorApplications)
    .where(eq(operatorApplications.reference, reference));
  return row;
}

/** The application a provider's payment belongs to (a webhook names the payment, not the application). */
export async function findApplicationByPaymentReference(
  db: Db,
  paymentReference: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(operatorApplications)
    .where(eq(operatorApplications.paymentReference, paymentReference));
  return row;
}

export async function findApplication(db: Db, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(operatorApplications).where(eq(operatorApplications.id, id));
  return row;
}

/** An unpaid featured application the provider refused: gone, as if never sent. */
export async function deleteUnpaidApplication(db: Db, id: number): Promise<void> {
  await db
    .delete(operatorApplications)
    .where(and(eq(operatorApplications.id, id), eq(operatorApplications.state, 'awaiting_payment')));
}

/**
 * Moves an application on only from the state it was read in, so two reviewers (or a webhook
 * and the applicant's return) never both act on it: undefined when someone else did first.
 * `refundKey`, when given, is the refund the move must find claimed (null: none), so a review
 * never passes a refund under way (ADR 039).
 */
export async function moveApplication(
  db: Db,
  id: number,
  from: readonly ApplicationState[],
  values: Partial<NewApplication>,
  { refundKey }: { refundKey?: string | null } = {},
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(operatorApplications)
    .set(values)
    .where(
      and(
        eq(operatorApplications.id, id),
        inArray(operatorApplications.state, [...from]),
        refundKey === undefined
          ? undefined
          : refundKey === null
            ? isNull(operatorApplications.refundKey)
            : eq(operatorApplications.refundKey, refundKey),
      ),
    )
    .returning();
  return row;
}

/**
 * Claims a paid, submitted application's refund before the provider is asked: of two rejections
 * at once, one claims it and the other asks again with the claim's key. Undefined when it is
 * claimed already or no longer submitted.
 */
export async function claimApplicationRefund(
  db: Db,
  id: number,
  claim: { key: string; cents: number; at: Date },
  state: 'submitted' | 'rejected' = 'submitted',
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(operatorApplications)
    .set({
      refundState: 'pending',
      refundKey: claim.key,
      refundCents: claim.cents,
      refundRequestedAt: claim.at,
    })
    .where(
      and(
        eq(operatorApplications.id, id),
        eq(operatorApplications.state, state),
        isNotNull(operatorApplications.paidAt),
        isNull(operatorApplications.refundKey),
      ),
    )
    .returning();
  return row;
}

/** The provider refused the claimed refund: nothing of it is kept, the application is as it was. */
export async function dropApplicationRefund(db: Db, id: number, key: string): Promise<void> {
  await db
    .update(operatorApplications)
    .set({
      refundState: null,
      refundKey: null,
      refundCents: null,
      refundRequestedAt: null,
      refundReference: null,
      refundFailureReason: null,
      refundSettledAt: null,
    })
    .where(
      and(
        eq(operatorApplications.id, id),
        eq(operatorApplications.state, 'submitted'),
        eq(operatorApplications.refundKey, key),
      ),
    );
}

/**
 * A featured listing's payment that completed after its rejection: written paid, once (undefined
 * when it is not a rejected listing or its payment was known already).
 */
export async function markRejectedListingPaid(
  db: Db,
  id: number,
  at: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(operatorApplications)
    .set({ paidAt: at })
    .where(
      and(
        eq(operatorApplications.id, id),
        eq(operatorApplications.state, 'rejected'),
        eq(operatorApplications.plan, 'featured'),
        isNull(operatorApplications.paidAt),
      ),
    )
    .returning();
  return row;
}

/** The provider's answer to a rejected listing's refund under claim `key`: pending, succeeded or refused. */
export async function recordRejectedListingRefund(
  db: Db,
  id: number,
  key: string,
  answer:
    | { state: 'succeeded' | 'pending'; reference: string; at: Date }
    | { state: 'failed'; reason: string; at: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(operatorApplications)
    .set(
      answer.state === 'failed'
        ? { refundState: 'failed', refundFailureReason: answer.reason, refundSettledAt: answer.at }
        : {
            refundState: answer.state,
            refundReference: answer.reference,
            refundSettledAt: answer.state === 'succeeded' ? answer.at : null,
          },
    )
    .where(
      and(
        eq(operatorApplications.id, id),
        eq(operatorApplications.state, 'rejected'),
        eq(operatorApplications.refundKey, key),
      ),
    )
    .returning();
  return row;
}

/** The application whose refund the provider names (its webhooks name the refund). */
export async function findApplicationByRefundReference(
  db: Db,
  refundReference: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(operatorApplications)
    .where(eq(operatorApplications.refundReference, refundReference));
  return row;
}

/**
 * Listings' refunds the provider took but whose webhook has not come since `before`: asked
 * about by `recheckListingRefunds`, oldest first.
 */
export async function findStaleListingRefunds(
  db: Db,
  before: Date,
  limit: number,
): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(operatorApplications)
    .where(
      and(
        eq(operatorApplications.refundState, 'pending'),
        isNotNull(operatorApplications.refundReference),
        lt(operatorApplications.refundRequestedAt, before),
      ),
    )
    .orderBy(operatorApplications.refundRequestedAt)
    .limit(limit);
}

/** A pending refund's final state; undefined when it was settled already (a webhook's replay). */
export async function settleApplicationRefundRow(
  db: Db,
  refundReference: string,
  result: { state: 'succeeded' | 'failed'; reason: string | null; at: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(operatorApplications)
    .set({ refundState: result.state, refundFailureReason: result.reason, refundSettledAt: result.at })
    .where(
      and(
        eq(operatorApplications.refundReference, refundReference),
        eq(operatorApplications.refundState, 'pending'),
      ),
    )
    .returning();
  return row;
}

export async function listApplicationRows(
  db: Db,
  filter: { state: ApplicationState | null; limit: number; offset: number },
): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(operatorApplications)
    .where(filter.state === null ? undefined : eq(operatorApplications.state, filter.state))
    .orderBy(desc(operatorApplications.createdAt), desc(operatorApplications.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function countApplications(db: Db, state: ApplicationState | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(operatorApplications)
    .where(state === null ? undefined : eq(operatorApplications.state, state));
  return row?.n ?? 0;
}

/** The slugs among `slugs` that are activity types of the catalogue. */
export async function findActivitySlugs(db: Db, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db
    .select({ slug: activityTypes.slug })
    .from(activityTypes)
    .where(inArray(activityTypes.slug, [...slugs]));
  return new Set(rows.map((row) => row.slug));
}

export async function isRegionOf(db: Db, country: string, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.slug, slug), eq(regions.countryCode, country)));
  return row !== undefined;
}
