import type { LANGUAGES } from '@sentiero/contract/languages';
import { findSpecies, type SpeciesCode } from '@sentiero/contract/species';

/**
 * Markers as files the member's other tools read (GPX 1.1 waypoints for GPS units and hiking
 * apps, GeoJSON points for GIS tools). Pure functions: no database. The same files are read back
 * by `read-finds.ts`, on a thread of their own (`import-thread.ts`).
 */

export type FindFileRow = {
  latitude: number;
  longitude: number;
  accuracyM: number | null;
  speciesCode: SpeciesCode | null;
  foundOn: string;
  notes: string;
};

/** Why a file was refused: a key of the `field` error messages, given for the `file` field. */
export type ImportProblem =
  | 'importUnreadable'
  | 'importNoPoints'
  | 'importBadPoint'
  | 'importTooMany'
  | 'importTooLarge'
  | 'importTooSlow';

export class ImportError extends Error {
  readonly problem: ImportProblem;
  constructor(problem: ImportProblem) {
    super(problem);
    this.problem = problem;
  }
}

// ── Writing ──────────────────────────────────────────────────────────────────────────────────

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The species' name in the member's language, with its Latin name: what a GPS unit lists. */
function waypointName(row: FindFileRow, language: (typeof LANGUAGES)[number], fallback: string): string {
  const species = findSpecies(row.speciesCode);
  return species ? `${species.names[language]} (${species.latin})` : fallback;
}

/**
 * GPX 1.1: one waypoint per marker, in the schema's element order (time, name, desc, type). The
 * day is written as noon UTC, so that no time zone moves it to another day; the species code
 * travels in `type`, so the file comes back with its species.
 */
export function writeGpx(
  rows: readonly FindFileRow[],
  {
    language,
    title,
    fallbackName,
    now,
  }: { language: (typeof LANGUAGES)[number]; title: string; fallbackName: string; now: Date },
): string {
  const waypoints = rows.map((row) => {
    const parts = [
      `<time>${row.foundOn}T12:00:00Z</time>`,
      `<name>${escapeXml(waypointName(row, language, fallbackName))}</name>`,
      row.notes ? `<desc>${escapeXml(row.notes)}</desc>` : '',
      row.speciesCode ? `<type>${row.speciesCode}</type>` : '',
    ].filter(Boolean);
    return `  <wpt lat="${row.latitude}" lon="${row.longitude}">\n    ${parts.join('\n    ')}\n  </wpt>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Sentiero" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
    `  <metadata><name>${escapeXml(title)}</name><time>${now.toISOString()}</time></metadata>`,
    ...waypoints,
    '</gpx>',
    '',
  ].join('\n');
}

/** RFC 7946: a FeatureCollection of points, longitude first. */
export function writeGeoJson(rows: readonly FindFileRow[], language: (typeof LANGUAGES)[number]): string {
  return `${JSON.stringify(
    {
      type: 'FeatureCollection',
      features: rows.map((row) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [row.longitude, row.latitude] },
        properties: {
          found_on: row.foundOn,
          species_code: row.speciesCode,
          species: findSpecies(row.speciesCode)?.names[language] ?? null,
          notes: row.notes,
          accuracy_m: row.accuracyM,
        },
      })),
    },
    null,
    1,
  )}\n`;
}
