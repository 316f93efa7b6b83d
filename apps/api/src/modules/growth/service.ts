import type { CountryCode } from '@sentiero/contract/common';
import { GROWTH_LEVELS, type GrowthRow, OPEN_GROWTH_DAYS } from '@sentiero/contract/growth';
import type { ServiceContext } from '../../platform/context.ts';
import { findGrowthReports, type GrowthFilter } from './repo.ts';

/**
 * The growth table as everybody sees it: the last OPEN_GROWTH_DAYS reports of each area. The
 * full table belongs to Sentiero+ members.
 */
export async function listGrowthTable(ctx: ServiceContext, filter: GrowthFilter) {
  const rows = await findGrowthReports(ctx.db, ctx.lang, filter, OPEN_GROWTH_DAYS);
  const byArea = new Map<number, GrowthRow>();
  for (const row of rows) {
    let area = byArea.get(row.id);
    if (!area) {
      area = {
        id: row.id,
        slug: row.slug,
        name: row.name,
        region: { id: row.regionId, name: row.regionName },
        country: row.country as CountryCode,
        available: row.available,
        days: [],
      };
      byArea.set(row.id, area);
    }
    area.days.push({ date: row.observedOn, level: GROWTH_LEVELS[row.level] ?? 'poor' });
  }
  return { level_list: [...GROWTH_LEVELS], area_list: [...byArea.values()], full_table: false };
}
