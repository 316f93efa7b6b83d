import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';
import { PHOTO_FORMATS, PHOTO_SIZES } from './photo-files.ts';
import { ZBasketVerdict, ZHash, ZInspectionPhoto } from './ranger.ts';
import { INSPECTION_OUTCOMES } from './ranger-field.ts';

/* The console's side: the operator's rangers' devices, revocation, conflicts, broken chains. */

export const ZRangerDevice = z
  .object({
    id: z.number().int(),
    label: z.string(),
    ranger: z.string(),
    operator: z.string(),
    enrolled_at: z.string(),
    last_sync_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'RangerDevice' });

export const consoleRangerDevices = defineEndpoint({
  path: '/console/ranger/devices',
  kind: 'read',
  access: 'devices.manage',
  cache: 'private',
  tag: 'console',
  summary:
    "The devices of the operator's rangers with their last sync, the uses recorded past a ticket's " +
    'maximum (both devices), and the hash chains that did not hold.',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({
    devices: z.array(ZRangerDevice),
    conflicts: z.array(
      z.object({
        id: z.number().int(),
        ticket_code: z.string(),
        detected_at: z.string(),
        used_at: z.string(),
        device: z.string(),
        ranger: z.string(),
        other_used_at: z.string(),
        other_device: z.string(),
        other_ranger: z.string(),
      }),
    ),
    chain_breaks: z.array(
      z.object({
        id: z.number().int(),
        device: z.string(),
        ranger: z.string(),
        seq: z.number().int(),
        kind: z.enum(['gap', 'rewrite']),
        detected_at: z.string(),
      }),
    ),
  }),
});

export const consoleRangerDeviceRevoke = defineEndpoint({
  path: '/console/ranger/device/revoke',
  kind: 'write',
  access: 'devices.manage',
  tag: 'console',
  summary: "Revokes a ranger's device at once: its next request is refused.",
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: z.object({ device: ZRangerDevice }),
});

/* The console's inspections (issue 24, item 5): per area and day, and as CSV. */

export const INSPECTIONS_PAGE_SIZE = 50;

const ZInspectionFilter = {
  /** An area the caller's grants cover; another is 404. */
  area_id: ZId.optional(),
  /** A day in the area's time zone. */
  date: ZCalendarDate.optional(),
};

export const ZRangerInspection = z
  .object({
    id: z.number().int(),
    client_id: z.string(),
    area: z.object({ id: z.number().int(), name: z.string() }),
    /** The day of `device_time` in the area's time zone. */
    date: z.string(),
    device_time: z.string(),
    received_at: z.string(),
    outcome: z.enum(INSPECTION_OUTCOMES),
    note: z.string(),
    /** As the ranger scanned or typed it; null: no permit. */
    ticket_code: z.string().nullable(),
    /** The ticket the code names, when it is one we issued. */
    ticket: z.object({ holder: z.string(), title: z.string() }).nullable(),
    basket_g: z.number().int().nullable(),
    basket: ZBasketVerdict.nullable(),
    ranger: z.string(),
    device: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** The photos received so far, in the order the inspection names them. */
    photos: z.array(ZInspectionPhoto),
    /** Photos the inspection names that have not arrived yet. */
    photos_missing: z.number().int(),
    chain: z.enum(['ok', 'gap', 'rewrite']),
  })
  .meta({ id: 'RangerInspection' });
export type RangerInspection = z.infer<typeof ZRangerInspection>;

export const consoleRangerInspections = defineEndpoint({
  path: '/console/ranger/inspections',
  kind: 'read',
  access: 'devices.manage',
  cache: 'private',
  tag: 'console',
  summary:
    "The inspections the operator's rangers recorded, newest first, 50 a page: of one area and one day (the area's time zone) when given. An area outside the caller's grants is 404.",
  input: z.object({ lng: ZLanguageParam, ...ZInspectionFilter, page: ZPageParam }),
  output: z.object({ inspections: z.array(ZRangerInspection), ...ZPaging }),
});

export const consoleRangerInspectionsExport = defineEndpoint({
  path: '/console/ranger/inspections/export.csv',
  kind: 'read',
  access: 'devices.manage',
  tag: 'console',
  summary:
    "The same inspections as CSV (UTF-8 with BOM, `;`-separated, headers in the request's language), every one the filter finds; the export is written to the audit log with its filter.",
  input: z.object({ lng: ZLanguageParam, ...ZInspectionFilter }),
  output: z
    .string()
    .meta({ description: 'The CSV file, one inspection a row.', contentMediaType: 'text/csv' }),
});

export const consoleRangerInspectionPhotoFile = defineEndpoint({
  path: '/console/ranger/inspection/photo/file',
  kind: 'read',
  access: 'devices.manage',
  cache: 'private',
  tag: 'console',
  summary:
    "One file of an inspection's photo: `size` thumb (320 px wide) or large (1600 px), `format` webp or jpeg, `v` its version. An inspection outside the caller's grants, or a wrong version, is 404.",
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    hash: ZHash,
    size: z.enum(PHOTO_SIZES, { error: 'field.invalid' }),
    format: z.enum(PHOTO_FORMATS, { error: 'field.invalid' }).default('webp'),
    v: z.string().max(64),
  }),
  output: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array)
    .meta({ description: 'The image (image/webp or image/jpeg).' }),
});
