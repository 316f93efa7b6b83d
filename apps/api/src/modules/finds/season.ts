import type { OverLimit, SeasonSummary } from '@sentiero/contract/notebook';

/** The notebook's arithmetic, apart from the database: season totals, daily limits, the CSV file. */

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

/**
 * A CSV field: quoted when it holds the separator, a quote or a line break; and a text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return) is written with a
 * leading apostrophe, so opening one's notebook never runs what was typed into it.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The notebook as Excel opens it on an Italian (or German, Spanish, Slovenian) computer:
 * - fields separated by semicolons: where the comma is the decimal separator, Excel's list
 *   separator is the semicolon, and a comma-separated file opens as one column;
 * - UTF-8 with a byte-order mark: without it Excel reads a CSV in the Windows code page and
 *   «Jurček», «Níscalo» or «è» come out garbled;
 * - CRLF line ends, as RFC 4180 and Excel write them.
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
