import type {
  SubscriptionPaymentMethod,
  SubscriptionSource,
  SubscriptionStatus,
  SubscriptionType,
} from '@sentiero/contract/premium';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea } from './bytea.ts';
import { areas } from './catalogue.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A Sentiero+ membership (issue 14). Its life is the state machine of the API's
 * `premium/lifecycle.ts`; this row is what that machine reads and writes, plus what the
 * renewal job needs to find work (`next_charge_at`) and never repeat it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    source: text('source').$type<SubscriptionSource>().notNull().default('web'),
    planType: text('plan_type').$type<SubscriptionType>().notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Web memberships: how they are paid; null for app-store ones. */
    paymentMethod: text('payment_method').$type<SubscriptionPaymentMethod>(),
    /**
     * The provider's id: the sandbox's saved card, Stripe's or PayPal's subscription, Apple's
     * originalTransactionId, Google's purchaseToken.
     */
    providerReference: text('provider_reference'),
    paymentLabel: text('payment_label'),
    /** The member has not approved it at the provider yet (PayPal, Stripe's card confirmation). */
    awaitingApproval: boolean('awaiting_approval').notNull().default(false),
    startedAt: at('started_at').notNull(),
    trialEnd: at('trial_end'),
    periodEnd: at('period_end').notNull(),
    failedCharges: integer('failed_charges').notNull().default(0),
    pastDueSince: at('past_due_since'),
    /**
     * Past due: the benefits last until then (Sentiero's retry window, or the app store's grace
     * period; the failure itself when the store holds the account). Null otherwise.
     */
    graceUntil: at('grace_until'),
    remainingMs: bigint('remaining_ms', { mode: 'number' }),
    canceledFrom: text('canceled_from').$type<'trialing' | 'active' | 'past_due'>(),
    /** When Sentiero's renewal job must charge (sandbox) or end it; null when nothing is due. */
    nextChargeAt: at('next_charge_at'),
    /** When the reminder of the next charge is due (3 days before a trial end or a yearly renewal). */
    remindAt: at('remind_at'),
    lastPaymentAt: at('last_payment_at'),
    lastPaymentCents: integer('last_payment_cents'),
    idempotencyKey: text('idempotency_key'),
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // One membership that is not over per member.
    uniqueIndex('subscriptions_live_member_idx').on(table.userId).where(sql`${table.status} <> 'expired'`),
    uniqueIndex('subscriptions_member_key_idx').on(table.userId, table.idempotencyKey),
    uniqueIndex('subscriptions_provider_idx').on(table.source, table.providerReference),
    index('subscriptions_due_idx').on(table.nextChargeAt).where(sql`${table.nextChargeAt} is not null`),
    index('subscriptions_remind_idx').on(table.remindAt).where(sql`${table.remindAt} is not null`),
    index('subscriptions_member_idx').on(table.userId, table.createdAt),
    check('subscriptions_price_check', sql`${table.priceCents} >= 0`),
  ],
);

/**
 * Each charge of a period, attempt by attempt. The idempotency key (membership, period, attempt)
 * goes to the provider too: a job that died between the charge and this row's update charges
 * nobody twice when it runs again.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    /** The period end this charge extends. */
    periodEnd: at('period_end').notNull(),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'failed'>().notNull(),
    providerReference: text('provider_reference'),
    reason: text('reason'),
    receiptNumber: text('receipt_number'),
    paidUntil: at('paid_until'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (table) => [
    uniqueIndex('subscription_charges_key_idx').on(table.idempotencyKey),
    uniqueIndex('subscription_charges_receipt_idx').on(table.receiptNumber),
    index('subscription_charges_subscription_idx').on(table.subscriptionId, table.createdAt),
    // Sentiero's own charges (keys `sub-…`: the renewal job's and a past-due member's new card)
    // take a period once: one charge per membership and period may be pending or paid, so two
    // requests, or a request and the job, that read the same past-due row cannot both charge it.
    uniqueIndex('subscription_charges_one_per_period_idx')
      .on(table.subscriptionId, table.periodEnd)
      .where(sql`${table.status} <> 'failed' and ${table.idempotencyKey} like 'sub-%'`),
  ],
);

/**
 * One free trial per person, ever: the SHA-256 of the normalised address is kept even after the
 * account is deleted, so a re-created account with the same address gets no second trial.
 */
export const premiumTrials = pgTable('premium_trials', {
  emailHash: text('email_hash').primaryKey(),
  usedAt: at('used_at').notNull(),
});

/** Provider and store notifications already applied: a redelivery changes nothing. */
export const billingNotifications = pgTable(
  'billing_notifications',
  {
    source: text('source').notNull(),
    notificationId: text('notification_id').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.notificationId] })],
);

/**
 * The offline sandbox's own ledger (it stands for a card provider): saved test cards and the
 * charges made on them, by idempotency key, so a restarted job finds the charge it already made.
 */
export const sandboxBillingCards = pgTable('sandbox_billing_cards', {
  token: text('token').primaryKey(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** 4000 0000 0000 0341: attaches, then every charge is declined. */
  failsOnCharge: boolean('fails_on_charge').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const sandboxBillingCharges = pgTable('sandbox_billing_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  token: text('token').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').$type<'paid' | 'declined'>().notNull(),
  reference: text('reference').notNull(),
  reason: text('reason'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * Advertising slots' content, configured by the operator (issue 14): house ads for Sentiero+ and
 * partner offers. Texts per language; members of Sentiero+ never see any.
 */
export const ads = pgTable(
  'ads',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'house' | 'partner'>().notNull(),
    placements: text('placements').array().notNull(),
    /** { it: { title, text, cta }, en: … }; a missing language falls back to English. */
    texts: jsonb('texts').$type<Record<string, { title: string; text: string; cta: string }>>().notNull(),
    url: text('url').notNull(),
    image: text('image'),
    weight: integer('weight').notNull().default(1),
    activeFrom: at('active_from'),
    activeUntil: at('active_until'),
    active: boolean('active').notNull().default(true),
    /** The languages it is shown in; null: every language (a missing text falls back to English). */
    languages: text('languages').array(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [check('ads_kind_check', sql`${table.kind} in ('house', 'partner')`)],
);

/**
 * An ad's uploaded picture (ADR 038): read by its content and re-encoded without metadata by the
 * image pipeline, one WebP file at the slot's widest need. `ads.image` names its URL with
 * `version`, so a URL names one file for good.
 */
export const adImages = pgTable('ad_images', {
  adId: text('ad_id')
    .primaryKey()
    .references(() => ads.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  body: bytea('body').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Growth-table areas a logged-in member unlocked (SPEC section 6: log in or register to unlock). */
export const growthUnlocks = pgTable(
  'growth_unlocks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    unlockedAt: at('unlocked_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.areaId] })],
);

/**
 * What a logged-in member found in an area on a day (issue 15: reports calibrate the growth
 * forecast): one report per member, area and day, a newer one replacing it. The day's level in
 * `area_growth_levels` is the rounded mean of these. A deleted account's reports stay with its
 * anonymised row: the level is no personal data, and the day's level should not change after.
 */
export const growthReports = pgTable(
  'growth_reports',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    /** The calendar day in the area's time zone. */
    observedOn: date('observed_on', { mode: 'string' }).notNull(),
    /** Indexes GROWTH_LEVELS, as `area_growth_levels.level`. */
    level: smallint('level').notNull(),
    reportedAt: at('reported_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.areaId, table.observedOn] }),
    // The day's level is recounted from the area's reports of that day.
    index('growth_reports_area_day_idx').on(table.areaId, table.observedOn),
    check('growth_reports_level_check', sql`${table.level} between 0 and 5`),
  ],
);
