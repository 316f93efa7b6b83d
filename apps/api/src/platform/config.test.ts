import { describe, expect, it } from 'vitest';
import { writeTlsFiles } from '../test/tls-files.ts';
import { ConfigError, loadConfig, tileSource } from './config.ts';

/** A company's data as production needs it in the footer. */
const REAL_COMPANY = {
  COMPANY_NAME: 'Funghi e Sentieri S.r.l.',
  COMPANY_TAX_NUMBER: 'IT01234567897',
  COMPANY_REGISTER_NUMBER: 'REA PR-123456',
};

describe('loadConfig', () => {
  it('runs on embedded PGlite under ./.data by default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ driver: 'pglite', dataDir: expect.stringMatching(/\/\.data$/) });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/sentiero',
    });
    expect(config.database).toMatchObject({
      driver: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/sentiero',
    });
  });

  it('logs no statement unless DATABASE_STATEMENT_LOG names a file', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/sentiero';
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }).database).not.toHaveProperty('statementLog');
    expect(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATABASE_STATEMENT_LOG: '/tmp/statements.ndjson' })
        .database,
    ).toMatchObject({
      statementLog: '/tmp/statements.ndjson',
    });
  });

  it('refuses to start a deployment that does not say NODE_ENV, naming it', () => {
    const database = { DATABASE_URL: 'postgres://sentiero@db.sentiero.example:5432/sentiero' };
    // Unsaid, it would be development: the card simulator, /dev/mailbox, cookies without Secure.
    expect(() => loadConfig(database)).toThrow(ConfigError);
    expect(() => loadConfig(database)).toThrow(/NODE_ENV: required when DATABASE_URL is set/);
    // An empty variable is not a choice either.
    expect(() => loadConfig({ ...database, NODE_ENV: '' })).toThrow(/NODE_ENV: required/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://sentiero.example' })).toThrow(
      /NODE_ENV: required when PUBLIC_URL is set/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'HTTPS://sentiero.example' })).toThrow(/NODE_ENV: required/);
    // Said explicitly, development on PostgreSQL is a choice someone made.
    expect(loadConfig({ ...database, NODE_ENV: 'development' }).env).toBe('development');
    expect(loadConfig({ ...database, NODE_ENV: 'test' }).env).toBe('test');
    // A laptop needs no NODE_ENV: the embedded database, a local address.
    expect(loadConfig({}).env).toBe('development');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).env).toBe('development');
  });

  it('names the variable that is wrong and the value it got', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db' })).toThrow(
      /DATABASE_URL="mysql:\/\/db": must start with postgres/,
    );
  });

  it('ends sessions 90 days after login by default, or after SESSION_MAX_DAYS', () => {
    expect(loadConfig({}).sessionMaxDays).toBe(90);
    expect(loadConfig({ SESSION_MAX_DAYS: '14' }).sessionMaxDays).toBe(14);
    expect(() => loadConfig({ SESSION_MAX_DAYS: 'forever' })).toThrow(/SESSION_MAX_DAYS="forever"/);
    expect(() => loadConfig({ SESSION_MAX_DAYS: '0' })).toThrow(/SESSION_MAX_DAYS="0"/);
  });

  it('refuses to run in production without a public address and a mail server', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://sentiero.example' })).toThrow(
      /SMTP_URL: required in production/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://sentiero.example',
      SMTP_URL: 'smtps://mailer:secret@smtp.sentiero.example:465',
      ...REAL_COMPANY,
    });
    expect(config.mail.smtpUrl).toBe('smtps://mailer:secret@smtp.sentiero.example:465');
  });

  it('refuses to run in production with the placeholder company data, naming what is missing', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://sentiero.example',
      SMTP_URL: 'smtps://mailer:secret@smtp.sentiero.example:465',
    };
    expect(() => loadConfig(production)).toThrow(
      /COMPANY_NAME: required in production\n {2}COMPANY_TAX_NUMBER: required in production\n {2}COMPANY_REGISTER_NUMBER: required in production/,
    );
    const withoutRegister = { ...production, ...REAL_COMPANY, COMPANY_REGISTER_NUMBER: '' };
    expect(() => loadConfig(withoutRegister)).toThrow(/COMPANY_REGISTER_NUMBER: required in production/);
    expect(() => loadConfig(withoutRegister)).not.toThrow(/COMPANY_NAME|COMPANY_TAX_NUMBER/);
    // The development placeholders are no company's real data.
    expect(() => loadConfig({ ...production, ...REAL_COMPANY, COMPANY_TAX_NUMBER: 'IT00000000000' })).toThrow(
      /^Invalid configuration:\n {2}COMPANY_TAX_NUMBER: required in production$/,
    );
    expect(loadConfig({ ...production, ...REAL_COMPANY }).company).toEqual({
      name: 'Funghi e Sentieri S.r.l.',
      taxNumber: 'IT01234567897',
      registerNumber: 'REA PR-123456',
    });
    // Outside production the footer shows the placeholders.
    expect(loadConfig({}).company.taxNumber).toBe('IT00000000000');
  });

  it('refuses to run in production on PostgreSQL without the ticket signing key every process shares', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://sentiero.example',
      SMTP_URL: 'smtps://mailer:secret@smtp.sentiero.example:465',
      DATABASE_URL: 'postgres://sentiero@db.sentiero.example:5432/sentiero',
      ...REAL_COMPANY,
    };
    expect(() => loadConfig(production)).toThrow(/TICKET_SIGNING_KEY: required in production/);
    const key = '-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEIA==\\n-----END PRIVATE KEY-----';
    expect(loadConfig({ ...production, TICKET_SIGNING_KEY: key }).ticketSigningKey).toContain('PRIVATE KEY');
  });

  it('makes reply addresses outside production by default, and in production only when both values are given', () => {
    expect(loadConfig({}).inbound).toEqual({
      domain: 'sentiero.localhost',
      secret: null,
      smtpPort: null,
      tls: null,
    });
    expect(
      loadConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'In.Sentiero.test' }).inbound,
    ).toEqual({
      domain: 'in.sentiero.test',
      secret: null,
      smtpPort: 2525,
      tls: null,
    });
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://sentiero.example',
      SMTP_URL: 'smtps://mailer:secret@smtp.sentiero.example:465',
      ...REAL_COMPANY,
    };
    expect(loadConfig(production).inbound).toBeNull();
    const secret = 'k'.repeat(40);
    expect(
      loadConfig({
        ...production,
        INBOUND_MAIL_DOMAIN: 'answers.sentiero.example',
        INBOUND_MAIL_SECRET: secret,
      }).inbound,
    ).toEqual({ domain: 'answers.sentiero.example', secret, smtpPort: null, tls: null });
    expect(() => loadConfig({ ...production, INBOUND_MAIL_DOMAIN: 'answers.sentiero.example' })).toThrow(
      /^Invalid configuration:\n {2}INBOUND_MAIL_SECRET: required in production with INBOUND_MAIL_DOMAIN$/,
    );
    expect(() => loadConfig({ ...production, INBOUND_SMTP_PORT: '25' })).toThrow(
      /INBOUND_MAIL_DOMAIN: required in production with INBOUND_SMTP_PORT\n {2}INBOUND_MAIL_SECRET: required/,
    );
  });

  it("reads the receiver's STARTTLS key and certificate where it listens, and stops on a half or wrong pair", () => {
    const pair = writeTlsFiles('answers.sentiero.test');
    const other = writeTlsFiles('other.sentiero.test');
    const listening = { INBOUND_SMTP_PORT: '2525' };
    expect(
      loadConfig({ ...listening, INBOUND_SMTP_TLS_KEY: pair.keyPath, INBOUND_SMTP_TLS_CERT: pair.certPath })
        .inbound?.tls,
    ).toEqual({ key: pair.keyPem, cert: pair.certPem });
    expect(() => loadConfig({ ...listening, INBOUND_SMTP_TLS_KEY: pair.keyPath })).toThrow(
      /^Invalid configuration:\n {2}INBOUND_SMTP_TLS_CERT: required with INBOUND_SMTP_TLS_KEY \(STARTTLS needs both files\)$/,
    );
    // Also where this process does not listen: the environment is shared, the mistake is the same.
    expect(() => loadConfig({ INBOUND_SMTP_TLS_CERT: pair.certPath })).toThrow(
      /INBOUND_SMTP_TLS_KEY: required with INBOUND_SMTP_TLS_CERT/,
    );
    expect(() =>
      loadConfig({
        ...listening,
        INBOUND_SMTP_TLS_KEY: '/nonexistent/key.pem',
        INBOUND_SMTP_TLS_CERT: pair.certPath,
      }),
    ).toThrow(/INBOUND_SMTP_TLS_KEY: \/nonexistent\/key\.pem cannot be read \(ENOENT\)/);
    expect(() =>
      loadConfig({ ...listening, INBOUND_SMTP_TLS_KEY: other.keyPath, INBOUND_SMTP_TLS_CERT: pair.certPath }),
    ).toThrow(/INBOUND_SMTP_TLS_KEY: .+ is not the key of the certificate in /);
    expect(() =>
      loadConfig({ ...listening, INBOUND_SMTP_TLS_KEY: pair.keyPath, INBOUND_SMTP_TLS_CERT: pair.keyPath }),
    ).toThrow(/INBOUND_SMTP_TLS_CERT: .+ is not a PEM certificate/);
    // A key never shows in the message, even when it is given where the certificate should be.
    expect(() =>
      loadConfig({ ...listening, INBOUND_SMTP_TLS_KEY: pair.certPath, INBOUND_SMTP_TLS_CERT: pair.certPath }),
    ).toThrow(/INBOUND_SMTP_TLS_KEY: .+ is not a PEM private key/);
    // A process that does not listen leaves the files to the one that does.
    expect(
      loadConfig({
        INBOUND_SMTP_TLS_KEY: '/nonexistent/key.pem',
        INBOUND_SMTP_TLS_CERT: '/nonexistent/cert.pem',
      }).inbound?.tls,
    ).toBeNull();
  });

  it('refuses a short inbound secret without printing it', () => {
    const attempt = () => loadConfig({ INBOUND_MAIL_SECRET: 'hunter2' });
    expect(attempt).toThrow(/INBOUND_MAIL_SECRET=\(hidden\): must be at least 32 characters/);
    expect(attempt).not.toThrow(/hunter2/);
  });

  it('asks Open-Meteo for the weather in production and the offline climatology elsewhere, unless told', () => {
    expect(loadConfig({}).weather.openMeteoUrl).toBeNull();
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://sentiero.example',
      SMTP_URL: 'smtps://mailer:secret@smtp.sentiero.example:465',
      ...REAL_COMPANY,
    };
    expect(loadConfig(production).weather.openMeteoUrl).toBe('https://api.open-meteo.com');
    expect(loadConfig({ ...production, OPEN_METEO_URL: 'off' }).weather.openMeteoUrl).toBeNull();
    expect(loadConfig({ OPEN_METEO_URL: 'http://127.0.0.1:3710/' }).weather.openMeteoUrl).toBe(
      'http://127.0.0.1:3710',
    );
    expect(() => loadConfig({ OPEN_METEO_URL: 'api.open-meteo.com' })).toThrow(/OPEN_METEO_URL/);
  });

  it('believes X-Forwarded-For only from the proxies it is told to trust', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'the balancer' })).toThrow(/TRUST_PROXY="the balancer"/);
  });

  it('refuses a Stripe secret key where the publishable key goes, without printing it', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_51Sentiero', STRIPE_WEBHOOK_SECRET: 'whsec_sentiero' };
    const mistake = () => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'sk_live_51Sentiero' });
    expect(mistake).toThrow(/STRIPE_PUBLISHABLE_KEY=\(hidden\): must be a publishable key/);
    expect(mistake).not.toThrow(/sk_live/);
    const config = loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_test_51Sentiero' });
    expect(config.payments.stripe?.publishableKey).toBe('pk_test_51Sentiero');
  });

  it('reads the Sentiero+ Stripe Prices and PayPal plans under their payment providers', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_51Sentiero', STRIPE_WEBHOOK_SECRET: 'whsec_sentiero' };
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH1' };
    const config = loadConfig({
      ...stripe,
      ...paypal,
      STRIPE_PRICE_YEARLY: 'price_1PlusYearly',
      PAYPAL_PLAN_YEARLY: 'P-5ML4271244454362WXNWU5NQ',
      PAYPAL_PLAN_MONTHLY: 'P-3RX065706M3469222L5IFM4I',
      PAYPAL_PLAN_MONTHLY_NO_TRIAL: 'P-1TJ68562UM738263GMJMD6AQ',
    });
    expect(config.payments.stripe).toMatchObject({ yearlyPriceId: 'price_1PlusYearly' });
    expect(config.payments.stripe).not.toHaveProperty('monthlyPriceId');
    expect(config.payments.paypal).toMatchObject({
      yearlyPlanId: 'P-5ML4271244454362WXNWU5NQ',
      monthlyPlanId: 'P-3RX065706M3469222L5IFM4I',
      monthlyNoTrialPlanId: 'P-1TJ68562UM738263GMJMD6AQ',
    });
    expect(config.payments.paypal).not.toHaveProperty('yearlyNoTrialPlanId');
    expect(() => loadConfig({ ...stripe, STRIPE_PRICE_MONTHLY: 'prod_Plus' })).toThrow(
      /STRIPE_PRICE_MONTHLY="prod_Plus": must be a Stripe Price id/,
    );
  });

  it("checks App Store notifications online in Apple's production environment, which needs the app's Apple ID", () => {
    expect(() => loadConfig({ APPLE_BUNDLE_ID: 'it.sentiero.app' })).toThrow(/APPLE_APP_ID: required/);
    const production = loadConfig({ APPLE_BUNDLE_ID: 'it.sentiero.app', APPLE_APP_ID: '1234567890' });
    expect(production.stores.apple).toMatchObject({ appAppleId: 1234567890, onlineChecks: true });
    const offline = loadConfig({ APPLE_BUNDLE_ID: 'it.sentiero.app', APPLE_ENVIRONMENT: 'Sandbox' });
    expect(offline.stores.apple).toMatchObject({ environment: 'Sandbox', onlineChecks: false });
    const off = { APPLE_BUNDLE_ID: 'it.sentiero.app', APPLE_APP_ID: '1', APPLE_ONLINE_CHECKS: 'off' };
    expect(loadConfig(off).stores.apple).toMatchObject({ onlineChecks: false });
  });

  it('turns Facebook login on only when both the app id and the secret are given', () => {
    expect(loadConfig({ FACEBOOK_APP_ID: '123' }).facebook).toBeNull();
    expect(loadConfig({ FACEBOOK_APP_ID: '123', FACEBOOK_APP_SECRET: 's3cret' }).facebook).toMatchObject({
      appId: '123',
      graphUrl: 'https://graph.facebook.com/v21.0',
    });
  });

  it('lifts the per-IP form limits only when asked, for load tests', () => {
    expect(loadConfig({}).perIpRateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'off' }).perIpRateLimits).toBe(false);
    expect(() => loadConfig({ RATE_LIMITS: 'maybe' })).toThrow(/RATE_LIMITS="maybe"/);
  });

  it('allows map tiles from the configured server only', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tiles.example.net/{z}/{x}/{y}@2x.png')).toBe(
      'https://*.tiles.example.net',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.example.net/map.png' })).toThrow(/MAP_TILE_URL/);
  });
});
