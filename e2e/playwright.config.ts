import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = join(tmpdir(), `sentiero-e2e-${process.pid}`);
// The demo admin's console session, kept by console-staff.setup.ts for the workers (fixtures/staff.ts).
// Set once by the runner; its workers inherit it.
process.env.E2E_CONSOLE_ADMIN_STATE ??= join(tmpdir(), `sentiero-e2e-console-admin-${process.pid}.json`);
// Where the server takes answers to the inbox's replies by SMTP (fixtures/smtp.ts), beside its port.
process.env.E2E_INBOUND_PORT ??= String(port + 25);

/** Debian's Chromium, started the way this network-less machine needs; Playwright never downloads a browser. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 20_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No supported language in the browser, so the default applies unless a test says otherwise.
    locale: 'fr-FR',
    launchOptions: chromium,
    trace: 'off',
    // Requests a service worker makes are out of `page.route`'s reach, and its install competes
    // with the page on a busy machine: only offline.spec.ts, which tests it, lets it run.
    serviceWorkers: 'block',
  },
  projects: [
    {
      // First and alone: its pages are the first the freshly started server renders.
      name: 'after-start',
      use: { ...devices['Desktop Chrome'], locale: 'fr-FR', launchOptions: chromium },
      testMatch: /after-start\.spec\.ts/,
    },
    {
      // The demo admin's one sign-in of the run, whose session the console journeys' staff are invited with.
      name: 'console-staff',
      use: { ...devices['Desktop Chrome'], locale: 'fr-FR', launchOptions: chromium },
      testMatch: /console-staff\.setup\.ts/,
      dependencies: ['after-start'],
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], locale: 'fr-FR', launchOptions: chromium },
      testIgnore: /(mobile|after-start)\.spec\.ts/,
      dependencies: ['after-start', 'console-staff'],
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], locale: 'fr-FR', launchOptions: chromium },
      testMatch: /mobile\.spec\.ts/,
      dependencies: ['after-start'],
    },
  ],
  webServer: {
    // The app as `npm start` runs it: built if needed, on a fresh embedded database.
    command: 'node ../scripts/start.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Every journey's visitor comes from 127.0.0.1: the per-address limits of the forms (20 sign-ups
    // in 10 minutes) would count the whole suite as one visitor. The API tests check those limits.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // The journeys read mails at /dev/mailbox and pay with the card simulator: development, said.
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // The alerts journey's push service is a local one (127.0.0.1), as no browser vendor's is reachable.
      PUSH_SERVICE_LOOPBACK: 'on',
      // The inbox journey answers a reply by mail, as a requester's mail server would.
      INBOUND_SMTP_PORT: process.env.E2E_INBOUND_PORT,
    },
  },
});
