import type { AlertEvent, AlertKind } from '@sentiero/contract/alerts';
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
  users,
} from '@sentiero/db/schema';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';

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

// ── The daily evaluation ────────────────────────────────────────────────────────────────────

export async function findFollowedAreas(db: Db) {
  return db
    .selectDistinct({ id: areas.id, timeZone: areas.timeZone })
    .from(alertFollows)
    .innerJoin(areas, eq(areas.id, alertFollows.areaId));
}

export type AlertCandidate = {
  followId: number;
  userId: number;
  areaId: number;
  kinds: AlertKind[];
  minLevel: GrowthLevel;
  byMail: boolean;
  byPush: boolean;
  status: string;
  periodEnd: Date;
  graceUntil: Date | null;
  awaitingApproval: boolean;
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string | null;
  hasDevice: boolean;
  /** Days between `from` and `to` the member holds an active ticket for in the area. */
  ticketDays: string[];
  /** What the member was told about the area since `toldSince`. */
  told: AlertEvent[];
};

/** One page of follows: the candidates among them, and where the next page starts. */
export type AlertCandidatePage = {
  /** The page's follows whose member holds a live membership (entitlement is decided later). */
  candidates: AlertCandidate[];
  /** The last follow id read, with or without a membership: the next page reads after it. */
  lastFollowId: number | null;
  /** Whether the page read as many follows as it could: another page may follow. */
  full: boolean;
};

/**
 * One page of the follows of `areaIds` (by follow id, after `afterId`) with all the evaluation
 * needs, in one statement: the member's live membership (its entitlement is decided by the
 * membership rules, not here), quiet hours, whether a device can receive pushes, the ticket days
 * in the window and what was told of late. Deleted accounts have no follows (erased with them).
 *
 * The page's follows are taken first (`page`, by the primary key) and only then joined: joining
 * first made every page join and sort all the follows and memberships before its limit (about a
 * second a page at 100,000 followers, twenty pages). JIT compilation is off for the statement:
 * the planner prices thousands of small correlated lookups far above `jit_above_cost`, and
 * compiling them took longer than running them.
 */
export async function findAlertCandidates(
  db: Db,
  page: { areaIds: number[]; from: string; to: string; toldSince: string; afterId: number; limit: number },
): Promise<AlertCandidatePage> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(sql`
      with page as materialized (
        select f.id, f.user_id, f.area_id, f.kinds, f.min_level, f.by_mail, f.by_push
        from alert_follows f
        where f.area_id = any(${`{${page.areaIds.join(',')}}`}::int[]) and f.id > ${page.afterId}
        order by f.id
        limit ${page.limit}
      )
      select f.id as "followId", f.user_id as "userId", f.area_id as "areaId", f.kinds, f.min_level as "minLevel",
        f.by_mail as "byMail", f.by_push as "byPush",
        s.status, s.period_end as "periodEnd", s.grace_until as "graceUntil",
        s.awaiting_approval as "awaitingApproval",
        st.quiet_start as "quietStart", st.quiet_end as "quietEnd", st.time_zone as "timeZone",
        exists (select 1 from push_subscriptions p where p.user_id = f.user_id) as "hasDevice",
        coalesce((
          select array_agg(distinct to_char(d, 'YYYY-MM-DD'))
          from issued_tickets it
          join orders o on o.id = it.order_id
          join tickets t on t.id = it.ticket_id,
          generate_series(greatest(it.valid_from, ${page.from}::date), least(it.valid_until, ${page.to}::date), interval '1 day') d
          where o.user_id = f.user_id and t.area_id = f.area_id and it.status = 'active'
            and it.valid_from <= ${page.to}::date and it.valid_until >= ${page.from}::date
        ), '{}') as "ticketDays",
        coalesce((
          select jsonb_agg(e) from alert_notifications n, jsonb_array_elements(n.events) e
          where n.user_id = f.user_id and n.area_id = f.area_id and n.day >= ${page.toldSince}::date
        ), '[]'::jsonb) as told
      from page f
      -- At most one live membership per member (a partial unique index): looked up by it, row by row.
      left join lateral (
        select s.status, s.period_end, s.grace_until, s.awaiting_approval
        from subscriptions s where s.user_id = f.user_id and s.status <> 'expired'
        limit 1
      ) s on true
      left join alert_settings st on st.user_id = f.user_id
      order by f.id`);
  });
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const last = rows.at(-1);
  return {
    candidates: rows
      .filter((row) => row.status !== null)
      .map((row) => ({
        ...(row as unknown as AlertCandidate),
        periodEnd: new Date(row.periodEnd as string),
        graceUntil: row.graceUntil ? new Date(row.graceUntil as string) : null,
        told: (typeof row.told === 'string' ? JSON.parse(row.told) : row.told) as AlertEvent[],
      })),
    lastFollowId: last ? (last.followId as number) : null,
    full: rows.length === page.limit,
  };
}

export type NewNotification = {
  userId: number;
  areaId: number;
  followId: number;
  day: string;
  events: AlertEvent[];
  byMail: boolean;
  pushAfter: Date | null;
};

/**
 * Writes the notifications; one that already exists for the member, area and day (the unique
 * index) is skipped, so a second run or a second worker tells nobody twice.
 */
export async function insertNotifications(db: Db, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return db.insert(alertNotifications).values(rows).onConflictDoNothing().returning({
    id: alertNotifications.id,
    pushAfter: alertNotifications.pushAfter,
    byMail: alertNotifications.byMail,
  });
}

// ── Sending ─────────────────────────────────────────────────────────────────────────────────

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
