import type { Season } from '@sentiero/contract/durations';
import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  activityTypes,
  areaGrowthLevels,
  areas,
  growthObservations,
  growthReports,
  growthUnlocks,
  regions,
  tickets,
} from '@sentiero/db/schema';
import { and, asc, between, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

export type GrowthFilter = { country?: string | undefined; regionId?: number | undefined };

/** Whether the area sells an active mushroom-foraging permit. */
const sellsMushroomForaging = sql`exists (select 1 from ${tickets} inner join ${activityTypes} on ${activityTypes.id} = ${tickets.activityTypeId} where ${tickets.areaId} = ${areas.id} and ${tickets.status} = 'published' and ${activityTypes.slug} = 'mushroom-foraging')`;
const reportsGrowth = sql`(exists (select 1 from ${areaGrowthLevels} where ${areaGrowthLevels.areaId} = ${areas.id}) or exists (select 1 from ${growthObservations} where ${growthObservations.areaId} = ${areas.id}))`;
/**
 * The growth table's areas: those whose growth members or staff reported, or that sell mushroom
 * foraging (forecast, not yet reported).
 */
const isGrowthArea = sql`(${reportsGrowth} or ${sellsMushroomForaging})`;

/**
 * Each growth area with its `days` newest reports, one row per report (one row with no report
 * for an area that has none yet), areas in map order.
 */
export function findGrowthReports(db: Db, language: Language, filter: GrowthFilter, days: number) {
  const reports = db
    .select({ observedOn: areaGrowthLevels.observedOn, level: areaGrowthLevels.level })
    .from(areaGrowthLevels)
    .where(eq(areaGrowthLevels.areaId, areas.id))
    .orderBy(desc(areaGrowthLevels.observedOn))
    .limit(days)
    .as('reports');
  const conditions: SQL[] = [isGrowthArea];
  if (filter.country) conditions.push(eq(regions.countryCode, filter.country));
  if (filter.regionId !== undefined) conditions.push(eq(areas.regionId, filter.regionId));
  return db
    .select({
      id: areas.id,
      slug: areas.slug,
      name: localized(areas.name, language),
      available: areas.available,
      regionId: regions.id,
      regionName: localized(regions.name, language),
      country: regions.countryCode,
      observedOn: reports.observedOn,
      level: reports.level,
    })
    .from(areas)
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .leftJoinLateral(reports, sql`true`)
    .where(and(...conditions))
    .orderBy(asc(regions.countryCode), asc(regions.id), asc(areas.id), desc(reports.observedOn));
}

/** A growth area's calendar, or nothing for an area that is not one (or does not exist). */
export async function findGrowthArea(db: Db, areaId: number): Promise<{ timeZone: string } | undefined> {
  const [row] = await db
    .select({ timeZone: areas.timeZone })
    .from(areas)
    .where(and(eq(areas.id, areaId), isGrowthArea));
  return row;
}

export async function findUnlockedAreaIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ areaId: growthUnlocks.areaId })
    .from(growthUnlocks)
    .where(eq(growthUnlocks.userId, userId));
  return rows.map((row) => row.areaId);
}

/**
 * Unlocks an area for a member, within their allowance: the member's unlocks are counted under a
 * lock of theirs, so two unlocks sent at once cannot pass the limit together.
 */
export async function insertUnlock(db: Db, userId: number, areaId: number, allowance: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('growth_unlocks'), ${userId})`);
    await tx.execute(sql`
      insert into growth_unlocks (user_id, area_id)
      select ${userId}, ${areaId}
      where (select count(*) from growth_unlocks where user_id = ${userId}) < ${allowance}
      on conflict do nothing`);
  });
}

/**
 * The areas the growth forecast covers, with their calendar and the seasons of the mushroom
 * permits they sell (null for a permit without one): by default the areas that sell mushroom
 * foraging or report growth, or exactly `areaIds`. Areas have no season of their own; their
 * permits' seasons are what the area's rules allow.
 */
export function findForecastAreas(db: Db, areaIds?: readonly number[]) {
  const permits = db
    .select({
      areaId: tickets.areaId,
      seasons: sql<(Season | null)[]>`jsonb_agg(${tickets.season})`.as('seasons'),
    })
    .from(tickets)
    .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
    .where(and(eq(tickets.status, 'published'), eq(activityTypes.slug, 'mushroom-foraging')))
    .groupBy(tickets.areaId)
    .as('permits');
  return db
    .select({ id: areas.id, timeZone: areas.timeZone, seasons: permits.seasons })
    .from(areas)
    .leftJoin(permits, eq(permits.areaId, areas.id))
    .where(
      areaIds ? inArray(areas.id, [...areaIds]) : sql`(${permits.areaId} is not null or ${reportsGrowth})`,
    )
    .orderBy(asc(areas.id));
}

/** The levels reported in the areas between two days (the day's level, 0 poor … 5 miraculous). */
export function findReportedLevels(db: Db, areaIds: readonly number[], from: string, to: string) {
  return db
    .select({
      areaId: areaGrowthLevels.areaId,
      date: areaGrowthLevels.observedOn,
      level: areaGrowthLevels.level,
    })
    .from(areaGrowthLevels)
    .where(
      and(inArray(areaGrowthLevels.areaId, [...areaIds]), between(areaGrowthLevels.observedOn, from, to)),
    );
}

export type GrowthReport = { userId: number; areaId: number; day: string; level: number };

/**
 * Writes a member's report of the day (replacing their earlier one) and recounts the area's level
 * for the day as the rounded mean of its reports, under a lock of the area and day: two reports
 * sent at once are both counted. Answers the day's level and how many reports made it.
 */
export async function saveGrowthReport(
  db: Db,
  report: GrowthReport,
): Promise<{ level: number; reports: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('growth_reports'), hashtext(${`${report.areaId}|${report.day}`}))`,
    );
    await tx
      .insert(growthReports)
      .values({ userId: report.userId, areaId: report.areaId, observedOn: report.day, level: report.level })
      .onConflictDoUpdate({
        target: [growthReports.userId, growthReports.areaId, growthReports.observedOn],
        set: { level: report.level, reportedAt: sql`now()` },
      });
    const [day] = await tx
      .select({
        level: sql<number>`round(avg(${growthReports.level}))::int`,
        reports: sql<number>`count(*)::int`,
      })
      .from(growthReports)
      .where(and(eq(growthReports.areaId, report.areaId), eq(growthReports.observedOn, report.day)));
    const counted = { level: day?.level ?? report.level, reports: day?.reports ?? 1 };
    await tx
      .insert(areaGrowthLevels)
      .values({ areaId: report.areaId, observedOn: report.day, level: counted.level })
      .onConflictDoUpdate({
        target: [areaGrowthLevels.areaId, areaGrowthLevels.observedOn],
        set: { level: counted.level },
      });
    return counted;
  });
}
