import type { Language } from '@sentiero/contract/languages';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A member. Deleting an account erases every personal field and keeps the row (with `deleted_at`)
 * so orders stay attached to an anonymous buyer for the tax records.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lowercased; null once the account is deleted, so the address can sign up again. */
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    country: varchar('country', { length: 2 }),
    fiscalCode: text('fiscal_code'),
    language: text('language').$type<Language>().notNull().default('it'),
    referral: text('referral'),
    facebookId: text('facebook_id'),
    adultConfirmedAt: timestamp('adult_confirmed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    preferredActivityIds: integer('preferred_activity_ids').array().notNull().default(sql`'{}'`),
    preferredRegionIds: integer('preferred_region_ids').array().notNull().default(sql`'{}'`),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /**
     * A key being set up, kept apart from the active one: starting a setup never switches off the
     * factor that protects the account until a code of the new key confirms it.
     */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last time step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * Passed to the app stores with a purchase (Apple's appAccountToken, Google's obfuscated
     * account id), so their notifications name the member without naming the person.
     */
    storeAccountToken: uuid('store_account_token').notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    uniqueIndex('users_facebook_id_idx').on(table.facebookId),
    uniqueIndex('users_store_account_token_idx').on(table.storeAccountToken),
    // The console's order search by the buyer's name (ADR 033); the query uses the same expression.
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
  ],
);

/** Only the SHA-256 of a session token is stored: a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * Single-use links mailed about the account, stored hashed: `confirm-email` goes to a new address
 * (which it becomes once opened), `secure-account` to the address a change was announced to.
 * `email` is that address.
 */
export const ACCOUNT_TOKEN_PURPOSES = ['confirm-email', 'secure-account'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('account_tokens_user_id_idx').on(table.userId)],
);

/**
 * OWASP's device cookies: a browser that logged in to an account gets a random token (stored
 * hashed); its failed logins count against its own allowance, not the account's.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('trusted_devices_user_id_idx').on(table.userId)],
);

/** A password accepted for an account with two-factor login, waiting for its code. */
export const loginChallenges = pgTable('login_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * Double opt-in: a subscription counts only once the link mailed to the address was opened;
 * `consented_at` is that moment. The unsubscribe token goes in every newsletter mail.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').$type<Language>().notNull(),
    status: text('status').$type<NewsletterStatus>().notNull(),
    confirmTokenHash: text('confirm_token_hash'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('newsletter_subscriptions_email_idx').on(table.email),
    uniqueIndex('newsletter_subscriptions_unsubscribe_idx').on(table.unsubscribeToken),
    index('newsletter_subscriptions_user_id_idx').on(table.userId),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  language: text('language').$type<Language>().notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The embedded mailbox: where mail goes when no SMTP server is configured (`/dev/mailbox`). */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The Reply-To header, so a developer can answer an inbox reply through the inbound SMTP port. */
    replyTo: text('reply_to'),
    createdAt: createdAt(),
  },
  (table) => [index('mailbox_messages_to_idx').on(table.toAddress, table.id)],
);

/**
 * Rate-limit counters shared by every API process: one row per key (route and IP, or account)
 * counting hits until `reset_at`.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
