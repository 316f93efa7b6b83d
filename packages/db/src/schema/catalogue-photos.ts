import type { LocalizedText } from '@sentiero/contract/languages';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { areas, tickets } from './catalogue.ts';

/** One stored file of a catalogue photo, as the answers list it without reading the file. */
export type CataloguePhotoVariant = {
  format: 'avif' | 'webp' | 'jpeg';
  width: number;
  height: number;
  bytes: number;
};

/**
 * An operator's photo of a ticket or of an area (issue 23, ADR 030), shown by the storefront
 * instead of the drawing: in `position` order, the first on cards and as the page's hero.
 * `version` (a hash of its files) is part of every URL of its files, which are kept a year.
 * `uploaded_by_staff_id` names the staff account without a foreign key: the staff tables are
 * another change's (ADR 027).
 */
export const cataloguePhotos = pgTable(
  'catalogue_photos',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    alt: jsonb('alt').$type<LocalizedText>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    version: text('version').notNull(),
    variants: jsonb('variants').$type<CataloguePhotoVariant[]>().notNull(),
    uploadedByStaffId: integer('uploaded_by_staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('catalogue_photos_subject_check', sql`(${table.ticketId} is null) <> (${table.areaId} is null)`),
    index('catalogue_photos_ticket_idx').on(table.ticketId, table.position),
    index('catalogue_photos_area_idx').on(table.areaId, table.position),
  ],
);

/** The files of a catalogue photo, one per format and width, in the database like members' (ADR 022). */
export const cataloguePhotoFiles = pgTable(
  'catalogue_photo_files',
  {
    photoId: integer('photo_id')
      .notNull()
      .references(() => cataloguePhotos.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    contentType: text('content_type').notNull(),
    body: bytea('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.photoId, table.format, table.width] })],
);
