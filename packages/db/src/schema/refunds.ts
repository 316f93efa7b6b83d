import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orderLines, orders } from './orders.ts';

/** ADR 029: a refund is pending until the provider confirms it, then succeeded or failed. */
export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Money given back for some guests of an order, through the provider that took it. Staff
 * accounts are another module's table: `requested_by_staff_id` is only recorded here.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    state: text('state').$type<RefundState>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    requestedByStaffId: integer('requested_by_staff_id'),
    requestedByMemberId: integer('requested_by_member_id').references(() => users.id),
    /** Sent by the caller with every try of one refund (two clicks): one refund, one answer. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The provider's refund id (Stripe `re_…`, PayPal's refund id), once it answered. */
    providerReference: text('provider_reference'),
    /** Why the provider refused, as the code it sent (`charge_for_pending_refund_disputed`…). */
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refunds_idempotency_idx').on(table.idempotencyKey),
    uniqueIndex('refunds_provider_reference_idx').on(table.providerReference),
    index('refunds_order_idx').on(table.orderId),
    // The figures read refunds by the day they succeeded (ADR 036).
    index('refunds_settled_at_idx').on(table.settledAt).where(sql`state = 'succeeded'`),
    check('refunds_amount_check', sql`${table.amountCents} >= 0`),
  ],
);

/** The guests a refund is for, with each one's share of the money. */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    amountCents: integer('amount_cents').notNull(),
    /** Set when the refund failed: the guest may then be refunded by another request. */
    voided: boolean('voided').notNull().default(false),
  },
  (table) => [
    // A guest is refunded once: of two refunds of one guest at the same time, one insert fails.
    uniqueIndex('refund_lines_order_line_idx').on(table.orderLineId).where(sql`not ${table.voided}`),
    index('refund_lines_refund_idx').on(table.refundId),
  ],
);
