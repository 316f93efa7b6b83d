import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { areas } from './catalogue.ts';
import { issuedTickets } from './orders.ts';
import { rangerDevices } from './ranger-devices.ts';
import { operators, staffAccounts } from './staff.ts';

export const CHAIN_RECORD_KINDS = ['use', 'inspection', 'growth'] as const;
export type ChainRecordKind = (typeof CHAIN_RECORD_KINDS)[number];
export const CHAIN_VERDICTS = ['ok', 'gap', 'rewrite'] as const;
export type ChainVerdict = (typeof CHAIN_VERDICTS)[number];

/**
 * Every record a ranger's device sent, of every kind, at its place in the device's one hash chain
 * (issue 24, item 7; ADR 047): what the chain check reads. A use of a ticket we do not know, or a
 * record of an area the ranger does not guard, is here too, so the record after it is no gap.
 * `chain` is what the check found when it arrived (a break is also a `ranger_chain_breaks` row).
 */
export const rangerChainRecords = pgTable(
  'ranger_chain_records',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => rangerDevices.id),
    seq: integer('seq').notNull(),
    clientId: text('client_id').notNull(),
    kind: text('kind').$type<ChainRecordKind>().notNull(),
    prevHash: text('prev_hash').notNull(),
    recordHash: text('record_hash').notNull(),
    deviceTime: timestamp('device_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    chain: text('chain').$type<ChainVerdict>().notNull().default('ok'),
  },
  (table) => [
    uniqueIndex('ranger_chain_records_device_seq_idx').on(table.deviceId, table.seq),
    uniqueIndex('ranger_chain_records_device_client_idx').on(table.deviceId, table.clientId),
    check('ranger_chain_records_kind_check', sql`${table.kind} in ('use', 'inspection', 'growth')`),
    check('ranger_chain_records_chain_check', sql`${table.chain} in ('ok', 'gap', 'rewrite')`),
  ],
);

export const INSPECTION_OUTCOMES = ['ok', 'warning', 'violation'] as const;
export type InspectionOutcome = (typeof INSPECTION_OUTCOMES)[number];

/**
 * An inspection a ranger recorded in the field (issue 24, item 5; ADR 047): who (device, ranger,
 * operator), where (area, position), when (the device's time, the area's day, when it arrived),
 * whom (the ticket code scanned or typed, the ticket when it is one we issued; none: no permit),
 * the outcome, the note, and the basket with the verdict it got against the area's daily limit.
 */
export const rangerInspections = pgTable(
  'ranger_inspections',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => rangerDevices.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    clientId: text('client_id').notNull(),
    /** The code as the ranger gave it, upper case; null: no permit. */
    ticketCode: text('ticket_code'),
    issuedTicketId: integer('issued_ticket_id').references(() => issuedTickets.id),
    outcome: text('outcome').$type<InspectionOutcome>().notNull(),
    note: text('note').notNull(),
    basketG: integer('basket_g'),
    /** The basket's verdict when it arrived: the area's limit, the holder's day with it, over. */
    limitG: integer('limit_g'),
    declaredTodayG: integer('declared_today_g'),
    over: boolean('over'),
    /** SHA-256 of each photo file the inspection names (hex), in its order. */
    photoHashes: jsonb('photo_hashes').$type<string[]>().notNull(),
    /** The day of `device_time` in the area's time zone. */
    observedOn: date('observed_on', { mode: 'string' }).notNull(),
    deviceTime: timestamp('device_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (table) => [
    uniqueIndex('ranger_inspections_device_client_idx').on(table.deviceId, table.clientId),
    index('ranger_inspections_area_day_idx').on(table.areaId, table.observedOn),
    // A holder's baskets in an area on a day (the daily limit).
    index('ranger_inspections_holder_day_idx').on(table.areaId, table.ticketCode, table.observedOn),
    check('ranger_inspections_outcome_check', sql`${table.outcome} in ('ok', 'warning', 'violation')`),
    check('ranger_inspections_note_check', sql`char_length(${table.note}) <= 1000`),
    check('ranger_inspections_basket_check', sql`${table.basketG} is null or ${table.basketG} >= 0`),
  ],
);

/**
 * A photo of an inspection, accepted only when its file's SHA-256 is one the inspection named
 * (ADR 047): the chain's hash of the inspection thereby covers its photos.
 */
export const rangerInspectionPhotos = pgTable(
  'ranger_inspection_photos',
  {
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => rangerInspections.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    version: text('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.inspectionId, table.hash] })],
);

/** The files of an inspection's photo, one per size and format, as members' photos keep theirs. */
export const rangerInspectionPhotoFiles = pgTable(
  'ranger_inspection_photo_files',
  {
    inspectionId: integer('inspection_id').notNull(),
    hash: text('hash').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    body: bytea('body').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.inspectionId, table.hash, table.name] }),
    foreignKey({
      name: 'ranger_inspection_photo_files_photo_fk',
      columns: [table.inspectionId, table.hash],
      foreignColumns: [rangerInspectionPhotos.inspectionId, rangerInspectionPhotos.hash],
    }).onDelete('cascade'),
  ],
);
