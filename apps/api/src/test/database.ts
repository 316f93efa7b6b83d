import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { type Database, openDatabase, type SentStatement } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import { inject } from 'vitest';
import { adminQuery, copyPgliteTemplate, type DatabaseTemplates, databaseUrl } from './global-setup.ts';

export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

/**
 * A fresh, migrated and seeded database for one test file: PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when the file runs in the `api:postgres` project. Each is
 * a copy of a template the run's global setup migrated and seeded once (global-setup.ts).
 */
export async function createTestDatabase({
  seed = true,
  onStatement,
}: {
  seed?: boolean;
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
    if (seed) await seedDatabase(database.db);
    return database;
  }
  if (templates.driver === 'postgres') {
    if (process.env.TEST_DB_DRIVER !== 'postgres') throw new Error('the templates are not for this project');
    return createPostgresDatabase(seed ? templates.seeded : templates.migrated, onStatement);
  }
  return createPgliteDatabase(templates, seed);
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
