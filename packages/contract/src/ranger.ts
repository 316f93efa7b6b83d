import { z } from 'zod';
import { formList, ZClientId, ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { GROWTH_LEVELS } from './growth.ts';
import { ZIssuedTicket } from './my-tickets.ts';
import { ZId } from './paging.ts';
import { MAX_PHOTO_UPLOAD_BYTES } from './photo-files.ts';
import {
  CHAIN_RECORD_KINDS,
  INSPECTION_NOTE_MAX,
  INSPECTION_OUTCOMES,
  INSPECTION_PHOTOS_MAX,
} from './ranger-field.ts';
import { SPECIES_CODES } from './species.ts';

/*
 * Rangers in the field (issue 24, ADR 043): a ranger enrols a phone from a complete console
 * session; afterwards the phone signs each request with its own key (ECDSA P-256, the headers of
 * `ranger-field.ts`) and acts with its ranger's grants: it fetches the signed bundle of its areas,
 * sends the uses it recorded offline, and redeems online.
 */

/** Forms and phones send numbers as text: the coordinate is read as a number, or null. */
const ZCoordinate = (limit: number) => z.coerce.number().min(-limit).max(limit).nullable().default(null);
/** A SHA-256 in hex: a record's place in its chain, or a photo file's bytes. */
export const ZHash = z.string().regex(/^[0-9a-f]{64}$/, { error: 'field.invalid' });

export const ZDevicePublicKey = z
  .object({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    y: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  })
  .meta({ id: 'DevicePublicKey' });

const ZBundleKey = z.object({ key_id: z.string(), alg: z.literal('Ed25519'), x: z.string() });

export const rangerEnrol = defineEndpoint({
  path: '/ranger/device/enrol',
  kind: 'write',
  access: 'field.enrol',
  tag: 'ranger',
  summary:
    "Enrols the ranger's phone: the public half of a key pair it made with WebCrypto (ECDSA P-256, " +
    'the private key not extractable). Needs a console session whose second factor was passed; ' +
    'afterwards the phone signs every request with that key.',
  input: z.object({
    lng: ZLanguageParam,
    label: z.string().trim().min(1).max(80),
    public_key: ZDevicePublicKey,
  }),
  output: z.object({
    device_id: z.number().int(),
    enrolled_at: z.string(),
    /** The key that signs bundles: the phone keeps it to check each bundle offline. */
    bundle_key: ZBundleKey,
  }),
});

/** A ticket as the bundle lists it for an area: revoked ones are in `revoked`, by code. */
export const ZRangerBundleContent = z
  .object({
    version: z.literal(1),
    device_id: z.number().int(),
    issued_at: z.string(),
    expires_at: z.string(),
    /** The keys that sign tickets' QR codes (`ticket-code.ts`). */
    ticket_keys: z.array(ZBundleKey),
    areas: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        time_zone: z.string(),
        rules: z.string(),
        limits: z.string().nullable(),
        daily_limit_g: z.number().int().nullable(),
        growth: z.object({ level: z.number().int(), observed_on: z.string() }).nullable(),
        /** The area's tickets by id, titled in the ranger's language: a compact code carries only the id. */
        tickets: z.array(z.object({ id: z.number().int(), title: z.string() })).default([]),
      }),
    ),
    /** Cancelled or refunded tickets still inside their dates: `encodeRevokedCodes`. */
    revoked: z.object({
      encoding: z.literal('sorted-delta-leb128'),
      count: z.number().int(),
      codes: z.string(),
    }),
    /** Uses recorded so far of tickets with a maximum: [code, uses]. */
    uses: z.array(z.tuple([z.string(), z.number().int()])),
  })
  .meta({ id: 'RangerBundleContent' });
export type RangerBundleContent = z.infer<typeof ZRangerBundleContent>;

export const rangerBundle = defineEndpoint({
  path: '/ranger/bundle',
  kind: 'read',
  access: 'field',
  cache: 'private',
  tag: 'ranger',
  summary:
    "What the phone keeps to judge permits offline, for the ranger's assigned areas (all of them, " +
    'or those asked for; an area not assigned is refused). `payload` is the JSON text of ' +
    '`RangerBundleContent`; `signature` is Ed25519 over `SB1.` and that text, by the bundle key.',
  input: z.object({ lng: ZLanguageParam, area_id: formList(ZId, 100).optional() }),
  output: z.object({
    format: z.literal('SB1'),
    key_id: z.string(),
    issued_at: z.string(),
    expires_at: z.string(),
    payload: z.string(),
    signature: z.string(),
  }),
});

export const ZFieldUse = z.object({
  client_id: ZClientId,
  seq: z.coerce.number().int().min(1).max(2_000_000_000),
  ticket_code: z.string().trim().min(4).max(64),
  device_time: z.iso.datetime({ offset: true }),
  latitude: ZCoordinate(90),
  longitude: ZCoordinate(180),
  prev_hash: ZHash,
  hash: ZHash,
});
export type FieldUse = z.infer<typeof ZFieldUse>;

export const USES_PER_SYNC = 500;

export const rangerUses = defineEndpoint({
  path: '/ranger/uses',
  kind: 'write',
  access: 'field',
  tag: 'ranger',
  summary:
    'The uses the phone recorded offline, in the order of its hash chain. The same `client_id` ' +
    'twice counts once; a use past a ticket maximum is kept and recorded as a conflict; a record ' +
    'whose chain does not hold (a gap, a rewrite) is kept and flagged. The uses-only form of ' +
    '`/ranger/records`, kept for phones that send only uses.',
  input: z.object({ lng: ZLanguageParam, uses: z.array(ZFieldUse).min(1).max(USES_PER_SYNC) }),
  output: z.object({
    results: z.array(
      z.object({
        client_id: z.string(),
        outcome: z.enum(['recorded', 'duplicate', 'unknown_ticket']),
        conflict: z.boolean(),
        chain: z.enum(['ok', 'gap', 'rewrite']),
      }),
    ),
  }),
});

/*
 * Every kind of record in one chain (issue 24, items 5–7; ADR 047): uses, inspections and growth
 * observations share the device's sequence and hash chain (`chainRecordHash` of
 * `ranger-field.ts`), and are sent together, in any mix, to `/ranger/records`.
 */

/** Fields every record carries: its place in the device's chain and where and when it was made. */
const ZRecordCommon = {
  client_id: ZClientId,
  seq: z.coerce.number().int().min(1).max(2_000_000_000),
  device_time: z.iso.datetime({ offset: true }),
  latitude: ZCoordinate(90),
  longitude: ZCoordinate(180),
  prev_hash: ZHash,
  hash: ZHash,
};

export const ZFieldUseRecord = z
  .object({ kind: z.literal('use'), ...ZFieldUse.shape })
  .meta({ id: 'FieldUseRecord' });
export type FieldUseRecord = z.infer<typeof ZFieldUseRecord>;

/** A basket's weight: whole grams, up to 100 kg (nobody carries more out of a wood). */
export const BASKET_MAX_G = 100_000;

export const ZFieldInspectionRecord = z
  .object({
    kind: z.literal('inspection'),
    ...ZRecordCommon,
    area_id: ZId,
    /** The permit's ticket code as scanned or typed, or null: "no permit". Hashed as sent. */
    ticket_code: z.string().min(4).max(64).nullable(),
    outcome: z.enum(INSPECTION_OUTCOMES, { error: 'field.invalid' }),
    /** '' for no note; hashed as sent, so not trimmed. */
    note: z.string().max(INSPECTION_NOTE_MAX),
    basket_g: z.number().int().min(0).max(BASKET_MAX_G).nullable(),
    /** SHA-256 of each photo file's bytes: only these files are accepted by `/ranger/inspection/photo`. */
    photo_hashes: z.array(ZHash).max(INSPECTION_PHOTOS_MAX),
  })
  .meta({ id: 'FieldInspectionRecord' });
export type FieldInspectionRecord = z.infer<typeof ZFieldInspectionRecord>;

export const ZFieldGrowthRecord = z
  .object({
    kind: z.literal('growth'),
    ...ZRecordCommon,
    area_id: ZId,
    level: z.enum(GROWTH_LEVELS, { error: 'field.invalid' }),
    species: z.enum(SPECIES_CODES, { error: 'field.invalid' }).nullable(),
  })
  .meta({ id: 'FieldGrowthRecord' });
export type FieldGrowthRecord = z.infer<typeof ZFieldGrowthRecord>;

export const ZFieldRecord = z
  .discriminatedUnion('kind', [ZFieldUseRecord, ZFieldInspectionRecord, ZFieldGrowthRecord])
  .meta({ id: 'FieldRecord' });
export type FieldRecord = z.infer<typeof ZFieldRecord>;

export const RECORDS_PER_SYNC = USES_PER_SYNC;

/**
 * A basket judged against its area's daily limit: `declared_today_g` is what the same ticket's
 * holder declared in that area on that day (the area's time zone), this basket included, on any
 * device whose records reached the server. `limit_g` null: the area has no weight limit (never over).
 */
export const ZBasketVerdict = z
  .object({ limit_g: z.number().int().nullable(), declared_today_g: z.number().int(), over: z.boolean() })
  .meta({ id: 'BasketVerdict' });
export type BasketVerdict = z.infer<typeof ZBasketVerdict>;

export const ZFieldRecordResult = z
  .object({
    client_id: z.string(),
    kind: z.enum(CHAIN_RECORD_KINDS),
    /**
     * `recorded`; `duplicate` (this client id was received before: nothing counted again);
     * `unknown_ticket` (a use of no ticket we issued); `refused` (an area the ranger does not
     * guard: the record is chained, nothing else is stored).
     */
    outcome: z.enum(['recorded', 'duplicate', 'unknown_ticket', 'refused']),
    /** A use past its ticket's maximum, kept and shown to the operator. */
    conflict: z.boolean(),
    chain: z.enum(['ok', 'gap', 'rewrite']),
    /** An inspection with a weighed basket, as judged when recorded; otherwise null. */
    basket: ZBasketVerdict.nullable(),
  })
  .meta({ id: 'FieldRecordResult' });
export type FieldRecordResult = z.infer<typeof ZFieldRecordResult>;

export const rangerRecords = defineEndpoint({
  path: '/ranger/records',
  kind: 'write',
  access: 'field',
  tag: 'ranger',
  summary:
    "What the phone recorded, of every kind (uses, inspections, growth), processed in the order of the device's one hash chain (`seq`). The same `client_id` twice counts once; a use past a ticket maximum is kept as a conflict; an inspection's basket is judged against its area's daily limit with what the same holder declared that day; a growth record becomes the ranger's observation of the area and day; a record whose chain does not hold (a gap, a rewrite) is kept and flagged; a record of an area the ranger does not guard is chained and refused.",
  input: z.object({ lng: ZLanguageParam, records: z.array(ZFieldRecord).min(1).max(RECORDS_PER_SYNC) }),
  output: z.object({ results: z.array(ZFieldRecordResult) }),
});

export const ZInspectionPhoto = z
  .object({
    /** SHA-256 of the uploaded file's bytes, as the inspection's `photo_hashes` names it. */
    hash: z.string(),
    /** The version in the URLs of its files. */
    v: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'InspectionPhoto' });
export type InspectionPhoto = z.infer<typeof ZInspectionPhoto>;

export const rangerInspectionPhoto = defineEndpoint({
  path: '/ranger/inspection/photo',
  kind: 'write',
  access: 'field',
  tag: 'ranger',
  summary: `One photo of an inspection already sent to \`/ranger/records\`, as a multipart file of at most ${MAX_PHOTO_UPLOAD_BYTES / 1024 / 1024} MB with the inspection's \`client_id\`, signed by the device like every request (the signature covers the body's hash). Accepted only when the file's SHA-256 is one of the inspection's \`photo_hashes\`; stored by the photo pipeline without its metadata (320 and 1600 px, WebP and JPEG). Sending the same file again answers the stored photo.`,
  input: z.object({
    lng: ZLanguageParam,
    client_id: ZClientId,
    file: z.instanceof(Uint8Array, { error: 'field.photoUnreadable' }),
  }),
  output: z.object({ photo: ZInspectionPhoto }),
});

export const rangerRedeem = defineEndpoint({
  path: '/ranger/redeem',
  kind: 'write',
  access: 'field',
  tag: 'ranger',
  summary:
    "Records one use of a ticket at once, online, by the ranger's device. The QR code's signed text " +
    "must carry Sentiero's signature and match the ticket on record; only a ticket code typed by " +
    'hand (`typed`) is looked up without one.',
  input: z.object({
    lng: ZLanguageParam,
    code: z.string().trim().min(4).max(2048),
    typed: ZFormBoolean.optional(),
  }),
  output: z.object({ ticket: ZIssuedTicket, uses_left: z.number().int().nullable() }),
});
