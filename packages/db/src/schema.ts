import type { LocalizedText } from '@sentiero/contract/languages';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();

export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: localized('name'),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    countryCode: varchar('country_code', { length: 2 })
      .notNull()
      .references(() => countries.code),
    name: localized('name'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (table) => [index('regions_country_code_idx').on(table.countryCode)],
);

/** Category ids are fixed by SPEC (16–19) and appear in URLs, so they are not generated. */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: localized('name'),
  sortOrder: smallint('sort_order').notNull().default(0),
});

/** One row per seed data set applied, so a restart never seeds twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
