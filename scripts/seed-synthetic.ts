/** `npm run seed:synthetic -- --listings 100000`: a large generated catalogue for benchmarks. */
import { parseArgs } from 'node:util';
import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import { seedSyntheticTickets } from '@sentiero/db/seed/synthetic';
import { loadConfig } from '../apps/api/src/platform/config.ts';

const { values } = parseArgs({ options: { listings: { type: 'string', default: '100000' } } });
const listings = Number(values.listings);
if (!Number.isInteger(listings) || listings < 1 || listings > 2_000_000) {
  console.error('--listings must be a whole number between 1 and 2000000');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  await seedDatabase(database.db);
  const started = performance.now();
  await seedSyntheticTickets(database.db, listings);
  console.log(
    `Added ${listings} synthetic tickets and rebuilt the search index in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
