import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import { seedSyntheticTickets } from '@sentiero/db/seed/synthetic';
import pg from 'pg';

export type CatalogueSize = { listings: number; url: string; release(): Promise<void> };

/**
 * A database with the seed and `listings` synthetic tickets on the server of `serverUrl`. It is
 * kept between runs under a name that says its size (`sentiero_bench_100000`), brought up to date
 * by the migrations and seed data sets a run finds missing, and built again with BENCH_FRESH=1;
 * BENCH_DROP=1 drops it at the end. BENCH_DATABASE_PREFIX names it otherwise (`sentiero_bench` by
 * default), so two checkouts with different migrations can keep catalogues on one server.
 */
export async function prepareCatalogue(serverUrl: string, listings: number): Promise<CatalogueSize> {
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'sentiero_bench'}_${listings}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (process.env.BENCH_FRESH) await admin.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 2 });
  try {
    await database.migrate();
    await seedDatabase(database.db);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from tickets where slug like 'synthetic-%'",
    );
    await client.end();
    if ((rows[0]?.count ?? 0) !== listings) {
      const started = performance.now();
      await seedSyntheticTickets(database.db, listings);
      console.log(
        `Catalogue ${name}: ${listings} synthetic listings + the seed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await database.close();
  }
  return {
    listings,
    url: url.toString(),
    async release() {
      if (!process.env.BENCH_DROP) return;
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
