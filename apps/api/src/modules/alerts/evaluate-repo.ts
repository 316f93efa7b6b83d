import type { AlertEvent, AlertKind } from '@sentiero/contract/alerts';
import type { GrowthLevel } from '@sentiero/contract/growth';
import type { Db } from '@sentiero/db/client';
import { alertFollows, alertNotifications, areas } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';

/* What the daily evaluation (`evaluate.ts`) reads of the follows, and the notifications it writes. */

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
