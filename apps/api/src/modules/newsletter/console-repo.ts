import type { Db } from '@sentiero/db/client';
import { type NewsletterIssueState, newsletterIssues, newsletterSubscriptions } from '@sentiero/db/schema';
import { count, desc, eq } from 'drizzle-orm';

/** The console's list of issues, newest first (ADR 038). */
export async function findIssuePage(
  db: Db,
  state: NewsletterIssueState | undefined,
  page: { limit: number; offset: number },
) {
  const where = state ? eq(newsletterIssues.state, state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterIssues)
      .where(where)
      .orderBy(desc(newsletterIssues.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(newsletterIssues).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Confirmed subscribers per language: who an issue would reach now, and in which language. */
export async function countConfirmedByLanguage(db: Db) {
  return db
    .select({ language: newsletterSubscriptions.language, total: count() })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.status, 'confirmed'))
    .groupBy(newsletterSubscriptions.language);
}
