import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.warn('\n  TEST_DATABASE_URL is not set: the API tests run on PGlite only, not on PostgreSQL.\n');
}

const apiTests = ['apps/api/src/**/*.test.ts'];
/** Concurrency tests need a server with many connections: they run in the PostgreSQL project only. */
const postgresOnlyTests = ['apps/api/src/**/*.postgres.test.ts'];
/**
 * Tests of the HTTP layer that the database does not change (hostile bodies and large text on every
 * route): on PostgreSQL alone when it is configured, on PGlite otherwise. In one run of the whole
 * suite they took 454 s on PGlite and 72 s on PostgreSQL.
 */
const anyDatabaseTests = ['apps/api/src/api-fuzz-hostile.test.ts', 'apps/api/src/api-fuzz-large.test.ts'];
/** Migrates and seeds a database once per run; each API test file gets a copy of it (test/database.ts). */
const databaseTemplates = './apps/api/src/test/global-setup.ts';

/**
 * The API test files share their worker's modules instead of loading the whole app again for each
 * file (that took most of a file's time): each file still starts its own app on its own database,
 * and no API test mocks a module.
 */
const apiIsolation = { isolate: false };

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker: a file waiting on PostgreSQL, a timer or a server
    // process then leaves a core idle. Two files at a time keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api:pglite',
          include: apiTests,
          exclude: postgresUrl ? [...postgresOnlyTests, ...anyDatabaseTests] : postgresOnlyTests,
          env: { TEST_DB_DRIVER: 'pglite' },
          globalSetup: [databaseTemplates],
          ...apiIsolation,
          testTimeout: 20_000,
          // Each file starts the app on its own copy of the seeded database first; on a busy 2-core machine that can take a while.
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'api:postgres',
                include: apiTests,
                env: { TEST_DB_DRIVER: 'postgres' },
                globalSetup: [databaseTemplates],
                ...apiIsolation,
                testTimeout: 20_000,
                // Each file starts the app on its own copy of the seeded database first; on a busy 2-core machine that can take a while.
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
