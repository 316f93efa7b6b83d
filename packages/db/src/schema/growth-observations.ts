import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { areas } from './catalogue.ts';
import { staffAccounts } from './staff.ts';

/**
 * What the staff of an area's operator (its rangers, managers, owners) or Sentiero's admins saw in
 * its woods on a day (issue 23, ADR 040): the official observation, apart from members' reports
 * (`growth_reports`, averaged into `area_growth_levels`). The growth table shows the day's
 * official level beside the forecast, and the forecast is anchored to the latest one. One per
 * staff member, area and day; its author may correct it on the day they recorded it. Every write
 * is in the audit log too.
 */
export const growthObservations = pgTable(
  'growth_observations',
  {
    id: serial('id').primaryKey(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    /** The calendar day in the area's time zone that the observation is about. */
    observedOn: date('observed_on', { mode: 'string' }).notNull(),
    /** Indexes GROWTH_LEVELS, as `area_growth_levels.level`. */
    level: smallint('level').notNull(),
    /** A code of `contract/species-list.ts`, when the observation is about one species. */
    species: text('species'),
    note: text('note'),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    /** The role the staff member recorded it in (`ranger`, `manager`, `owner`, `admin`). */
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('growth_observations_staff_area_day_idx').on(table.staffId, table.areaId, table.observedOn),
    // The table and the forecast read an area's latest days.
    index('growth_observations_area_day_idx').on(table.areaId, table.observedOn),
    check('growth_observations_level_check', sql`${table.level} between 0 and 5`),
    check('growth_observations_note_check', sql`char_length(${table.note}) <= 1000`),
  ],
);
