import type { Language } from '@sentiero/contract/languages';
import type { CancellationRule } from '@sentiero/contract/rules/cancellation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tickets } from './catalogue.ts';
import { rangerDevices } from './ranger-devices.ts';
import { operators, staffAccounts } from './staff.ts';

export const ORDER_STATUSES = ['pending', 'paid', 'issued', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A purchase. Its public code is random (never a guessable sequence); the places it holds are
 * counted in `ticket_day_places` from creation until it is paid, or released when it fails or
 * its hold expires.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<OrderStatus>().notNull(),
    language: text('language').$type<Language>().notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentReference: text('payment_reference'),
    /** Sent by the client with every try of one purchase: a retried buy makes one order. */
    idempotencyKey: text('idempotency_key').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** What succeeded refunds gave back (ADR 029): above 0 and below the total, partly refunded. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    couponCode: text('coupon_code'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The areas of the order's guests' tickets, kept by the database (a trigger on `order_lines`,
     * migration 0028): the console's scope and area filter read it from the order's index entry
     * instead of joining each order's guests to their tickets and areas (ADR 037).
     */
    areaIds: integer('area_ids').array().notNull().default(sql`'{}'`),
    /**
     * The first day any guest's ticket is valid and the last, kept by the same trigger (migration
     * 0033): the console's day filter reads them from the order's index entry (ADR 046).
     */
    firstDay: date('first_day'),
    lastDay: date('last_day'),
    /** Every day from the first to the last is covered by a guest's ticket (there is no gap). */
    daysContinuous: boolean('days_continuous').notNull().default(true),
    /**
     * The ticket's cancellation rule when the order was bought (ADR 045): a later change of the
     * ticket's rule does not change what this buyer was promised. Checkout writes it; the order
     * lines' trigger fills it from the ticket for an order written any other way (migration 0038).
     */
    cancellationRule: jsonb('cancellation_rule').$type<CancellationRule>(),
  },
  (table) => [
    uniqueIndex('orders_code_idx').on(table.code),
    uniqueIndex('orders_user_idempotency_idx').on(table.userId, table.idempotencyKey),
    index('orders_user_id_idx').on(table.userId, table.createdAt),
    // The hold-expiry job reads pending orders by their deadline.
    index('orders_pending_hold_idx').on(table.holdExpiresAt).where(sql`status = 'pending'`),
    // The console lists orders newest first (ADR 033), and checks the scope and the state on the
    // index entry as it walks it (ADR 037); by state, newest first, from the state's own range.
    index('orders_created_at_idx').on(
      table.createdAt,
      table.id,
      table.status,
      table.areaIds,
      table.firstDay,
      table.lastDay,
      table.daysContinuous,
    ),
    index('orders_status_created_at_idx').on(table.status, table.createdAt, table.id, table.areaIds),
    // The orders of an area, when few of them are among the newest.
    index('orders_area_ids_idx').using('gin', table.areaIds),
    // The figures read the days not added up yet by payment time (ADR 036).
    index('orders_paid_at_idx').on(table.paidAt).where(sql`paid_at is not null`),
    // Pay-on-site orders whose money is still to be taken (ADR 036).
    // It holds what the figures read of them (id, total), so they are read from the index alone.
    index('orders_open_on_site_idx')
      .on(table.createdAt, table.id, table.totalCents)
      .where(sql`payment_method = 'cash' and paid_at is null and status in ('pending', 'paid', 'issued')`),
    // The console's coupons show each one's uses (ADR 038).
    index('orders_coupon_code_idx').on(table.couponCode).where(sql`coupon_code is not null`),
    check('orders_total_check', sql`${table.totalCents} >= 0`),
  ],
);

/** One line per guest: who goes, on which ticket, for which dates. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    guestName: text('guest_name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    fishingCardNumber: text('fishing_card_number'),
    country: text('country'),
    fiscalCode: text('fiscal_code'),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (table) => [
    // An order's guests in order, with the ticket and first day: the figures find an order's
    // ticket from the index alone (ADR 036).
    index('order_lines_order_id_idx').on(table.orderId, table.id, table.ticketId, table.startDate),
    // The console's order search (ADR 033): by ticket, guest's day and fiscal code.
    index('order_lines_ticket_day_idx').on(table.ticketId, table.startDate),
    // The guests valid on a day, whatever their ticket's length (a yearly permit too): ADR 037.
    index('order_lines_days_idx').using('gist', sql`daterange(${table.startDate}, ${table.endDate}, '[]')`),
    index('order_lines_fiscal_code_idx').on(table.fiscalCode).where(sql`fiscal_code is not null`),
    // By fishing-card number as printed on the card: case and spaces do not count (the search's expression).
    index('order_lines_fishing_card_idx')
      .on(sql`upper(replace(${table.fishingCardNumber}, ' ', ''))`)
      .where(sql`fishing_card_number is not null`),
  ],
);

/**
 * Places taken per ticket and day, held or sold. Taking places is one conditional UPDATE per
 * day (`taken + n <= capacity`): under read committed PostgreSQL re-checks the condition on the
 * row it waited for, so concurrent buyers can never take more than the capacity.
 */
export const ticketDayPlaces = pgTable(
  'ticket_day_places',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.day] }),
    check('ticket_day_places_taken_check', sql`${table.taken} >= 0`),
  ],
);

export const ISSUED_TICKET_STATUSES = ['active', 'cancelled'] as const;
export type IssuedTicketStatus = (typeof ISSUED_TICKET_STATUSES)[number];

/** One ticket per guest of a paid order, with the signed code its QR carries. */
export const issuedTickets = pgTable(
  'issued_tickets',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    holderName: text('holder_name').notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    maxUsage: integer('max_usage'),
    uses: integer('uses').notNull().default(0),
    status: text('status').$type<IssuedTicketStatus>().notNull().default('active'),
    signedCode: text('signed_code').notNull(),
    /**
     * The compact signed code (`ST2.…`, ADR 044) its QR code shows; null for tickets issued before
     * it, whose QR code keeps showing `signed_code`.
     */
    qrCode: text('qr_code'),
    /** A read-only link that shows the ticket without logging in (`app/ticket/share`). */
    shareToken: text('share_token').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('issued_tickets_code_idx').on(table.code),
    // Issuing twice (a retry, a recovery job) can never make a second ticket for one guest.
    uniqueIndex('issued_tickets_order_line_idx').on(table.orderLineId),
    uniqueIndex('issued_tickets_share_idx').on(table.shareToken),
    index('issued_tickets_order_idx').on(table.orderId),
  ],
);

/** Each use of a ticket, recorded when it is checked at the activity. */
export const ticketRedemptions = pgTable(
  'ticket_redemptions',
  {
    id: serial('id').primaryKey(),
    issuedTicketId: integer('issued_ticket_id')
      .notNull()
      .references(() => issuedTickets.id),
    /** When it happened: the device's time for a use recorded offline. */
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
    /** The ranger's device and the ranger (ADR 043); null only for uses before devices existed. */
    deviceId: integer('device_id').references(() => rangerDevices.id),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    /** The phone's own id of a use it recorded offline: the same id synced twice counts once. */
    clientId: text('client_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The device's hash chain: its place, the hash of the record before, its own hash. */
    chainSeq: integer('chain_seq'),
    prevHash: text('prev_hash'),
    recordHash: text('record_hash'),
  },
  (table) => [
    index('ticket_redemptions_ticket_idx').on(table.issuedTicketId),
    uniqueIndex('ticket_redemptions_device_client_idx')
      .on(table.deviceId, table.clientId)
      .where(sql`client_id is not null`),
    index('ticket_redemptions_device_seq_idx').on(table.deviceId, table.chainSeq),
    // The figures count check-ins by day (ADR 036).
    index('ticket_redemptions_redeemed_at_idx').on(table.redeemedAt),
  ],
);

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/**
 * A discount code: a percentage or a fixed amount, optionally limited to some tickets,
 * categories or areas, to a period, and to a number of uses in all and per person. An operator's
 * coupon (`operator_id`) reaches only that operator's tickets or areas; one without an operator
 * is Sentiero's own, made by an admin, and may reach the whole catalogue (ADR 038).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Upper case; what people type is upper-cased before the lookup. */
    code: text('code').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    /** Percent (1–100) or cents. */
    amount: integer('amount').notNull(),
    ticketIds: integer('ticket_ids').array(),
    categoryIds: integer('category_ids').array(),
    areaIds: integer('area_ids').array(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerPerson: integer('max_uses_per_person'),
    active: boolean('active').notNull().default(true),
    /** Only Sentiero+ members may use it (their exclusive discounts). */
    membersOnly: boolean('members_only').notNull().default(false),
    operatorId: integer('operator_id').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_code_idx').on(table.code),
    index('coupons_operator_idx').on(table.operatorId, table.id),
    check(
      'coupons_amount_check',
      sql`${table.amount} > 0 and (${table.kind} <> 'percent' or ${table.amount} <= 100)`,
    ),
  ],
);
