import { z } from 'zod';
import { formList, ZClientId, ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZIssuedTicket } from './my-tickets.ts';
import { ZId } from './paging.ts';

/*
 * Rangers in the field (issue 24, ADR 043): a ranger enrols a phone from a complete console
 * session; afterwards the phone signs each request with its own key (ECDSA P-256, the headers of
 * `ranger-field.ts`) and acts with its ranger's grants: it fetches the signed bundle of its areas,
 * sends the uses it recorded offline, and redeems online.
 */

/** Forms and phones send numbers as text: the coordinate is read as a number, or null. */
const ZCoordinate = (limit: number) => z.coerce.number().min(-limit).max(limit).nullable().default(null);
const ZHash = z.string().regex(/^[0-9a-f]{64}$/, { error: 'field.invalid' });

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
    'whose chain does not hold (a gap, a rewrite) is kept and flagged.',
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
