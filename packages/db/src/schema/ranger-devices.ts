import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { operators, staffAccounts } from './staff.ts';

/** The public half of a device's ECDSA P-256 key, as WebCrypto exports it (JWK). */
export type DevicePublicJwk = { kty: 'EC'; crv: 'P-256'; x: string; y: string };

/**
 * A ranger's phone (issue 24, ADR 043): enrolled once from a complete staff session, it then
 * signs every request with a key that never leaves it. Revoking is setting `revoked_at`: the
 * device's next request is refused.
 */
export const rangerDevices = pgTable(
  'ranger_devices',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    /** The operator the ranger works for when the device was enrolled: its console sees it. */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    label: text('label').notNull(),
    publicKey: jsonb('public_key').$type<DevicePublicJwk>().notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull(),
    /** The last signed request it made, and the last bundle or uses it fetched or sent. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => staffAccounts.id),
  },
  (table) => [
    index('ranger_devices_staff_id_idx').on(table.staffId),
    index('ranger_devices_operator_id_idx').on(table.operatorId),
    check('ranger_devices_label_check', sql`char_length(${table.label}) between 1 and 80`),
  ],
);

/**
 * The nonces of a device's signed requests while their timestamp is inside the accepted window:
 * a second request with one of them is a replay. Older rows are purged by housekeeping.
 */
export const rangerDeviceNonces = pgTable(
  'ranger_device_nonces',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => rangerDevices.id),
    nonce: text('nonce').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.nonce] }),
    index('ranger_device_nonces_seen_at_idx').on(table.seenAt),
  ],
);
