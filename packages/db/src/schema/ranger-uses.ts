import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { issuedTickets, ticketRedemptions } from './orders.ts';
import { rangerDevices } from './ranger-devices.ts';

/**
 * A use recorded past a ticket's maximum (issue 24, ADR 043): two devices offline both took the
 * last use. Both uses are kept (they happened); this row names both, for the operator to see.
 */
export const ticketUseConflicts = pgTable(
  'ticket_use_conflicts',
  {
    id: serial('id').primaryKey(),
    issuedTicketId: integer('issued_ticket_id')
      .notNull()
      .references(() => issuedTickets.id),
    /** The use that went past the maximum, and the use before it that it collided with. */
    redemptionId: integer('redemption_id')
      .notNull()
      .references(() => ticketRedemptions.id),
    otherRedemptionId: integer('other_redemption_id')
      .notNull()
      .references(() => ticketRedemptions.id),
    deviceId: integer('device_id').references(() => rangerDevices.id),
    otherDeviceId: integer('other_device_id').references(() => rangerDevices.id),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('ticket_use_conflicts_redemption_idx').on(table.redemptionId),
    index('ticket_use_conflicts_ticket_idx').on(table.issuedTicketId),
  ],
);

export const CHAIN_BREAK_KINDS = ['gap', 'rewrite'] as const;
export type ChainBreakKind = (typeof CHAIN_BREAK_KINDS)[number];

/**
 * Where a device's hash chain did not hold on sync: a record whose predecessor never arrived
 * (`gap`), or one whose hash, predecessor or place in the chain differs from what was received
 * before (`rewrite`).
 */
export const rangerChainBreaks = pgTable(
  'ranger_chain_breaks',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => rangerDevices.id),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<ChainBreakKind>().notNull(),
    clientId: text('client_id').notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('ranger_chain_breaks_device_idx').on(table.deviceId),
    check('ranger_chain_breaks_kind_check', sql`${table.kind} in ('gap', 'rewrite')`),
  ],
);
