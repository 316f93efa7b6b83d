import { z } from 'zod';
import { ZCalendarDate, ZClientId, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_FINDS, MAX_NOTES_LENGTH } from './finds-limits.ts';
import { ZPhotoIds, ZPhotoRef } from './photos.ts';
import { SPECIES_CODES } from './species.ts';

/**
 * Sentiero+ private finds map (issue 15, item 4). A marker belongs to its member only: every
 * endpoint here answers for the member's own markers, another member's id reads as unknown (404).
 *
 * Markers are made on the phone, often with no network: the phone makes the id (a UUID), so a
 * marker sent twice is one marker, and each version carries the phone's `updated_at`, so that the
 * newest version wins whichever arrives last (last writer wins).
 */

/** Markers one member may keep: enough for a lifetime of seasons, small enough to list at once. */
export const MAX_FINDS_PER_MEMBER = 10_000;
/** How far ahead of the server's clock a phone's clock may run before its times are refused. */
export const MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;

const field = (key: string) => ({ error: `field.${key}` });

/** A time as the phone's clock read it, with its offset; years outside 2000–2199 are refused. */
export const ZClientTime = z.iso
  .datetime({ offset: true, ...field('invalid') })
  .refine((value) => /^(20|21)\d\d-/.test(value), field('invalid'));

export const ZSpeciesCode = z.enum(SPECIES_CODES, field('invalid'));

/** A form sends no value as an empty string: read as "none". */
const emptyAsNone = (value: unknown) => (value === '' ? undefined : value);

/** The areas drawn under the markers and offered in the notebook: where mushrooms are picked. */
export const ZForagingArea = z
  .object({
    id: z.number().int(),
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    /** [[south, west], [north, east]] */
    bounds: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]),
    /** The legal daily limit per person, in grams, where the area's rules set one. */
    daily_limit_g: z.number().int().nullable(),
  })
  .meta({ id: 'ForagingArea' });
export type ForagingArea = z.infer<typeof ZForagingArea>;

export const ZFind = z
  .object({
    id: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    /** How sure the phone was of its position, in metres; null when placed by hand. */
    accuracy_m: z.number().int().nullable(),
    species_code: z.string().nullable(),
    found_on: z.string(),
    notes: z.string(),
    /** The member's photos of the find, in the order they were added. */
    photos: z.array(ZPhotoRef),
    created_at: z.string(),
    /** The phone's time of this version: the version with the newest one wins. */
    updated_at: z.string(),
  })
  .meta({ id: 'Find' });
export type Find = z.infer<typeof ZFind>;

const ZCoordinate = (max: number) =>
  z.coerce.number(field('invalid')).min(-max, field('invalid')).max(max, field('invalid'));

export const findList = defineEndpoint({
  path: '/app/find/list',
  kind: 'read',
  access: 'premium',
  cache: 'private',
  tag: 'premium',
  summary:
    "The member's own markers (Sentiero+), newest first, optionally those inside a box (south, west, north, east), with the foraging areas to draw under them.",
  input: z
    .object({
      lng: ZLanguageParam,
      south: z.preprocess(emptyAsNone, ZCoordinate(90).optional()),
      west: z.preprocess(emptyAsNone, ZCoordinate(180).optional()),
      north: z.preprocess(emptyAsNone, ZCoordinate(90).optional()),
      east: z.preprocess(emptyAsNone, ZCoordinate(180).optional()),
    })
    .refine(
      (box) =>
        [box.south, box.west, box.north, box.east].every((side) => side === undefined) ||
        [box.south, box.west, box.north, box.east].every((side) => side !== undefined),
      { path: ['south'], ...field('invalid') },
    ),
  output: z.object({ finds: z.array(ZFind), areas: z.array(ZForagingArea) }),
});

export const findSave = defineEndpoint({
  path: '/app/find/save',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary:
    'Creates or replaces a marker by its phone-made id (Sentiero+). Sending the same version again changes nothing; an older version than the stored one is ignored (`applied: false`) and the stored one is answered.',
  input: z.object({
    lng: ZLanguageParam,
    id: ZClientId,
    latitude: ZCoordinate(90),
    longitude: ZCoordinate(180),
    accuracy_m: z.preprocess(
      emptyAsNone,
      z.coerce.number(field('invalid')).min(0, field('invalid')).max(100_000, field('invalid')).optional(),
    ),
    species_code: z.preprocess(emptyAsNone, ZSpeciesCode.optional()),
    found_on: ZCalendarDate,
    notes: z.string().trim().max(MAX_NOTES_LENGTH, field('tooLong')).default(''),
    /** Photos uploaded before (`app/photo/upload`); one that is not the member's is refused (400). */
    photo_ids: ZPhotoIds.default([]),
    updated_at: ZClientTime,
  }),
  output: z.object({
    find: ZFind,
    /** False when the stored version was newer and was kept. */
    applied: z.boolean(),
    /** The stored version is a delete newer than this save: the marker stays deleted. */
    deleted: z.boolean(),
  }),
});

export const findDelete = defineEndpoint({
  path: '/app/find/delete',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary:
    'Deletes a marker (Sentiero+), as of `deleted_at` on the phone: a delete made offline and sent later still wins over older versions, and loses to newer ones. Deleting twice is one delete.',
  input: z.object({ lng: ZLanguageParam, id: ZClientId, deleted_at: ZClientTime.optional() }),
  output: z.object({ id: z.string(), deleted: z.boolean() }),
});

export const FIND_EXPORT_FORMATS = ['gpx', 'geojson'] as const;
export type FindExportFormat = (typeof FIND_EXPORT_FORMATS)[number];

export const findExport = defineEndpoint({
  path: '/app/find/export',
  kind: 'read',
  access: 'premium',
  cache: 'private',
  tag: 'premium',
  summary:
    "The member's markers as a file to download (Sentiero+): GPX 1.1 waypoints (`application/gpx+xml`) or a GeoJSON FeatureCollection of points (`application/geo+json`).",
  input: z.object({
    lng: ZLanguageParam,
    format: z.enum(FIND_EXPORT_FORMATS, field('invalid')).default('gpx'),
  }),
  output: z.string().meta({ description: 'The GPX or GeoJSON document.' }),
});

/** A file part arrives as bytes; JSON and form fields as text. Bytes must be UTF-8. */
function fileText(value: unknown): unknown {
  if (!(value instanceof Uint8Array)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(value);
  } catch {
    return null;
  }
}

export const findImport = defineEndpoint({
  path: '/app/find/import',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary: `Adds markers from a GPX (waypoints) or GeoJSON (points) file of at most ${MAX_IMPORT_BYTES / 1024} KiB and ${MAX_IMPORT_FINDS} points (Sentiero+). A point already on the map (same place, day and species) is skipped, so importing a file twice adds it once. A file that cannot be read is refused whole, with a 400.`,
  input: z.object({
    lng: ZLanguageParam,
    file: z.preprocess(
      fileText,
      z
        .string(field('importUnreadable'))
        .min(1, field('required'))
        .max(MAX_IMPORT_BYTES, field('importTooLarge')),
    ),
  }),
  output: z.object({ imported: z.number().int(), skipped: z.number().int() }),
});
