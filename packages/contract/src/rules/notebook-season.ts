import type { OverLimit, SeasonSummary } from '../notebook.ts';

/**
 * The notebook's season arithmetic, applied by the server (the list it answers) and by the phone
 * (entries made offline count at once, and the over-limit warning shows in the woods).
 */

export type SeasonEntry = { day: string; areaId: number | null; speciesCode: string; weightG: number };

type Total = { total_g: number; count: number };

function addTo<K>(totals: Map<K, Total>, key: K, weightG: number) {
  const total = totals.get(key) ?? { total_g: 0, count: 0 };
  total.total_g += weightG;
  total.count += 1;
  totals.set(key, total);
}

const heaviestFirst = (a: Total, b: Total) => b.total_g - a.total_g || b.count - a.count;

/** Totals per species and per area (heaviest first) and per month (in calendar order). */
export function summariseSeason(entries: readonly SeasonEntry[]): SeasonSummary {
  const bySpecies = new Map<string, Total>();
  const byArea = new Map<number | null, Total>();
  const byMonth = new Map<string, Total>();
  let total_g = 0;
  for (const entry of entries) {
    total_g += entry.weightG;
    addTo(bySpecies, entry.speciesCode, entry.weightG);
    addTo(byArea, entry.areaId, entry.weightG);
    addTo(byMonth, entry.day.slice(0, 7), entry.weightG);
  }
  return {
    total_g,
    count: entries.length,
    by_species: [...bySpecies]
      .map(([species_code, total]) => ({ species_code, ...total }))
      .sort((a, b) => heaviestFirst(a, b) || a.species_code.localeCompare(b.species_code)),
    by_area: [...byArea]
      .map(([area_id, total]) => ({ area_id, ...total }))
      .sort((a, b) => heaviestFirst(a, b) || (a.area_id ?? 0) - (b.area_id ?? 0)),
    by_month: [...byMonth]
      .map(([month, total]) => ({ month, ...total }))
      .sort((a, b) => a.month.localeCompare(b.month)),
  };
}

/**
 * The days on which the member's entries in one area weigh more than that area's legal daily
 * limit per person (a day exactly at the limit is within it), newest day first.
 */
export function findDaysOverLimit(
  entries: readonly SeasonEntry[],
  limits: ReadonlyMap<number, number>,
): OverLimit[] {
  const byAreaDay = new Map<string, { area_id: number; day: string; total_g: number }>();
  for (const entry of entries) {
    if (entry.areaId === null || !limits.has(entry.areaId)) continue;
    const key = `${entry.areaId}|${entry.day}`;
    const total = byAreaDay.get(key) ?? { area_id: entry.areaId, day: entry.day, total_g: 0 };
    total.total_g += entry.weightG;
    byAreaDay.set(key, total);
  }
  return [...byAreaDay.values()]
    .map((total) => ({ ...total, limit_g: limits.get(total.area_id) ?? 0 }))
    .filter((total) => total.total_g > total.limit_g)
    .sort((a, b) => b.day.localeCompare(a.day) || a.area_id - b.area_id);
}
