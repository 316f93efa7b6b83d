import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { areas, tickets } from './catalogue.ts';
import { issuedTickets, orderLines, orders } from './orders.ts';
import { refunds } from './refunds.ts';
import { operators, staffAccounts } from './staff.ts';

/**
 * A guest moved to another day (issue 25 item 3, ADR 049): the ticket keeps its row and gets a new
 * code, so the code it had is kept here, and rangers' bundles list it as revoked until its old
 * last day has passed. A move the buyer chose after a day was cancelled names that cancellation.
 */
export const ticketMoves = pgTable(
  'ticket_moves',
  {
    id: serial('id').primaryKey(),
    issuedTicketId: integer('issued_ticket_id')
      .notNull()
      .references(() => issuedTickets.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    oldCode: text('old_code').notNull(),
    oldFrom: date('old_from', { mode: 'string' }).notNull(),
    oldUntil: date('old_until', { mode: 'string' }).notNull(),
    newFrom: date('new_from', { mode: 'string' }).notNull(),
    newUntil: date('new_until', { mode: 'string' }).notNull(),
    movedByMemberId: integer('moved_by_member_id').references(() => users.id),
    dayCancellationId: integer('day_cancellation_id'),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('ticket_moves_old_code_idx').on(table.oldCode),
    // The rangers' bundle lists the old codes still inside their old dates.
    index('ticket_moves_ticket_until_idx').on(table.ticketId, table.oldUntil),
    index('ticket_moves_order_idx').on(table.orderId),
  ],
);

/** ADR 049: a cancellation's run collects its orders, tells each buyer, then lapses after 48 hours. */
export const DAY_CANCELLATION_STATES = ['collecting', 'telling', 'waiting', 'done'] as const;
export type DayCancellationState = (typeof DAY_CANCELLATION_STATES)[number];

/**
 * An operator cancelled a ticket's day, or every ticket of an area on a day (a storm; issue 25
 * item 6, ADR 049). `ticket_ids` are the tickets it closed, fixed when it was made.
 */
export const dayCancellations = pgTable(
  'day_cancellations',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    /** The one ticket cancelled; null when every ticket of the area was. */
    ticketId: integer('ticket_id').references(() => tickets.id),
    ticketIds: integer('ticket_ids').array().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    state: text('state').$type<DayCancellationState>().notNull().default('collecting'),
    /** When buyers who chose nothing are refunded. */
    lapseAt: timestamp('lapse_at', { withTimezone: true }).notNull(),
    createdByStaffId: integer('created_by_staff_id').references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
  },
  (table) => [
    index('day_cancellations_area_day_idx').on(table.areaId, table.day),
    check(
      'day_cancellations_state_check',
      sql`${table.state} in ('collecting', 'telling', 'waiting', 'done')`,
    ),
  ],
);

/**
 * What happened to each order of a cancelled day: `waiting` to be told, `told` (a mail with two
 * one-click links left), `refunding` (claimed by the buyer's refund or the 48-hour lapse, so a
 * move can no longer take it), then `refunded` (money back, or cancelled without money when none was
 * taken), `moved` or `failed` (the provider refused: staff settle it).
 */
export const DAY_CANCELLATION_ORDER_STATES = [
  'waiting',
  'told',
  'refunding',
  'refunded',
  'moved',
  'failed',
] as const;
export type DayCancellationOrderState = (typeof DAY_CANCELLATION_ORDER_STATES)[number];

export const dayCancellationOrders = pgTable(
  'day_cancellation_orders',
  {
    cancellationId: integer('cancellation_id')
      .notNull()
      .references(() => dayCancellations.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order's guests valid on the cancelled day. */
    lineIds: integer('line_ids').array().notNull(),
    state: text('state').$type<DayCancellationOrderState>().notNull().default('waiting'),
    toldAt: timestamp('told_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refundId: integer('refund_id').references(() => refunds.id),
    movedTo: date('moved_to', { mode: 'string' }),
    failure: text('failure'),
  },
  (table) => [
    primaryKey({ columns: [table.cancellationId, table.orderId] }),
    index('day_cancellation_orders_state_idx').on(table.cancellationId, table.state),
    check(
      'day_cancellation_orders_state_check',
      sql`${table.state} in ('waiting', 'told', 'refunding', 'refunded', 'moved', 'failed')`,
    ),
  ],
);
