import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { alertFollows, alertNotifications, areas, users } from '@sentiero/db/schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

/* The notifications `send.ts` tells by mail and push: claimed once, given back when a send fails. */

/**
 * Claims the mails of these notifications not sent yet (`mailed_at` set now), with what the mail
 * says: a notification's mail is claimed once, whichever job or worker gets there first.
 */
export async function claimMails(db: Db, ids: number[], now: Date) {
  if (ids.length === 0) return [];
  const claimed = await db
    .update(alertNotifications)
    .set({ mailedAt: now })
    .where(
      and(
        inArray(alertNotifications.id, ids),
        eq(alertNotifications.byMail, true),
        isNull(alertNotifications.mailedAt),
      ),
    )
    .returning({ id: alertNotifications.id });
  return findNotificationsToTell(
    db,
    claimed.map((row) => row.id),
  );
}

/** Claims the pushes of these notifications that are due (quiet hours over) and not sent yet. */
export async function claimPushes(db: Db, ids: number[], now: Date) {
  if (ids.length === 0) return [];
  const claimed = await db
    .update(alertNotifications)
    .set({ pushedAt: now })
    .where(
      and(
        inArray(alertNotifications.id, ids),
        isNull(alertNotifications.pushedAt),
        sql`${alertNotifications.pushAfter} <= ${now}`,
      ),
    )
    .returning({ id: alertNotifications.id });
  return findNotificationsToTell(
    db,
    claimed.map((row) => row.id),
  );
}

/** A send that failed gives its claim back, so the job's retry sends it. */
export async function releaseClaims(db: Db, kind: 'mail' | 'push', ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(alertNotifications)
    .set(kind === 'mail' ? { mailedAt: null } : { pushedAt: null })
    .where(inArray(alertNotifications.id, ids));
}

function findNotificationsToTell(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: alertNotifications.id,
      userId: alertNotifications.userId,
      areaId: alertNotifications.areaId,
      areaName: localized(areas.name, users.language),
      events: alertNotifications.events,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      unsubscribeToken: alertFollows.unsubscribeToken,
    })
    .from(alertNotifications)
    .innerJoin(users, eq(users.id, alertNotifications.userId))
    .innerJoin(areas, eq(areas.id, alertNotifications.areaId))
    .leftJoin(alertFollows, eq(alertFollows.id, alertNotifications.followId))
    .where(and(inArray(alertNotifications.id, ids), isNull(users.deletedAt)));
}

export type NotificationToTell = Awaited<ReturnType<typeof findNotificationsToTell>>[number];
