import { parseCalendarDate } from '@sentiero/contract/durations';
import { MAX_IMPORT_FINDS, MAX_NOTES_LENGTH } from '@sentiero/contract/finds';
import { LANGUAGES } from '@sentiero/contract/languages';
import { findSpecies, isSpeciesCode, SPECIES, type SpeciesCode } from '@sentiero/contract/species';

/**
 * Markers as files the member's other tools read (GPX 1.1 waypoints for GPS units and hiking
 * apps, GeoJSON points for GIS tools), and the same files read back. Pure functions: no database.
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
  | 'importTooLarge';

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

// ── Reading ──────────────────────────────────────────────────────────────────────────────────

/** Any name a member or another app may have used for a species, in any of our languages. */
const SPECIES_BY_NAME = new Map<string, SpeciesCode>(
  SPECIES.flatMap((species) => [
    [species.latin.toLowerCase(), species.code],
    ...LANGUAGES.map((language) => [species.names[language].toLowerCase(), species.code] as const),
  ]),
);

function speciesFrom(type: string | undefined, name: string | undefined): SpeciesCode | null {
  if (type && isSpeciesCode(type.trim())) return type.trim() as SpeciesCode;
  const wanted = name?.trim().toLowerCase();
  if (!wanted) return null;
  // "Porcino (Boletus edulis)", as this file writes names, or a bare name.
  const latin = /\(([^)]+)\)\s*$/.exec(wanted)?.[1];
  return SPECIES_BY_NAME.get(wanted) ?? (latin ? SPECIES_BY_NAME.get(latin) : undefined) ?? null;
}

const dayOf = (value: unknown, today: string): string => {
  const day = typeof value === 'string' ? value.trim().slice(0, 10) : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && parseCalendarDate(day) !== undefined && day >= '1900-01-01'
    ? day
    : today;
};

const validPosition = (latitude: number, longitude: number) =>
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180;

const clip = (text: string) => text.trim().slice(0, MAX_NOTES_LENGTH);

/**
 * Reads a GPX or GeoJSON file into markers, or refuses it whole: a file with one broken point is
 * not half imported. `today` is the day given to points without a date; `unnamed` are the names
 * our own export gives a marker without species (not a label the member wrote), lower case.
 */
export function readFindsFile(
  text: string,
  { today, unnamed = new Set() }: { today: string; unnamed?: ReadonlySet<string> },
): FindFileRow[] {
  const content = text.replace(/^\uFEFF/, '').trimStart();
  const rows = content.startsWith('<')
    ? readGpx(content, today, unnamed)
    : content.startsWith('{')
      ? readGeoJson(content, today, unnamed)
      : null;
  if (rows === null) throw new ImportError('importUnreadable');
  if (rows.length === 0) throw new ImportError('importNoPoints');
  if (rows.length > MAX_IMPORT_FINDS) throw new ImportError('importTooMany');
  return rows;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(text);
  if (cdata) return cdata[1] ?? '';
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      // Only characters text may hold (no NUL, no lone surrogates).
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return ENTITIES[name] ?? whole;
  });
}

/**
 * The text of an element's first `tag` child. Searched with indexOf, never with a backtracking
 * pattern over the body: a hostile file costs time linear in its size.
 */
function child(body: string, tag: string): string | undefined {
  const lower = body.toLowerCase();
  let from = 0;
  for (;;) {
    const start = lower.indexOf(`<${tag}`, from);
    if (start < 0) return undefined;
    const after = lower[start + tag.length + 1];
    if (after !== '>' && after !== ' ' && after !== '\t' && after !== '\n' && after !== '\r') {
      from = start + 1;
      continue;
    }
    const open = lower.indexOf('>', start);
    const close = lower.indexOf(`</${tag}>`, open);
    if (open < 0 || close < 0) return undefined;
    return decodeXml(body.slice(open + 1, close));
  }
}

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i')
    .exec(attributes)
    ?.slice(1)
    .find((v) => v !== undefined);
}

/**
 * GPX 1.0 and 1.1 waypoints (`wpt`). A small reader for the one element we take, not a general
 * XML parser: documents declaring a DTD or entities are refused (no entity expansion, no
 * external fetches), and tracks and routes, which are paths rather than finds, are not read.
 */
function readGpx(text: string, today: string, unnamed: ReadonlySet<string>): FindFileRow[] | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text) || !/<gpx[\s>]/i.test(text)) return null;
  const rows: FindFileRow[] = [];
  const lower = text.toLowerCase();
  for (let at = lower.indexOf('<wpt'); at >= 0; at = lower.indexOf('<wpt', at + 1)) {
    if (rows.length > MAX_IMPORT_FINDS) break;
    const end = lower.indexOf('>', at);
    if (end < 0) return null;
    const selfClosing = text[end - 1] === '/';
    const attributes = text.slice(at + 4, selfClosing ? end - 1 : end);
    const close = selfClosing ? end : lower.indexOf('</wpt>', end);
    if (close < 0) return null;
    const body = selfClosing ? '' : text.slice(end + 1, close);
    const latitude = Number(attribute(attributes, 'lat') ?? Number.NaN);
    const longitude = Number(attribute(attributes, 'lon') ?? Number.NaN);
    if (!validPosition(latitude, longitude)) throw new ImportError('importBadPoint');
    const name = child(body, 'name');
    const speciesCode = speciesFrom(child(body, 'type'), name);
    const description = child(body, 'desc') ?? child(body, 'cmt') ?? '';
    // A name that is not a species is the member's own label: kept in the notes.
    const label =
      speciesCode === null && name?.trim() && !unnamed.has(name.trim().toLowerCase()) ? name.trim() : '';
    rows.push({
      latitude,
      longitude,
      accuracyM: null,
      speciesCode,
      foundOn: dayOf(child(body, 'time'), today),
      notes: clip([label, description.trim()].filter(Boolean).join(' — ')),
    });
  }
  return rows;
}

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** GeoJSON points: a FeatureCollection, a Feature, or MultiPoint geometries of them. */
function readGeoJson(text: string, today: string, unnamed: ReadonlySet<string>): FindFileRow[] | null {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return null;
  }
  const root = record(document);
  const features =
    root?.type === 'FeatureCollection' && Array.isArray(root.features)
      ? root.features
      : root?.type === 'Feature'
        ? [root]
        : null;
  if (!features) return null;
  const rows: FindFileRow[] = [];
  for (const item of features) {
    if (rows.length > MAX_IMPORT_FINDS) break;
    const feature = record(item);
    if (feature?.type !== 'Feature') throw new ImportError('importBadPoint');
    const geometry = record(feature.geometry);
    // Lines and areas are not finds: skipped, like a GPX file's tracks.
    if (geometry?.type !== 'Point' && geometry?.type !== 'MultiPoint') continue;
    const points = (geometry.type === 'Point' ? [geometry.coordinates] : geometry.coordinates) as unknown;
    if (!Array.isArray(points)) throw new ImportError('importBadPoint');
    const properties = record(feature.properties) ?? {};
    const text = (key: string) =>
      typeof properties[key] === 'string' ? (properties[key] as string) : undefined;
    const accuracy = properties.accuracy_m;
    for (const point of points) {
      const [longitude, latitude] = Array.isArray(point) ? point : [];
      if (
        typeof latitude !== 'number' ||
        typeof longitude !== 'number' ||
        !validPosition(latitude, longitude)
      )
        throw new ImportError('importBadPoint');
      const speciesCode = speciesFrom(text('species_code'), text('species') ?? text('name'));
      const name = (text('name') ?? '').trim();
      const label = speciesCode === null && !unnamed.has(name.toLowerCase()) ? name : '';
      rows.push({
        latitude,
        longitude,
        accuracyM:
          typeof accuracy === 'number' && Number.isFinite(accuracy) && accuracy >= 0 && accuracy <= 100_000
            ? Math.round(accuracy)
            : null,
        speciesCode,
        foundOn: dayOf(properties.found_on ?? properties.date ?? properties.time, today),
        notes: clip([label, (text('notes') ?? text('description') ?? '').trim()].filter(Boolean).join(' — ')),
      });
    }
  }
  return rows;
}
