import type { AlertKind } from '@sentiero/contract/alerts';
import type { GrowthLevel } from '@sentiero/contract/growth';
import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  alertFollows,
  alertNotifications,
  alertSettings,
  areas,
  pushSubscriptions,
} from '@sentiero/db/schema';
import { and, asc, count, eq, inArray } from 'drizzle-orm';

// ── A member's follows, settings and devices ────────────────────────────────────────────────

export function findMemberFollows(db: Db, userId: number, language: Language) {
  return db
    .select({
      areaId: alertFollows.areaId,
      areaName: localized(areas.name, language),
      kinds: alertFollows.kinds,
      minLevel: alertFollows.minLevel,
      byMail: alertFollows.byMail,
      byPush: alertFollows.byPush,
    })
    .from(alertFollows)
    .innerJoin(areas, eq(areas.id, alertFollows.areaId))
    .where(eq(alertFollows.userId, userId))
    .orderBy(asc(alertFollows.createdAt), asc(alertFollows.id));
}

export async function countMemberFollows(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alertFollows).where(eq(alertFollows.userId, userId));
  return row?.n ?? 0;
}

export async function areaExists(db: Db, areaId: number): Promise<boolean> {
  const [row] = await db.select({ id: areas.id }).from(areas).where(eq(areas.id, areaId));
  return row !== undefined;
}

/** Follows the area, or changes what the follow alerts of; its unsubscribe token stays. */
export async function upsertFollow(
  db: Db,
  follow: {
    userId: number;
    areaId: number;
    kinds: AlertKind[];
    minLevel: GrowthLevel;
    byMail: boolean;
    byPush: boolean;
    unsubscribeToken: string;
    now: Date;
  },
): Promise<void> {
  const { unsubscribeToken, now, ...choice } = follow;
  await db
    .insert(alertFollows)
    .values({ ...choice, unsubscribeToken, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [alertFollows.userId, alertFollows.areaId],
      set: {
        kinds: choice.kinds,
        minLevel: choice.minLevel,
        byMail: choice.byMail,
        byPush: choice.byPush,
        updatedAt: now,
      },
    });
}

export async function deleteFollow(db: Db, userId: number, areaId: number): Promise<void> {
  await db.delete(alertFollows).where(and(eq(alertFollows.userId, userId), eq(alertFollows.areaId, areaId)));
}

/** The one-click way out of a mail: the follow goes, and the name of its area comes back. */
export async function deleteFollowByToken(db: Db, token: string, language: Language) {
  const [row] = await db
    .delete(alertFollows)
    .where(eq(alertFollows.unsubscribeToken, token))
    .returning({ areaId: alertFollows.areaId });
  if (!row) return null;
  const [area] = await db
    .select({ name: localized(areas.name, language) })
    .from(areas)
    .where(eq(areas.id, row.areaId));
  return { areaName: area?.name ?? '' };
}

export async function findSettings(db: Db, userId: number) {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return row;
}

export async function upsertSettings(
  db: Db,
  values: { userId: number; quietStart: number; quietEnd: number; timeZone: string; now: Date },
): Promise<void> {
  const { now, ...settings } = values;
  await db
    .insert(alertSettings)
    .values({ ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { ...settings, updatedAt: now } });
}

export async function countMemberDevices(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/**
 * Keeps a device's subscription for the member. A browser that subscribed for another account
 * before (one phone, two members) now belongs to this one: the endpoint is the device.
 */
export async function upsertPushSubscription(
  db: Db,
  values: {
    userId: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    sessionTokenHash: string;
    now: Date;
  },
): Promise<void> {
  const { now, ...subscription } = values;
  await db
    .insert(pushSubscriptions)
    .values({ ...subscription, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        sessionTokenHash: values.sessionTokenHash,
      },
    });
}

/** The devices a session subscribed. */
export async function deleteSessionDevices(db: Db, sessionTokenHash: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionTokenHash, sessionTokenHash));
}

export async function deleteMemberDevices(db: Db, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function deletePushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The push service said 404 or 410: the browser unsubscribed, or the subscription expired. */
export async function deleteGoneSubscriptions(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function markPushed(db: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(pushSubscriptions).set({ lastPushedAt: now }).where(inArray(pushSubscriptions.id, ids));
}

export function findMemberDevices(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
}

/** Account erasure: follows, settings, devices and the notifications told. */
export async function deleteMemberAlerts(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(alertNotifications).where(eq(alertNotifications.userId, userId));
    await tx.delete(alertFollows).where(eq(alertFollows.userId, userId));
    await tx.delete(alertSettings).where(eq(alertSettings.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  });
}
