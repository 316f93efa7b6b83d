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
import { users } from './accounts.ts';
import { tickets } from './catalogue.ts';
import { orders } from './orders.ts';

/**
 * Where a member stands on a day's waiting list (issue 25 item 4, ADR 050): `waiting` in the
 * queue, `offered` while places are held for them, then `bought` (they took the offer into a
 * purchase), `declined`, `lapsed` (the hold ran out) or `left` (they left the list).
 */
export const WAITLIST_ENTRY_STATES = ['waiting', 'offered', 'bought', 'declined', 'lapsed', 'left'] as const;
export type WaitlistEntryState = (typeof WAITLIST_ENTRY_STATES)[number];

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partySize: smallint('party_size').notNull(),
    state: text('state').$type<WaitlistEntryState>().notNull().default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('waitlist_entries_party_check', sql`${table.partySize} between 1 and 10`),
    check(
      'waitlist_entries_state_check',
      sql`${table.state} in ('waiting', 'offered', 'bought', 'declined', 'lapsed', 'left')`,
    ),
    // One place in a day's queue per member: joining again while on it is refused.
    uniqueIndex('waitlist_entries_member_day_idx')
      .on(table.ticketId, table.day, table.userId)
      .where(sql`state in ('waiting', 'offered')`),
    // The queue's order: who joined first, read by the offer job and by every position.
    index('waitlist_entries_queue_idx')
      .on(table.ticketId, table.day, table.createdAt, table.id)
      .where(sql`state in ('waiting', 'offered')`),
    index('waitlist_entries_user_idx').on(table.userId),
  ],
);

/**
 * Places held for one entry: `open` while held (counted in `ticket_day_places`), then `accepted`
 * (a purchase took them, `order_id`), `declined` or `lapsed` (given back to the day).
 */
export const WAITLIST_OFFER_STATES = ['open', 'accepted', 'declined', 'lapsed'] as const;
export type WaitlistOfferState = (typeof WAITLIST_OFFER_STATES)[number];

export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    places: smallint('places').notNull(),
    /** The link's secret: the offer is found by it, and only its member may use it. */
    token: text('token').notNull().unique(),
    state: text('state').$type<WaitlistOfferState>().notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the mail and push were handed over (the tell job claims it once). */
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (table) => [
    check('waitlist_offers_state_check', sql`${table.state} in ('open', 'accepted', 'declined', 'lapsed')`),
    check('waitlist_offers_places_check', sql`${table.places} between 1 and 10`),
    // An entry holds at most one offer at a time.
    uniqueIndex('waitlist_offers_open_idx').on(table.entryId).where(sql`state = 'open'`),
    index('waitlist_offers_day_idx').on(table.ticketId, table.day),
  ],
);
