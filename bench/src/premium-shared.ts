import { loadavg } from 'node:os';
import pg from 'pg';

/* What both of `bench:premium`'s measurements use: a PostgreSQL database of their own, the machine's load. */

/** The load averages over 1, 5 and 15 minutes, as printed beside each figure. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** A database of the benchmark's own on the server of `serverUrl`; `drop` removes it. */
export async function createDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (process.env.BENCH_KEEP) {
        console.log(`Kept the database ${name}.`);
        return;
      }
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
