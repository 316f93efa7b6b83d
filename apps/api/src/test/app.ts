import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { type Clock, systemClock } from '../platform/context.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export type TestApp = { app: FastifyInstance; database: TestDatabase; close(): Promise<void> };

/** The real app on a fresh database, driven through `app.inject`. */
export async function createTestApp(
  environment: Record<string, string> = {},
  { now }: { now?: string } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', ...environment });
  const clock: Clock = now ? { now: () => new Date(now) } : systemClock;
  const app = await buildApp({ config, database, clock, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
