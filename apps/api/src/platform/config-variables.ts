import {
  PREMIUM_MONTHLY_PRICE_CENTS,
  PREMIUM_TRIAL_DAYS,
  PREMIUM_YEARLY_PRICE_CENTS,
} from '@sentiero/contract/premium';
import { FEATURED_LISTING_CENTS } from '@sentiero/contract/work-with-us';
import { z } from 'zod';
import { FACEBOOK_DIALOG_URL, FACEBOOK_GRAPH_URL } from './facebook-oauth.ts';
import { PUSH_SERVICE_HOSTS } from './push-destinations.ts';

/*
 * The environment variables the API reads, with their defaults and limits: `loadConfig`
 * (config.ts) parses the environment with this once at start-up and builds the `Config` from it.
 */

const ZPort = z.coerce.number().int().min(0).max(65535);

/**
 * The footer's company data outside production, when none is given. Placeholders: production
 * refuses to start on them, as the law wants the real tax and register numbers on the site.
 */
export const PLACEHOLDER_COMPANY = {
  COMPANY_NAME: 'Sentiero S.r.l.',
  COMPANY_TAX_NUMBER: 'IT00000000000',
  COMPANY_REGISTER_NUMBER: 'REA XX-000000',
} as const;
export const COMPANY_VARIABLES = Object.keys(PLACEHOLDER_COMPANY) as (keyof typeof PLACEHOLDER_COMPANY)[];

export const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: ZPort.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_STATEMENT_LOG: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  PUBLIC_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  BRAND_NAME: z.string().min(1).default('Sentiero'),
  MAP_TILE_URL: z
    .string()
    .regex(/^https:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an https URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().min(1).default('© OpenStreetMap contributors'),
  /** The native apps' store pages, once they exist: `/app` shows a badge for each one set. */
  APP_STORE_URL: z.url({ protocol: /^https$/ }).optional(),
  PLAY_STORE_URL: z.url({ protocol: /^https$/ }).optional(),
  COMPANY_NAME: z.string().min(1).optional(),
  COMPANY_TAX_NUMBER: z.string().min(1).optional(),
  COMPANY_REGISTER_NUMBER: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sentiero <no-reply@sentiero.localhost>'),
  OPERATOR_EMAIL: z.email().default('support@sentiero.localhost'),
  // Answers to the inbox's reply mails (ADR 031): the reply addresses' domain and HMAC key, the
  // port this process takes them on and the certificate it offers there.
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^([a-z0-9-]+\.)+[a-z0-9-]+$/i, 'must be a domain name (its MX leads to the SMTP receiver)')
    .optional(),
  INBOUND_MAIL_SECRET: z.string().min(32, 'must be at least 32 characters (a random secret)').optional(),
  INBOUND_SMTP_PORT: ZPort.optional(),
  // The receiver's key and certificate (PEM files): with both, it offers STARTTLS.
  INBOUND_SMTP_TLS_KEY: z.string().min(1).optional(),
  INBOUND_SMTP_TLS_CERT: z.string().min(1).optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  REFUND_REAUTH_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(10_000),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'must be true or the proxies’ addresses (IPs or CIDR ranges, comma-separated)',
    )
    .optional(),
  JOB_WORKERS: z.enum(['on', 'off']).default('on'),
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  MEMBER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().optional(),
  // Published to every browser: a secret key (sk_, rk_) put here by mistake must stop the start.
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a publishable key (pk_test_… or pk_live_…)')
    .optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_BASE: z.url().optional(),
  // Sentiero+ (issue 14): Stripe Prices and PayPal plans made by the operator (ensurePaypalPlans).
  STRIPE_PRICE_YEARLY: z
    .string()
    .regex(/^price_\w+$/, 'must be a Stripe Price id (price_…)')
    .optional(),
  STRIPE_PRICE_MONTHLY: z
    .string()
    .regex(/^price_\w+$/, 'must be a Stripe Price id (price_…)')
    .optional(),
  PAYPAL_PLAN_YEARLY: z
    .string()
    .regex(/^P-\w+$/, 'must be a PayPal plan id (P-…)')
    .optional(),
  PAYPAL_PLAN_MONTHLY: z
    .string()
    .regex(/^P-\w+$/, 'must be a PayPal plan id (P-…)')
    .optional(),
  PAYPAL_PLAN_YEARLY_NO_TRIAL: z
    .string()
    .regex(/^P-\w+$/, 'must be a PayPal plan id (P-…)')
    .optional(),
  PAYPAL_PLAN_MONTHLY_NO_TRIAL: z
    .string()
    .regex(/^P-\w+$/, 'must be a PayPal plan id (P-…)')
    .optional(),
  PAYMENTS_SANDBOX: z.enum(['on', 'off']).optional(),
  CASH_MAX_PLACES_PER_DAY: z.coerce.number().int().min(1).max(1000).default(6),
  CASH_MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(1000).default(3),
  WAITLIST_HOLD_MINUTES: z.coerce.number().int().min(5).max(2880).default(120),
  TICKET_SIGNING_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
  RANGER_BUNDLE_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_DIALOG_URL: z.url().default(FACEBOOK_DIALOG_URL),
  FACEBOOK_GRAPH_URL: z.url().default(FACEBOOK_GRAPH_URL),
  PREMIUM_YEARLY_PRICE_CENTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(PREMIUM_YEARLY_PRICE_CENTS),
  PREMIUM_MONTHLY_PRICE_CENTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(PREMIUM_MONTHLY_PRICE_CENTS),
  PREMIUM_TRIAL_DAYS: z.coerce.number().int().min(0).max(90).default(PREMIUM_TRIAL_DAYS),
  PREMIUM_PLANS: z
    .string()
    .regex(/^(yearly|monthly)(\s*,\s*(yearly|monthly))*$/, 'must list yearly and/or monthly, comma-separated')
    .default('yearly,monthly'),
  /** The yearly featured listing of a business that works with Sentiero (VAT included). */
  FEATURED_LISTING_CENTS: z.coerce.number().int().min(1).max(10_000_000).default(FEATURED_LISTING_CENTS),
  VAT_RATE_PERCENT: z.coerce.number().min(0).max(50).default(22),
  APPLE_BUNDLE_ID: z.string().min(1).optional(),
  APPLE_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
  /** The app's Apple ID, which production notifications carry and Apple's library checks. */
  APPLE_APP_ID: z.coerce.number().int().positive().optional(),
  /** Revocation (OCSP) checked at Apple for each new signing chain; on by default in Production. */
  APPLE_ONLINE_CHECKS: z.enum(['on', 'off']).optional(),
  /** PEM certificates, replacing Apple Root CA - G3 (tests, Apple's Xcode test environment). */
  APPLE_ROOT_CERTIFICATES: z
    .string()
    .includes('BEGIN CERTIFICATE', { message: 'must be PEM certificates' })
    .optional(),
  APPLE_PRODUCT_YEARLY: z.string().min(1).default('it.sentiero.plus.yearly'),
  APPLE_PRODUCT_MONTHLY: z.string().min(1).default('it.sentiero.plus.monthly'),
  GOOGLE_PLAY_PACKAGE: z.string().min(1).optional(),
  GOOGLE_PLAY_PUSH_AUDIENCE: z.url().optional(),
  GOOGLE_PLAY_PUSH_ACCOUNT: z.email().optional(),
  GOOGLE_PLAY_CLIENT_EMAIL: z.email().optional(),
  GOOGLE_PLAY_PRIVATE_KEY: z
    .string()
    .includes('PRIVATE KEY', { message: 'must be a PEM private key' })
    .optional(),
  GOOGLE_PLAY_API_BASE: z.url().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
  GOOGLE_OAUTH_CERTS_URL: z.url().optional(),
  GOOGLE_PRODUCT_YEARLY: z.string().min(1).default('plus_yearly'),
  GOOGLE_PRODUCT_MONTHLY: z.string().min(1).default('plus_monthly'),
  OPEN_METEO_URL: z.union([z.literal('off'), z.url({ protocol: /^https?$/ })]).optional(),
  OPEN_METEO_API_KEY: z.string().min(1).optional(),
  // Web Push (VAPID, RFC 8292): the key pair as `web-push generate-vapid-keys` prints it.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: address or an https URL')
    .optional(),
  // Where members' push subscriptions may point: host names, `*.` for the names under one.
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(
      /^(\*\.)?([a-z0-9-]+\.)+[a-z]{2,}(\s*,\s*(\*\.)?([a-z0-9-]+\.)+[a-z]{2,})*$/,
      'must be push services’ host names (lower case, comma-separated; *.example.com for the names under one)',
    )
    .default(PUSH_SERVICE_HOSTS.join(',')),
  /** Local push services of tests and benchmarks (127.0.0.1, ::1): refused in production. */
  PUSH_SERVICE_LOOPBACK: z.enum(['on', 'off']).default('off'),
});
