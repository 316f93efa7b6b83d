import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Where the API test files copy their databases from, made once per run by `setup`: building a
 * database (PGlite's initdb above all), migrating and seeding it took most of a file's time.
 */
export type DatabaseTemplates =
  | {
      driver: 'pglite';
      /** Directory for the files' copies; removed with the templates when the run ends. */
      directory: string;
      /** A PGlite data directory, migrated. */
      migrated: string;
      /** A PGlite data directory, migrated and seeded. */
      seeded: string;
    }
  | {
      driver: 'postgres';
      /** A database on the server of TEST_DATABASE_URL that nobody connects to, migrated. */
      migrated: string;
      /** The same, migrated and seeded. */
      seeded: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Vitest's global setup of the `api:*` projects: the templates for the project's driver. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const driver = project.config.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
  if (driver === 'postgres') {
    const templates = await createPostgresTemplates();
    project.provide('databaseTemplates', templates);
    return () => dropPostgresTemplates(templates);
  }
  const templates = await createPgliteTemplates();
  project.provide('databaseTemplates', templates);
  return async () => rmSync(templates.directory, { recursive: true, force: true });
}

async function createPgliteTemplates(): Promise<DatabaseTemplates & { driver: 'pglite' }> {
  // tmpfs where there is one: PGlite then reads and writes its files in memory, as an in-memory PGlite does.
  const directory = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sentiero-test-'));
  const migrated = join(directory, 'migrated');
  const seeded = join(directory, 'seeded');
  const database = await openDatabase({ driver: 'pglite', dataDir: migrated });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  cpSync(migrated, seeded, { recursive: true });
  const seeding = await openDatabase({ driver: 'pglite', dataDir: seeded });
  try {
    await seedDatabase(seeding.db);
  } finally {
    await seeding.close();
  }
  return { driver: 'pglite', directory, migrated, seeded };
}

async function createPostgresTemplates(): Promise<DatabaseTemplates & { driver: 'postgres' }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must be set for the api:postgres tests');
  const suffix = randomBytes(6).toString('hex');
  const templates = {
    driver: 'postgres' as const,
    migrated: `sentiero_template_migrated_${suffix}`,
    seeded: `sentiero_template_seeded_${suffix}`,
  };
  await adminQuery(serverUrl, `create database ${templates.migrated}`);
  const database = await openDatabase({
    driver: 'postgres',
    url: databaseUrl(serverUrl, templates.migrated),
  });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  await adminQuery(serverUrl, `create database ${templates.seeded} template ${templates.migrated}`);
  const seeding = await openDatabase({ driver: 'postgres', url: databaseUrl(serverUrl, templates.seeded) });
  try {
    await seedDatabase(seeding.db);
  } finally {
    await seeding.close();
  }
  return templates;
}

async function dropPostgresTemplates(templates: { migrated: string; seeded: string }): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  await adminQuery(serverUrl, `drop database if exists ${templates.seeded} with (force)`);
  await adminQuery(serverUrl, `drop database if exists ${templates.migrated} with (force)`);
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server of `serverUrl`, on a connection of its own. */
export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A fresh copy of a PGlite template directory, for one file's database. */
export function copyPgliteTemplate(template: string, directory: string): string {
  const copy = join(directory, `db-${randomBytes(6).toString('hex')}`);
  cpSync(template, copy, { recursive: true });
  return copy;
}
