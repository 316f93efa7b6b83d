import type { SpeciesCode } from '@sentiero/contract/species';
import type { DayWeatherSnapshot } from '@sentiero/contract/weather';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { areas } from './catalogue.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A Sentiero+ member's private marker (issue 15): never listed, counted or shown to anyone else.
 * The id is made by the member's phone, so a marker sent twice while the network comes and goes
 * is one row. `updated_at` is the phone's time of the version stored (the newest version wins);
 * a delete keeps the row with `deleted_at` set, so a delete made offline and sent late is still
 * weighed against the versions it must beat. Erased with the account.
 */
export const finds = pgTable(
  'finds',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyM: integer('accuracy_m'),
    speciesCode: text('species_code').$type<SpeciesCode>(),
    foundOn: date('found_on').notNull(),
    notes: text('notes').notNull().default(''),
    /** The member's photos (`member_photos`), in the order they were added. */
    photoIds: uuid('photo_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    index('finds_member_idx').on(table.userId, table.foundOn),
    check('finds_latitude_check', sql`${table.latitude} between -90 and 90`),
    check('finds_longitude_check', sql`${table.longitude} between -180 and 180`),
  ],
);

/**
 * A day's picking in the member's mushroom notebook (issue 15), made on the phone like a marker.
 * `weather` is the day's rain and temperature where it was picked, from the weather module: at
 * the save when the day's weather is stored, else by the refresh that brings it (null until then).
 */
export const notebookEntries = pgTable(
  'notebook_entries',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    areaId: integer('area_id').references(() => areas.id),
    findId: uuid('find_id').references(() => finds.id),
    speciesCode: text('species_code').$type<SpeciesCode>().notNull(),
    weightG: integer('weight_g').notNull(),
    notes: text('notes').notNull().default(''),
    photoIds: uuid('photo_ids').array().notNull().default(sql`'{}'::uuid[]`),
    weather: jsonb('weather').$type<DayWeatherSnapshot>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    index('notebook_entries_member_idx').on(table.userId, table.day),
    // The weather refresh looks for the entries still waiting for their day's measured weather.
    index('notebook_entries_awaiting_weather_idx')
      .on(table.day)
      .where(
        sql`${table.areaId} is not null and ${table.deletedAt} is null and (${table.weather} is null or ${table.weather} @> '{"forecast":true}')`,
      ),
    check('notebook_entries_weight_check', sql`${table.weightG} >= 0`),
  ],
);
