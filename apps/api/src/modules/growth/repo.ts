import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { areaGrowthLevels, areas, regions } from '@sentiero/db/schema';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';

export type GrowthFilter = { country?: string | undefined; regionId?: number | undefined };

/** Each reporting area with its `days` newest reports, one row per report, areas in map order. */
export function findGrowthReports(db: Db, language: Language, filter: GrowthFilter, days: number) {
  const reports = db
    .select({ observedOn: areaGrowthLevels.observedOn, level: areaGrowthLevels.level })
    .from(areaGrowthLevels)
    .where(eq(areaGrowthLevels.areaId, areas.id))
    .orderBy(desc(areaGrowthLevels.observedOn))
    .limit(days)
    .as('reports');
  const conditions: SQL[] = [];
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
    .innerJoinLateral(reports, sql`true`)
    .where(and(...conditions))
    .orderBy(asc(regions.countryCode), asc(regions.id), asc(areas.id), desc(reports.observedOn));
}
