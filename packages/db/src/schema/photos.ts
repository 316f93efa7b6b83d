import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea } from './bytea.ts';

/**
 * A Sentiero+ member's photo of a find or a notebook entry (issue 15, ADR 022). The id is made
 * by the phone like a marker's, so a photo sent twice while the network comes and goes is one
 * photo. `bytes` is the size of its stored files together, counted against the member's space;
 * `version` is part of every URL of its files, which browsers keep for a year.
 */
export const memberPhotos = pgTable(
  'member_photos',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    version: text('version').notNull(),
    locationKept: boolean('location_kept').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_photos_member_idx').on(table.userId),
    check('member_photos_bytes_check', sql`${table.bytes} > 0`),
  ],
);

/**
 * The files of a photo, one per size and format (`thumb.webp`, `large.jpeg`…), in the database
 * itself: every API process reads them, on PGlite and on a PostgreSQL server alike (ADR 022).
 */
export const memberPhotoFiles = pgTable(
  'member_photo_files',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => memberPhotos.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    body: bytea('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.photoId, table.name] })],
);
