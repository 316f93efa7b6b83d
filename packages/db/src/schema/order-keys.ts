import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { areas } from './catalogue.ts';
import { type OrderStatus, orders } from './orders.ts';
import { operators } from './staff.ts';

/*
 * What the console's order search reads orders by, kept by the database from the orders, their
 * guests and buyers (triggers of migrations 0033 and 0046), never written by the application.
 */

/**
 * What the console's order search finds an order by, newest first (ADR 046): `b:word` for each
 * word of the buyer's name, `g:word` of a guest's, `t:ticket id`. The key column has the "C"
 * collation there, so a word's prefix is a range of keys.
 */
export const orderSearchKeys = pgTable(
  'order_search_keys',
  {
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    areaIds: integer('area_ids').array().notNull().default(sql`'{}'`),
    /** The person's whole name as words (` mario rossi`), for the search's other words. */
    name: text('name'),
  },
  (table) => [
    // Hand-written in the migration with `INCLUDE (area_ids, name)`: the scope and the other
    // words are checked on the index entry.
    index('order_search_keys_key_idx').on(table.key, table.createdAt, table.orderId),
    index('order_search_keys_order_id_idx').on(table.orderId),
  ],
);

/**
 * One row per order and area of its guests' tickets, with the area's operator and what the
 * console filters a staff member's orders by (ADR 046): the state and the days. Its indexes are
 * led by the operator or the area, so a manager's orders are one range read newest first, not
 * everyone's orders walked with the scope checked on each.
 */
export const orderAreaKeys = pgTable(
  'order_area_keys',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    /** The order's first and last day and whether every day between is covered (as on `orders`). */
    firstDay: date('first_day'),
    lastDay: date('last_day'),
    daysContinuous: boolean('days_continuous').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.areaId] }),
    // Each hand-written in the migration with the other columns INCLUDEd: a page, a count and
    // the state and day filters are read from the index alone.
    index('order_area_keys_operator_idx').on(table.operatorId, table.createdAt, table.orderId),
    index('order_area_keys_operator_status_idx').on(
      table.operatorId,
      table.status,
      table.createdAt,
      table.orderId,
    ),
    index('order_area_keys_area_idx').on(table.areaId, table.createdAt, table.orderId),
  ],
);
