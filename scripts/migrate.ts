/** `npm run db:migrate`: applies the committed migrations and the reference data, then exits. */
import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import { loadConfig } from '../apps/api/src/platform/config.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const { applied } = await seedDatabase(database.db);
  console.log(
    `Migrated the ${database.driver} database${applied.length ? `; seeded ${applied.join(', ')}` : ''}.`,
  );
} finally {
  await database.close();
}
