import { randomBytes } from 'node:crypto';
import { type Database, openDatabase, type SentStatement } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import pg from 'pg';

export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL when the file runs in the `api:postgres` project.
 */
export async function createTestDatabase({
  seed = true,
  onStatement,
}: {
  seed?: boolean;
  /** Told of every statement sent to PostgreSQL (PGlite has no driver in between to tell it). */
  onStatement?: (statement: SentStatement) => void;
} = {}): Promise<TestDatabase> {
  const database =
    process.env.TEST_DB_DRIVER === 'postgres'
      ? await createPostgresDatabase(onStatement)
      : await createPgliteDatabase();
  await database.migrate();
  if (seed) await seedDatabase(database.db);
  return database;
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const database = await openDatabase({ driver: 'pglite' });
  return { ...database, drop: () => database.close() };
}

async function createPostgresDatabase(
  onStatement?: (statement: SentStatement) => void,
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must be set for the api:postgres tests');
  const name = `sentiero_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 5, onStatement });
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
