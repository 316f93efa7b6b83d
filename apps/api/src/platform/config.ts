import { resolve } from 'node:path';
import type { SubscriptionType } from '@sentiero/contract/premium';
import { APPLE_ROOT_CA_G3, type AppleNotificationsConfig } from './billing/apple.ts';
import type { GoogleNotificationsConfig } from './billing/google.ts';
import { type InboundMailConfig, inboundMailConfig } from './config-inbound.ts';
import { COMPANY_VARIABLES, PLACEHOLDER_COMPANY, ZEnvironment } from './config-variables.ts';
import { chooseLogFormat, type LogFormat } from './log-format.ts';
import type { PushDestinations } from './push-destinations.ts';
import { OPEN_METEO_URL } from './weather/open-meteo.ts';

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database:
    | {
        driver: 'postgres';
        url: string;
        poolSize: number;
        /**
         * A file every statement sent is appended to, with its values (`bench:orders` replays a
         * buy's with pgbench). Off unless set: it holds members' data and slows every statement.
         */
        statementLog?: string;
      }
    | { driver: 'pglite'; dataDir: string };
  logLevel: string;
  /** JSON lines, or one readable line per event for a developer's terminal (log-format.ts). */
  logFormat: LogFormat;
  publicUrl: string | undefined;
  webDistDir: string;
  brand: string;
  map: { tileUrl: string; attribution: string };
  /** Links to the native apps' store pages; null until an app is published there. */
  appLinks: { appStore: string | null; playStore: string | null };
  company: { name: string; taxNumber: string; registerNumber: string };
  /** Without an SMTP server, mail goes to the embedded mailbox (`/dev/mailbox`, off in production). */
  mail: { smtpUrl: string | undefined; from: string; operator: string };
  /** Answers to the inbox's reply mails (ADR 031); null when off (production without its two values). */
  inbound: InboundMailConfig | null;
  /** Idle lifetime: a session unused this long ends. */
  sessionDays: number;
  /** Absolute lifetime (ASVS 7.3.2): however often it is used, a session ends this long after the login. */
  sessionMaxDays: number;
  /** A staff refund above this amount asks the staff member to confirm who they are again (ADR 028). */
  refundReauthCents: number;
  /** `off` lifts the per-IP limits of forms, for load tests from one address; per-account limits stay. */
  perIpRateLimits: boolean;
  /**
   * Behind a load balancer every request comes from the balancer's address: trusting it makes the
   * client's address (X-Forwarded-For) the one logs and per-IP limits see. Fastify's `trustProxy`.
   */
  trustProxy: boolean | string;
  /**
   * `off`: this process queues background jobs (ticket mails, other mail) but leaves working them
   * to other processes, so API processes can serve buyers while workers render PDFs elsewhere.
   */
  jobWorkers: boolean;
  /**
   * How long a public read (catalogue, areas, tickets, search; the answers already sent with
   * `Cache-Control: public, max-age=300`) is answered from this process's memory; 0 turns it off.
   * By default 5 s in production and off elsewhere, so a developer sees each change at once.
   */
  publicCacheSeconds: number;
  /**
   * How long each process keeps a member's session, account and Sentiero+ membership in memory
   * (member-cache.ts, ADR 023); any change to them is forgotten at once in every process, so this
   * only bounds what the database's announcements could miss. 60 s, and off in tests, which write
   * rows by hand and read them back at once.
   */
  memberCacheSeconds: number;
  payments: {
    /** `publishableKey` is what Stripe.js needs in the browser: without it cards cannot go through Stripe. */
    stripe: {
      secretKey: string;
      webhookSecret: string;
      publishableKey: string | null;
      apiBase?: string;
      /** Sentiero+ Prices; without them the plan's amount is sent as `price_data`. */
      yearlyPriceId?: string;
      monthlyPriceId?: string;
    } | null;
    paypal: {
      clientId: string;
      clientSecret: string;
      webhookId: string;
      apiBase?: string;
      /** Sentiero+ plans: PayPal memberships need the two with the trial at least. */
      yearlyPlanId?: string;
      monthlyPlanId?: string;
      yearlyNoTrialPlanId?: string;
      monthlyNoTrialPlanId?: string;
    } | null;
    /** The card simulator accepts a public test number: never on in production unless asked. */
    sandbox: boolean;
    /**
     * Pay-on-site orders hold places with no money taken: what one member may hold that way, per
     * ticket and day and in open orders (see `checkout/cash-limits.ts`).
     */
    cashLimits: { placesPerTicketDay: number; openOrders: number };
    /** How long places offered from a waiting list are held for the member (ADR 050). */
    waitlistHoldMinutes: number;
  };
  /** The operator's Ed25519 key (PKCS#8 PEM); unset, one is made once under DATA_DIR. */
  ticketSigningKey: string | undefined;
  /** How long a ranger's bundle is good for, in hours (ADR 043). */
  rangerBundleHours: number;
  /** Null unless both the app id and secret are given: Facebook login then answers NOT_CONFIGURED. */
  facebook: { appId: string; appSecret: string; dialogUrl: string; graphUrl: string } | null;
  /** Sentiero+: the plans on sale, their prices (VAT included, in cents) and the free trial. */
  premium: {
    plans: { type: SubscriptionType; priceCents: number }[];
    trialDays: number;
    /** The VAT rate included in the prices, shown on receipts (Italy: 22). */
    vatRatePercent: number;
  };
  /** Businesses applying to sell on Sentiero: the yearly featured listing's price in cents. */
  workWithUs: { featuredListingCents: number };
  /**
   * Where areas' weather comes from: Open-Meteo's forecast API at `openMeteoUrl`, or, when it is
   * null (OPEN_METEO_URL=off, the default outside production), the offline climatology source.
   * The key is only for Open-Meteo's commercial plans (sent as `apikey`).
   */
  weather: { openMeteoUrl: string | null; openMeteoApiKey: string | undefined };
  /**
   * Web Push for the members' alerts: the VAPID key pair and the contact push services see. Unset,
   * PGlite makes a pair once under DATA_DIR; PostgreSQL outside production makes one per process;
   * production on PostgreSQL sends no pushes (and says so at start): each process would sign with
   * a key of its own, and browsers subscribed with another would refuse them.
   */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    subject: string;
    /** Where pushes may go (push-destinations.ts): the push services' hosts, and this machine in tests. */
    destinations: PushDestinations;
  };
  /** Memberships bought in the mobile apps: each store's notifications, once configured. */
  stores: { apple: AppleNotificationsConfig | null; google: GoogleNotificationsConfig | null };
};

export class ConfigError extends Error {}

/** Start-up errors end up in logs: a wrong value here is most likely a secret in the wrong place. */
const NEVER_PRINTED = new Set(['STRIPE_PUBLISHABLE_KEY', 'VAPID_PRIVATE_KEY', 'INBOUND_MAIL_SECRET']);

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/** Reads the environment once at start-up; a bad value stops the process with a message naming it. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = ZEnvironment.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = NEVER_PRINTED.has(name) ? '(hidden)' : JSON.stringify(environment[name] ?? '');
      return `${name}=${value}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.APPLE_BUNDLE_ID && env.APPLE_ENVIRONMENT === 'Production' && !env.APPLE_APP_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  APPLE_APP_ID: required with APPLE_ENVIRONMENT=Production',
    );
  }
  // Development is the default for a laptop; a deployment (a PostgreSQL server, a public https
  // address) that forgot NODE_ENV would run with the card simulator, `/dev/mailbox` and cookies
  // without Secure. It must say which it is.
  const deployedBy = env.DATABASE_URL
    ? 'DATABASE_URL'
    : /^https:/i.test(env.PUBLIC_URL ?? '')
      ? 'PUBLIC_URL'
      : null;
  if (deployedBy && present.NODE_ENV === undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  NODE_ENV: required when ${deployedBy} is set (production, development or test)`,
    );
  }
  const { inbound, problems: inboundProblems } = inboundMailConfig(env);
  if (inboundProblems.length) {
    throw new ConfigError(`Invalid configuration:\n  ${inboundProblems.join('\n  ')}`);
  }
  if (env.NODE_ENV === 'production') {
    // Links in mails must not be built from a request's Host header, and mail must really leave.
    const missing: string[] = (['PUBLIC_URL', 'SMTP_URL'] as const).filter((name) => !env[name]);
    // On PostgreSQL several processes sign tickets, and a restart must not change the key that
    // rangers' phones verify with: without a configured key each start would make its own.
    if (env.DATABASE_URL && !env.TICKET_SIGNING_KEY) missing.push('TICKET_SIGNING_KEY');
    // The footer must show the real company, not the development placeholders.
    for (const name of COMPANY_VARIABLES) {
      if (!env[name] || env[name] === PLACEHOLDER_COMPANY[name]) missing.push(name);
    }
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.map((name) => `${name}: required in production`).join('\n  ')}`,
      );
    }
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL
      ? {
          driver: 'postgres',
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          ...(env.DATABASE_STATEMENT_LOG ? { statementLog: resolve(env.DATABASE_STATEMENT_LOG) } : {}),
        }
      : { driver: 'pglite', dataDir: resolve(env.DATA_DIR) },
    logLevel: env.LOG_LEVEL,
    logFormat: chooseLogFormat(env.LOG_FORMAT, env.NODE_ENV, process.stdout.isTTY === true),
    publicUrl: env.PUBLIC_URL,
    webDistDir: resolve(env.WEB_DIST_DIR ?? resolve(REPO_ROOT, 'apps/web/dist')),
    brand: env.BRAND_NAME,
    map: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION },
    appLinks: { appStore: env.APP_STORE_URL ?? null, playStore: env.PLAY_STORE_URL ?? null },
    company: {
      name: env.COMPANY_NAME ?? PLACEHOLDER_COMPANY.COMPANY_NAME,
      taxNumber: env.COMPANY_TAX_NUMBER ?? PLACEHOLDER_COMPANY.COMPANY_TAX_NUMBER,
      registerNumber: env.COMPANY_REGISTER_NUMBER ?? PLACEHOLDER_COMPANY.COMPANY_REGISTER_NUMBER,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, operator: env.OPERATOR_EMAIL },
    inbound,
    sessionDays: env.SESSION_DAYS,
    sessionMaxDays: env.SESSION_MAX_DAYS,
    refundReauthCents: env.REFUND_REAUTH_CENTS,
    perIpRateLimits: env.RATE_LIMITS === 'on',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jobWorkers: env.JOB_WORKERS === 'on',
    publicCacheSeconds: env.PUBLIC_CACHE_SECONDS ?? (env.NODE_ENV === 'production' ? 5 : 0),
    memberCacheSeconds: env.MEMBER_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 60),
    payments: {
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
              ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
              ...(env.STRIPE_PRICE_YEARLY ? { yearlyPriceId: env.STRIPE_PRICE_YEARLY } : {}),
              ...(env.STRIPE_PRICE_MONTHLY ? { monthlyPriceId: env.STRIPE_PRICE_MONTHLY } : {}),
            }
          : null,
      paypal:
        env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID
          ? {
              clientId: env.PAYPAL_CLIENT_ID,
              clientSecret: env.PAYPAL_CLIENT_SECRET,
              webhookId: env.PAYPAL_WEBHOOK_ID,
              ...(env.PAYPAL_API_BASE ? { apiBase: env.PAYPAL_API_BASE } : {}),
              ...(env.PAYPAL_PLAN_YEARLY ? { yearlyPlanId: env.PAYPAL_PLAN_YEARLY } : {}),
              ...(env.PAYPAL_PLAN_MONTHLY ? { monthlyPlanId: env.PAYPAL_PLAN_MONTHLY } : {}),
              ...(env.PAYPAL_PLAN_YEARLY_NO_TRIAL
                ? { yearlyNoTrialPlanId: env.PAYPAL_PLAN_YEARLY_NO_TRIAL }
                : {}),
              ...(env.PAYPAL_PLAN_MONTHLY_NO_TRIAL
                ? { monthlyNoTrialPlanId: env.PAYPAL_PLAN_MONTHLY_NO_TRIAL }
                : {}),
            }
          : null,
      sandbox: (env.PAYMENTS_SANDBOX ?? (env.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
      cashLimits: { placesPerTicketDay: env.CASH_MAX_PLACES_PER_DAY, openOrders: env.CASH_MAX_OPEN_ORDERS },
      waitlistHoldMinutes: env.WAITLIST_HOLD_MINUTES,
    },
    weather: {
      openMeteoUrl: openMeteoUrl(env.OPEN_METEO_URL, env.NODE_ENV),
      openMeteoApiKey: env.OPEN_METEO_API_KEY,
    },
    ticketSigningKey: env.TICKET_SIGNING_KEY?.replaceAll('\\n', '\n'),
    rangerBundleHours: env.RANGER_BUNDLE_HOURS,
    push: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT ?? `mailto:${env.OPERATOR_EMAIL}`,
      destinations: pushDestinations(env.PUSH_SERVICE_HOSTS, env.PUSH_SERVICE_LOOPBACK, env.NODE_ENV),
    },
    premium: {
      plans: [...new Set(env.PREMIUM_PLANS.split(',').map((plan) => plan.trim() as SubscriptionType))].map(
        (type) => ({
          type,
          priceCents: type === 'yearly' ? env.PREMIUM_YEARLY_PRICE_CENTS : env.PREMIUM_MONTHLY_PRICE_CENTS,
        }),
      ),
      trialDays: env.PREMIUM_TRIAL_DAYS,
      vatRatePercent: env.VAT_RATE_PERCENT,
    },
    workWithUs: { featuredListingCents: env.FEATURED_LISTING_CENTS },
    stores: {
      apple: env.APPLE_BUNDLE_ID
        ? {
            bundleId: env.APPLE_BUNDLE_ID,
            environment: env.APPLE_ENVIRONMENT,
            ...(env.APPLE_APP_ID ? { appAppleId: env.APPLE_APP_ID } : {}),
            onlineChecks:
              (env.APPLE_ONLINE_CHECKS ?? (env.APPLE_ENVIRONMENT === 'Production' ? 'on' : 'off')) === 'on',
            rootCertificates: env.APPLE_ROOT_CERTIFICATES
              ? splitCertificates(env.APPLE_ROOT_CERTIFICATES.replaceAll('\\n', '\n'))
              : [APPLE_ROOT_CA_G3],
            products: { [env.APPLE_PRODUCT_YEARLY]: 'yearly', [env.APPLE_PRODUCT_MONTHLY]: 'monthly' },
          }
        : null,
      google:
        env.GOOGLE_PLAY_PACKAGE &&
        env.GOOGLE_PLAY_PUSH_AUDIENCE &&
        env.GOOGLE_PLAY_PUSH_ACCOUNT &&
        env.GOOGLE_PLAY_CLIENT_EMAIL &&
        env.GOOGLE_PLAY_PRIVATE_KEY
          ? {
              packageName: env.GOOGLE_PLAY_PACKAGE,
              audience: env.GOOGLE_PLAY_PUSH_AUDIENCE,
              serviceAccountEmail: env.GOOGLE_PLAY_PUSH_ACCOUNT,
              ...(env.GOOGLE_OAUTH_CERTS_URL ? { certsUrl: env.GOOGLE_OAUTH_CERTS_URL } : {}),
              api: {
                clientEmail: env.GOOGLE_PLAY_CLIENT_EMAIL,
                privateKeyPem: env.GOOGLE_PLAY_PRIVATE_KEY.replaceAll('\\n', '\n'),
                ...(env.GOOGLE_PLAY_API_BASE ? { baseUrl: env.GOOGLE_PLAY_API_BASE } : {}),
                ...(env.GOOGLE_OAUTH_TOKEN_URL ? { tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL } : {}),
              },
              products: { [env.GOOGLE_PRODUCT_YEARLY]: 'yearly', [env.GOOGLE_PRODUCT_MONTHLY]: 'monthly' },
            }
          : null,
    },
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? {
            appId: env.FACEBOOK_APP_ID,
            appSecret: env.FACEBOOK_APP_SECRET,
            dialogUrl: env.FACEBOOK_DIALOG_URL,
            graphUrl: env.FACEBOOK_GRAPH_URL,
          }
        : null,
  };
}

/** The web app's translations: the API reads its `errors` and `common` texts from the same files. */
export const WEB_LOCALES_DIR = resolve(REPO_ROOT, 'apps/web/public/locales');
/** Texts only the server writes (mails, PDF tickets), which the web app never downloads. */
export const API_LOCALES_DIR = resolve(REPO_ROOT, 'apps/api/locales');

/** The origin map tiles come from, as a CSP source (`{s}` subdomains become a wildcard). */
export function tileSource(tileUrl: string): string {
  return new URL(tileUrl.replace('{s}.', 'tiles.').replace(/\{[a-z]\}/g, '0')).origin.replace(
    '//tiles.',
    '//*.',
  );
}

/**
 * Production asks Open-Meteo unless told otherwise; elsewhere the machine may have no internet
 * (the embedded start, tests), so the climatology source is the default there.
 */
function openMeteoUrl(value: string | undefined, env: Config['env']): string | null {
  const url = value ?? (env === 'production' ? OPEN_METEO_URL : 'off');
  return url === 'off' ? null : url.replace(/\/+$/, '');
}

/** A push service on this machine is for tests and benchmarks: production must never post to its own network. */
function pushDestinations(hosts: string, loopback: 'on' | 'off', env: Config['env']): PushDestinations {
  if (loopback === 'on' && env === 'production') {
    throw new ConfigError('Invalid configuration:\n  PUSH_SERVICE_LOOPBACK: must be off in production');
  }
  return { hosts: hosts.split(',').map((host) => host.trim()), loopback: loopback === 'on' };
}

function splitCertificates(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** `true` (whoever connects is a proxy) or the proxies' addresses; unset, no forwarded header is believed. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined) return false;
  return value === 'true' ? true : value;
}
