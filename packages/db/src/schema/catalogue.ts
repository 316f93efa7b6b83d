import type { CountryCode } from '@sentiero/contract/common';
import type { DurationType, Season } from '@sentiero/contract/durations';
import { LANGUAGES, type Language, type LocalizedText } from '@sentiero/contract/languages';
import type { CancellationRule } from '@sentiero/contract/rules/cancellation';
import type { TicketStatus } from '@sentiero/contract/rules/ticket-publishing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

import { operators } from './staff.ts';

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

export const activityTypes = pgTable('activity_types', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull(),
  name: localized('name'),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export const serviceTags = pgTable('service_tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: localized('name'),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    name: localized('name'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (table) => [index('cities_region_id_idx').on(table.regionId)],
);

export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    cityId: integer('city_id').references(() => cities.id),
    name: localized('name'),
    summary: localized('summary'),
    description: localized('description'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** [[south, west], [north, east]] */
    bounds: jsonb('bounds').$type<[[number, number], [number, number]]>().notNull(),
    timeZone: text('time_zone').notNull(),
    rules: localized('rules'),
    limits: jsonb('limits').$type<LocalizedText>(),
    /**
     * The legal daily limit of mushrooms per person, in grams, where the rules set one (`limits`
     * says it in words): the notebook warns of a day past it.
     */
    dailyLimitG: integer('daily_limit_g'),
    available: boolean('available').notNull().default(true),
    /** Who sells here and answers for it (ADR 028). */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('areas_region_id_idx').on(table.regionId),
    index('areas_operator_id_idx').on(table.operatorId),
    check('areas_daily_limit_check', sql`${table.dailyLimitG} is null or ${table.dailyLimitG} > 0`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    activityTypeId: integer('activity_type_id')
      .notNull()
      .references(() => activityTypes.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    title: localized('title'),
    description: localized('description'),
    durationType: text('duration_type').$type<DurationType>().notNull(),
    /** Month-day season window, e.g. { start: '06-01', end: '11-30' }. */
    season: jsonb('season').$type<Season>(),
    durationHours: numeric('duration_hours', { precision: 5, scale: 2, mode: 'number' }),
    priceCents: integer('price_cents').notNull(),
    discountedPriceCents: integer('discounted_price_cents'),
    /** What a Sentiero+ member pays (exclusive discounts on extra packages); null: the usual price. */
    memberPriceCents: integer('member_price_cents'),
    minAge: smallint('min_age').notNull().default(0),
    languages: text('languages').array().$type<Language[]>().notNull(),
    meetingPoint: jsonb('meeting_point').$type<LocalizedText>(),
    /** ISO weekdays, 1 Monday … 7 Sunday. */
    openDays: smallint('open_days').array().notNull(),
    /**
     * What a buyer gets back when they cancel (issue 25, ADR 045): the rule of
     * `contract/rules/cancellation.ts`. Its texts are written from it in the reader's language.
     */
    cancellationRule: jsonb('cancellation_rule').$type<CancellationRule>().notNull(),
    maxUsage: smallint('max_usage'),
    rules: localized('rules'),
    residentCountries: text('resident_countries').array().$type<CountryCode[]>(),
    requiresFishingCard: boolean('requires_fishing_card').notNull().default(false),
    dailyCapacity: integer('daily_capacity'),
    saleFrom: date('sale_from'),
    saleUntil: date('sale_until'),
    /** Orders in the last 30 days; orders (issue 5) keep it current, the seed gives a start. */
    popularity: integer('popularity').notNull().default(0),
    /**
     * Draft → published → unpublished (issue 23): only a published ticket is listed, shown and
     * sold. The console writes `draft` for a ticket it creates; the default is for the seed and
     * bench data sets, whose tickets are on sale from the start.
     */
    status: text('status').$type<TicketStatus>().notNull().default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tickets_area_id_idx').on(table.areaId),
    check('tickets_status_check', sql`${table.status} in ('draft', 'published', 'unpublished')`),
    index('tickets_category_id_idx').on(table.categoryId),
    index('tickets_activity_type_id_idx').on(table.activityTypeId),
    check('tickets_price_check', sql`${table.priceCents} >= 0`),
    check(
      'tickets_discount_check',
      sql`${table.discountedPriceCents} is null or (${table.discountedPriceCents} >= 0 and ${table.discountedPriceCents} < ${table.priceCents})`,
    ),
  ],
);

export const ticketServiceTags = pgTable(
  'ticket_service_tags',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    serviceTagId: integer('service_tag_id')
      .notNull()
      .references(() => serviceTags.id),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.serviceTagId] })],
);

/** Photos of an area, shown on its page in order; files are served from `url` (a path or an https URL). */
export const areaPhotos = pgTable(
  'area_photos',
  {
    id: serial('id').primaryKey(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: localized('alt'),
    credit: text('credit').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (table) => [index('area_photos_area_id_idx').on(table.areaId, table.sortOrder)],
);

/**
 * The mushroom growth table: how much an area's woods are yielding on a day, as reported by its
 * rangers and members. `level` indexes GROWTH_LEVELS (0 poor … 5 miraculous).
 */
export const areaGrowthLevels = pgTable(
  'area_growth_levels',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    observedOn: date('observed_on').notNull(),
    level: smallint('level').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.areaId, table.observedOn] }),
    check('area_growth_levels_level_check', sql`${table.level} between 0 and 5`),
  ],
);

/** "Area not available": a visitor asks to be told by email when the area opens. */
export const areaActivationRequests = pgTable(
  'area_activation_requests',
  {
    id: serial('id').primaryKey(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    email: text('email').notNull(),
    language: text('language').$type<Language>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('area_activation_requests_area_email_idx').on(table.areaId, table.email)],
);

export const blogPosts = pgTable('blog_posts', {
  id: serial('id').primaryKey(),
  sku: text('sku').notNull().unique(),
  title: localized('title'),
  excerpt: localized('excerpt'),
  body: localized('body'),
  activityTypeId: integer('activity_type_id').references(() => activityTypes.id),
  areaId: integer('area_id').references(() => areas.id),
  publishedAt: date('published_at').notNull(),
});

/** PostgreSQL full-text document; written by `rebuildSearchIndex`, read by search queries. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** What the ticket filter and the list orders read, copied from the ticket, its area and region. */
const facetColumns = () => ({
  areaId: integer('area_id').notNull(),
  regionId: integer('region_id').notNull(),
  countryCode: varchar('country_code', { length: 2 }).notNull(),
  categoryId: integer('category_id').notNull(),
  activityTypeId: integer('activity_type_id').notNull(),
  /** The price a buyer pays: the discounted price when there is one. */
  priceCents: integer('price_cents').notNull(),
  discountCents: integer('discount_cents').notNull(),
  durationType: text('duration_type').$type<DurationType>().notNull(),
  /** The season as MM-DD days; the start is after the end when the season spans the new year. */
  seasonStart: varchar('season_start', { length: 5 }),
  seasonEnd: varchar('season_end', { length: 5 }),
  saleFrom: date('sale_from'),
  saleUntil: date('sale_until'),
  openDays: smallint('open_days').array().notNull(),
  serviceTagIds: integer('service_tag_ids').array().notNull(),
  popularity: integer('popularity').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * One narrow row per active ticket with its facets, so listings over a large catalogue scan a
 * few megabytes, use an index for each common filter and order, and read the tickets' texts only
 * for the page shown. Rebuilt with the search documents, never edited.
 */
export const ticketFacets = pgTable(
  'ticket_facets',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    ...facetColumns(),
  },
  (table) => [
    // Each list order has an index in exactly its order, NULLS placement included (PostgreSQL
    // uses an index for ORDER BY only when that matches too, even on NOT NULL columns): a page
    // is read from the index and stops after its last row, however large the catalogue.
    index('ticket_facets_order_idx').on(table.countryCode, table.areaId, table.ticketId),
    // Within an area or a region the country is fixed, so their pages order by what follows it.
    index('ticket_facets_area_idx').on(table.areaId, table.ticketId),
    index('ticket_facets_region_idx').on(table.regionId, table.areaId, table.ticketId),
    index('ticket_facets_category_idx').on(table.categoryId),
    index('ticket_facets_activity_idx').on(table.activityTypeId),
    index('ticket_facets_price_idx').on(table.priceCents, table.ticketId),
    index('ticket_facets_popularity_idx').on(table.popularity.desc().nullsFirst(), table.ticketId),
    index('ticket_facets_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.ticketId.desc().nullsFirst(),
    ),
    index('ticket_facets_discount_idx')
      .on(table.discountCents.desc().nullsFirst(), table.ticketId)
      .where(sql`${table.discountCents} > 0`),
  ],
);

/**
 * Per area, its active listings and the lowest price a buyer pays among them: what an area card
 * shows. Kept by triggers on `ticket_facets` (migration 0009), in the statement that changes the
 * listings, so it never drifts from them; read instead of counting a large area's tickets on every
 * request (ADR 013). An area without listings has no row.
 */
export const areaListingStats = pgTable('area_listing_stats', {
  areaId: integer('area_id')
    .primaryKey()
    .references(() => areas.id, { onDelete: 'cascade' }),
  ticketCount: integer('ticket_count').notNull(),
  minPriceCents: integer('min_price_cents').notNull(),
});

/**
 * One search document per ticket and language: the texts in that language (title, area, activity,
 * region, town, description) stemmed with the language's dictionary, beside the ticket's facets so
 * a word search filters and ranks its matches without a join. Rebuilt from the catalogue.
 */
export const ticketSearch = pgTable(
  'ticket_search',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    language: text('language').$type<Language>().notNull(),
    document: tsvector('document').notNull(),
    /**
     * Among the `SEARCH_TOP_TIER` most popular documents of its language at the last rebuild: a
     * word search by relevance looks for its candidates there first (ADR 013).
     */
    topTier: boolean('top_tier').notNull().default(false),
    ...facetColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.language] }),
    // One index per language: a query reads only its language's postings.
    ...LANGUAGES.map((language) =>
      index(`ticket_search_document_${language}_idx`)
        .using('gin', table.document)
        .where(sql.raw(`language = '${language}'`)),
    ),
    // And one over its top tier, whose postings of a common word are a tenth of the whole at
    // 100,000 listings and stay as many however large the catalogue grows.
    ...LANGUAGES.map((language) =>
      index(`ticket_search_top_tier_${language}_idx`)
        .using('gin', table.document)
        .where(sql.raw(`language = '${language}' and top_tier`)),
    ),
  ],
);

/** Every word the search documents contain, per language: what a misspelt query word is matched against. */
export const searchWords = pgTable(
  'search_words',
  {
    language: text('language').$type<Language>().notNull(),
    word: text('word').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.language, table.word] }),
    index('search_words_word_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
  ],
);
