import type { Language } from '@sentiero/contract/languages';
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
import { staffAccounts } from './staff.ts';

/** `queued` until its first run counts the orders; `ready` once the last batch is written. */
export type OrderExportState = 'queued' | 'running' | 'ready' | 'failed';

/** The search's filters as the export was asked for (the repository's `OrderSearch`). */
export type OrderExportFilters = Record<string, string | number>;
/** Whose orders the export may hold, as the staff member's scope was when they asked (`ListScope`). */
export type OrderExportScope =
  | { everywhere: true }
  | { everywhere: false; operatorIds: number[]; areaIds: number[] };

/**
 * An order export prepared by the job queue (issue 23, ADR 041): who asked, for what, how far it
 * is, where its next batch starts. Its file is the rows of `order_export_parts`, one per batch.
 */
export const orderExports = pgTable(
  'order_exports',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    state: text('state').$type<OrderExportState>().notNull().default('queued'),
    language: text('language').$type<Language>().notNull(),
    filters: jsonb('filters').$type<OrderExportFilters>().notNull(),
    scope: jsonb('scope').$type<OrderExportScope>().notNull(),
    filename: text('filename').notNull(),
    /** Orders the search found when the export started; `done` of them are in the file. */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** Parts written: the next part's number. A batch is written only by the run that read this many. */
    parts: integer('parts').notNull().default(0),
    /** Where the next batch starts (ADR 035's keyset): the last order's time as text, and its id. */
    cursorAt: text('cursor_at'),
    cursorId: integer('cursor_id'),
    /** The last thing that went wrong, shown to the staff member. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('order_exports_state_check', sql`${table.state} in ('queued', 'running', 'ready', 'failed')`),
    index('order_exports_staff_created_idx').on(table.staffId, table.createdAt),
    index('order_exports_expires_idx').on(table.expiresAt),
  ],
);

/** One batch of an export's CSV text, in order (`seq` from 0: the header and byte-order mark). */
export const orderExportParts = pgTable(
  'order_export_parts',
  {
    exportId: integer('export_id')
      .notNull()
      .references(() => orderExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.seq] })],
);
