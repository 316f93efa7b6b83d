import { bigint, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { tickets } from './catalogue.ts';

/*
 * The console's figures (issue 23, ADR 036). Every figure is dated by the moment its event
 * happened (an order's payment, a refund's success, a ticket's use), so a day that is over does
 * not change: a job adds up each closed day once per ticket, and the figures read these sums
 * instead of a year of orders. Days after the last one added up are read from the orders
 * themselves. Rows are keyed by ticket, not operator: an area moved to another operator takes
 * its history along.
 */
/** The sums of a day or a month per ticket, as both `figure_days` and `figure_months` keep them. */
function figureSums() {
  return {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** What orders paid that day came to (coupons taken off), all payment methods. */
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
    /** The part of it paid on site (cash): money the operator took, not Sentiero. */
    onSiteSalesCents: bigint('on_site_sales_cents', { mode: 'number' }).notNull().default(0),
    orders: integer('orders').notNull().default(0),
    /** Refunds that succeeded that day. */
    refundsCents: bigint('refunds_cents', { mode: 'number' }).notNull().default(0),
    refunds: integer('refunds').notNull().default(0),
    couponOrders: integer('coupon_orders').notNull().default(0),
    couponDiscountCents: bigint('coupon_discount_cents', { mode: 'number' }).notNull().default(0),
    /** Tickets checked at the activity that day. */
    checkIns: integer('check_ins').notNull().default(0),
    /**
     * Places taken for activity on that day (`ticket_day_places`, read once the day is over and no
     * longer changes), and the ticket's daily capacity summed over the days with places taken:
     * null when one of those days had no limit.
     */
    placesTaken: integer('places_taken').notNull().default(0),
    placesCapacity: integer('places_capacity'),
  };
}

export const figureDays = pgTable(
  'figure_days',
  {
    /** The calendar day in Sentiero's time zone (Europe/Rome). */
    day: date('day', { mode: 'string' }).notNull(),
    ...figureSums(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.ticketId] }),
    index('figure_days_ticket_idx').on(table.ticketId, table.day),
  ],
);

/**
 * The days of `figure_days` added up by calendar month (ADR 052): a year by month reads twelve
 * rows a ticket instead of 365. A month's row holds the days added up so far; the figures read it
 * only for a month whose every day is.
 */
export const figureMonths = pgTable(
  'figure_months',
  {
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    ...figureSums(),
  },
  (table) => [primaryKey({ columns: [table.month, table.ticketId] })],
);

/** How far `figure_days` is added up: one row, the last closed day summed, and when. */
export const figureRollups = pgTable('figure_rollups', {
  id: integer('id').primaryKey().default(1),
  throughDay: date('through_day', { mode: 'string' }).notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
});
