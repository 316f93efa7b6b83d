import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { contactMessages, newsletterSubscriptions } from '@sentiero/db/schema';
import { and, eq, gt, or } from 'drizzle-orm';

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

/** A member's subscription: the one linked to the account, or the one of its address. */
export async function findNewsletterStatus(db: Db, userId: number, email: string | null) {
  const [row] = await db
    .select({ status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .where(
      email
        ? or(eq(newsletterSubscriptions.userId, userId), eq(newsletterSubscriptions.email, email))
        : eq(newsletterSubscriptions.userId, userId),
    );
  return row?.status ?? null;
}

export async function findSubscription(db: Db, email: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return row;
}

/** A new request for the address: pending again with a fresh confirmation token. */
export async function upsertPendingSubscription(
  db: Db,
  values: {
    email: string;
    userId: number | null;
    language: Language;
    confirmTokenHash: string;
    unsubscribeToken: string;
    now: Date;
  },
): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values({
      email: values.email,
      userId: values.userId,
      language: values.language,
      status: 'pending',
      confirmTokenHash: values.confirmTokenHash,
      unsubscribeToken: values.unsubscribeToken,
      requestedAt: values.now,
    })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: {
        status: 'pending',
        confirmTokenHash: values.confirmTokenHash,
        language: values.language,
        requestedAt: values.now,
        unsubscribedAt: null,
        ...(values.userId === null ? {} : { userId: values.userId }),
      },
    });
}

export async function linkSubscription(db: Db, email: string, userId: number): Promise<void> {
  await db.update(newsletterSubscriptions).set({ userId }).where(eq(newsletterSubscriptions.email, email));
}

export async function confirmSubscription(db: Db, confirmTokenHash: string, now: Date, since: Date) {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ status: 'confirmed', consentedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscriptions.confirmTokenHash, confirmTokenHash),
        eq(newsletterSubscriptions.status, 'pending'),
        gt(newsletterSubscriptions.requestedAt, since),
      ),
    )
    .returning({ email: newsletterSubscriptions.email });
  return row ?? null;
}

export async function unsubscribeByToken(db: Db, unsubscribeToken: string, now: Date) {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null })
    .where(eq(newsletterSubscriptions.unsubscribeToken, unsubscribeToken))
    .returning({ email: newsletterSubscriptions.email });
  return row ?? null;
}

export async function unsubscribeByEmail(db: Db, email: string, now: Date): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null })
    .where(eq(newsletterSubscriptions.email, email));
}

export async function insertContactMessage(
  db: Db,
  values: typeof contactMessages.$inferInsert,
): Promise<void> {
  await db.insert(contactMessages).values(values);
}
