import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { type Database, type Db, openDatabase, type SentStatement } from '@sentiero/db/client';
import { activityTypes, serviceTags } from '@sentiero/db/schema';
import { seedDatabase, seedReference } from '@sentiero/db/seed/seed';
import { seedActivityTypes, seedServiceTags } from '@sentiero/db/seed/vocabulary';
import { inject } from 'vitest';
import { adminQuery, copyPgliteTemplate, type DatabaseTemplates, databaseUrl } from './global-setup.ts';

export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

/**
 * What a test database holds besides the schema: the whole seed with its demo catalogue (`true`),
 * nothing (`false`), or only what every database holds, which no test's count can be thrown by
 * (`'reference'`): the countries, categories and regions, and the activities and services
 * tickets are described with. A test that asserts a whole list (every search result, every
 * recommendation) takes `'reference'` and writes the listings it expects with the factories.
 */
export type TestSeed = boolean | 'reference';

/**
 * A fresh, migrated and seeded database for one test file: PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when the file runs in the `api:postgres` project. Each is
 * a copy of a template the run's global setup migrated and seeded once (global-setup.ts).
 */
export async function createTestDatabase({
  seed = true,
  onStatement,
}: {
  seed?: TestSeed;
  /** Told of every statement sent to PostgreSQL (PGlite has no driver in between to tell it). */
  onStatement?: (statement: SentStatement) => void;
} = {}): Promise<TestDatabase> {
  const templates = inject('databaseTemplates');
  if (!templates) {
    // Run without the projects' global setup: the database is built here, as the template is.
    const database =
      process.env.TEST_DB_DRIVER === 'postgres'
        ? await createPostgresDatabase(undefined, onStatement)
        : await createPgliteDatabase();
    await database.migrate();
    if (seed === true) await seedDatabase(database.db);
    if (seed === 'reference') await writeReference(database.db);
    return database;
  }
  let database: TestDatabase;
  if (templates.driver === 'postgres') {
    if (process.env.TEST_DB_DRIVER !== 'postgres') throw new Error('the templates are not for this project');
    database = await createPostgresDatabase(
      seed === true ? templates.seeded : templates.migrated,
      onStatement,
    );
  } else database = await createPgliteDatabase(templates, seed === true);
  if (seed === 'reference') await writeReference(database.db);
  return database;
}

/** The seed's reference step, and the activity types and service tags its catalogue step writes. */
async function writeReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedReference(tx);
    await tx
      .insert(activityTypes)
      .values(seedActivityTypes.map((activity, index) => ({ ...activity, sortOrder: index })));
    await tx.insert(serviceTags).values([...seedServiceTags]);
  });
}

async function createPgliteDatabase(
  templates?: DatabaseTemplates & { driver: 'pglite' },
  seed = true,
): Promise<TestDatabase> {
  if (!templates) {
    const database = await openDatabase({ driver: 'pglite' });
    return { ...database, drop: () => database.close() };
  }
  const dataDir = copyPgliteTemplate(seed ? templates.seeded : templates.migrated, templates.directory);
  const database = await openDatabase({ driver: 'pglite', dataDir });
  return {
    ...database,
    async drop() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(
  template: string | undefined,
  onStatement?: (statement: SentStatement) => void,
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must be set for the api:postgres tests');
  const name = `sentiero_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );

  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ driver: 'postgres', url, poolSize: 5, onStatement });
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
