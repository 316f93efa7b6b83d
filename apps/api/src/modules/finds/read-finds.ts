import { parseCalendarDate } from '@sentiero/contract/durations';
import { MAX_IMPORT_FINDS, MAX_IMPORT_NAME_LENGTH, MAX_NOTES_LENGTH } from '@sentiero/contract/finds-limits';
import { LANGUAGES } from '@sentiero/contract/languages';
import { isSpeciesCode, type SpeciesCode } from '@sentiero/contract/species';
import { SPECIES } from '@sentiero/contract/species-list';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type FindFileRow, ImportError } from './files.ts';

/*
 * GPX and GeoJSON files read back into markers (ADR 024). A file is up to 1 MiB and any text in
 * it may be that long, so every text is cut to its bound before anything else reads it, and no
 * pattern that can backtrack runs over a file's text: a name of 100,000 "(" once held the
 * process for seconds, and 1 MiB of them for minutes.
 */

/** A species code, a type, a date: short words; anything longer is not one of ours. */
const MAX_WORD_LENGTH = 64;

/** The first `max` characters of a text, never ending in half of a surrogate pair. */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Any name a member or another app may have used for a species, in any of our languages. */
const SPECIES_BY_NAME = new Map<string, SpeciesCode>(
  SPECIES.flatMap((species) => [
    [species.latin.toLowerCase(), species.code],
    ...LANGUAGES.map((language) => [species.names[language].toLowerCase(), species.code] as const),
  ]),
);

/** "boletus edulis" out of "porcino (boletus edulis)", as our export writes names. */
function latinOf(name: string): string | undefined {
  if (!name.endsWith(')')) return undefined;
  const open = name.lastIndexOf('(');
  return open < 0 ? undefined : name.slice(open + 1, -1);
}

/** The species a file's type or name says, from bounded texts (see `bounded`). */
export function speciesFrom(type: string | undefined, name: string | undefined): SpeciesCode | null {
  const code = type?.trim();
  if (code && isSpeciesCode(code)) return code;
  const wanted = name?.trim().toLowerCase();
  if (!wanted) return null;
  const latin = latinOf(wanted);
  return SPECIES_BY_NAME.get(wanted) ?? (latin ? SPECIES_BY_NAME.get(latin) : undefined) ?? null;
}

const dayOf = (value: unknown, today: string): string => {
  const day = typeof value === 'string' ? bounded(value, MAX_WORD_LENGTH).trim().slice(0, 10) : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && parseCalendarDate(day) !== undefined && day >= '1900-01-01'
    ? day
    : today;
};

const validPosition = (latitude: number, longitude: number) =>
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180;

/**
 * A marker's notes: a name that is not a species is the member's own label, kept before the
 * description. `unnamed` are the names our own export gives a marker without species.
 */
function notesOf(
  name: string,
  description: string,
  speciesCode: SpeciesCode | null,
  unnamed: ReadonlySet<string>,
): string {
  const label = speciesCode === null && !unnamed.has(name.trim().toLowerCase()) ? name.trim() : '';
  return bounded([label, description.trim()].filter(Boolean).join(' — '), MAX_NOTES_LENGTH);
}

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

// ── GPX ──────────────────────────────────────────────────────────────────────────────────────

/**
 * fast-xml-parser with every expansion off: no DTD is read (a document declaring one is refused
 * before parsing), no entity is expanded, attributes and values stay strings, and nesting deeper
 * than any GPX file's is refused (a GPX waypoint's extensions are a few levels deep).
 */
const gpxParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  maxNestedTags: 32,
});

/** A node of `preserveOrder` output: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
type XmlNode = Record<string, unknown>;

const tagOf = (node: XmlNode) =>
  Object.keys(node)
    .find((key) => key !== ':@')
    ?.toLowerCase();
const childrenOf = (node: XmlNode) => {
  const key = Object.keys(node).find((name) => name !== ':@');
  const children = key === undefined ? undefined : node[key];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
};

/** The five predefined entities and character references: the only ones a GPX file may use. */
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,4});/gi, (whole, name: string) => {
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

/** The text of an element's first `tag` child (text and CDATA, in order), cut to `max`. */
function childText(children: readonly XmlNode[], tag: string, max: number): string | undefined {
  const element = children.find((node) => tagOf(node) === tag);
  if (!element) return undefined;
  let text = '';
  for (const part of childrenOf(element)) {
    if (text.length >= max) break;
    if (typeof part['#text'] === 'string') text += decodeXml(bounded(part['#text'], max));
    else if (Array.isArray(part['#cdata'])) {
      for (const inner of part['#cdata'] as XmlNode[]) {
        if (typeof inner['#text'] === 'string') text += bounded(inner['#text'], max);
      }
    }
  }
  return bounded(text, max);
}

function attribute(node: XmlNode, name: string): string | undefined {
  const attributes = node[':@'];
  if (attributes === null || typeof attributes !== 'object') return undefined;
  const key = Object.keys(attributes).find((key) => key.toLowerCase() === name);
  const value = key === undefined ? undefined : (attributes as Record<string, unknown>)[key];
  return typeof value === 'string' ? bounded(value, MAX_WORD_LENGTH) : undefined;
}

/**
 * GPX 1.0 and 1.1 waypoints (`wpt`). Documents declaring a DTD or entities are refused (no entity
 * expansion, no external fetches), and tracks and routes, which are paths rather than finds, are
 * not read.
 */
function readGpx(text: string, today: string, unnamed: ReadonlySet<string>): FindFileRow[] | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text) || XMLValidator.validate(text) !== true) return null;
  let document: XmlNode[];
  try {
    document = gpxParser.parse(text) as XmlNode[];
  } catch {
    return null;
  }
  const root = document.find((node) => tagOf(node) === 'gpx');
  if (!root) return null;
  const rows: FindFileRow[] = [];
  for (const waypoint of childrenOf(root)) {
    if (tagOf(waypoint) !== 'wpt') continue;
    if (rows.length > MAX_IMPORT_FINDS) break;
    const latitude = Number(attribute(waypoint, 'lat') ?? Number.NaN);
    const longitude = Number(attribute(waypoint, 'lon') ?? Number.NaN);
    if (!validPosition(latitude, longitude)) throw new ImportError('importBadPoint');
    const body = childrenOf(waypoint);
    const name = childText(body, 'name', MAX_IMPORT_NAME_LENGTH) ?? '';
    const speciesCode = speciesFrom(childText(body, 'type', MAX_WORD_LENGTH), name);
    const description =
      childText(body, 'desc', MAX_NOTES_LENGTH) ?? childText(body, 'cmt', MAX_NOTES_LENGTH) ?? '';
    rows.push({
      latitude,
      longitude,
      accuracyM: null,
      speciesCode,
      foundOn: dayOf(childText(body, 'time', MAX_WORD_LENGTH), today),
      notes: notesOf(name, description, speciesCode, unnamed),
    });
  }
  return rows;
}

// ── GeoJSON ──────────────────────────────────────────────────────────────────────────────────

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
    const text = (key: string, max: number) =>
      typeof properties[key] === 'string' ? bounded(properties[key] as string, max) : undefined;
    const name = text('name', MAX_IMPORT_NAME_LENGTH) ?? '';
    const speciesCode = speciesFrom(
      text('species_code', MAX_WORD_LENGTH),
      text('species', MAX_IMPORT_NAME_LENGTH) ?? name,
    );
    const description = text('notes', MAX_NOTES_LENGTH) ?? text('description', MAX_NOTES_LENGTH) ?? '';
    const accuracy = properties.accuracy_m;
    for (const point of points) {
      if (rows.length > MAX_IMPORT_FINDS) break;
      const [longitude, latitude] = Array.isArray(point) ? point : [];
      if (
        typeof latitude !== 'number' ||
        typeof longitude !== 'number' ||
        !validPosition(latitude, longitude)
      )
        throw new ImportError('importBadPoint');
      rows.push({
        latitude,
        longitude,
        accuracyM:
          typeof accuracy === 'number' && Number.isFinite(accuracy) && accuracy >= 0 && accuracy <= 100_000
            ? Math.round(accuracy)
            : null,
        speciesCode,
        foundOn: dayOf(properties.found_on ?? properties.date ?? properties.time, today),
        notes: notesOf(name, description, speciesCode, unnamed),
      });
    }
  }
  return rows;
}
