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
export const figureDays = pgTable(
  'figure_days',
  {
    /** The calendar day in Sentiero's time zone (Europe/Rome). */
    day: date('day', { mode: 'string' }).notNull(),
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
  },
  (table) => [
    primaryKey({ columns: [table.day, table.ticketId] }),
    index('figure_days_ticket_idx').on(table.ticketId, table.day),
  ],
);

/** How far `figure_days` is added up: one row, the last closed day summed, and when. */
export const figureRollups = pgTable('figure_rollups', {
  id: integer('id').primaryKey().default(1),
  throughDay: date('through_day', { mode: 'string' }).notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
});
