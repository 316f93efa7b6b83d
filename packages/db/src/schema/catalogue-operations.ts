import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { areas, tickets } from './catalogue.ts';
import { staffAccounts } from './staff.ts';

/**
 * What an operator changed for one day of a ticket (issue 23): the day closed to starting on, or
 * its places per day changed. The availability calendar and checkout read it with the ticket's
 * own rules (`take_ticket_places`, migration 0032): a closed day offers no start, a day's capacity
 * replaces the ticket's. The reason is required, and the change is in the audit log too.
 */
export const ticketDayOverrides = pgTable(
  'ticket_day_overrides',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    closed: boolean('closed').notNull().default(false),
    /** Places that day instead of the ticket's daily capacity; null: the ticket's. */
    capacity: integer('capacity'),
    reason: text('reason').notNull(),
    updatedByStaffId: integer('updated_by_staff_id').references(() => staffAccounts.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.day] }),
    check('ticket_day_overrides_change_check', sql`${table.closed} or ${table.capacity} is not null`),
    check('ticket_day_overrides_capacity_check', sql`${table.capacity} is null or ${table.capacity} >= 0`),
  ],
);

/**
 * The rules document (a PDF) of a ticket or an area, uploaded by its operator and linked on the
 * event page; one each, replaced by the next upload. `version` (a hash of the file) is part of its
 * URL, so a browser may keep it for good.
 */
export const catalogueDocuments = pgTable(
  'catalogue_documents',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    version: text('version').notNull(),
    bytes: integer('bytes').notNull(),
    body: bytea('body').notNull(),
    uploadedByStaffId: integer('uploaded_by_staff_id').references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('catalogue_documents_subject_check', sql`(${table.ticketId} is null) <> (${table.areaId} is null)`),
    index('catalogue_documents_ticket_idx').on(table.ticketId),
    index('catalogue_documents_area_idx').on(table.areaId),
  ],
);
