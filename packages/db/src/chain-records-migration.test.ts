import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client.ts';
import { migrationsBefore } from './migrations-before.ts';

/*
 * Migration 0040 (ADR 047): the uses a device chained before become the first records of its one
 * chain; the first use received at a place keeps it, and a place flagged before keeps its flag.
 */

const scratch = mkdtempSync(join(tmpdir(), 'sentiero-chain-migration-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('migration 0040', () => {
  it("copies each device's chained uses into the chain table, flags kept", { timeout: 120_000 }, async () => {
    const client = await PGlite.create(undefined, { extensions: { unaccent, pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, {
      migrationsFolder: migrationsBefore(scratch, '0040_ranger_chain_records_and_inspections'),
    });
    // The uses alone: the rows they point to are beside the point here.
    await client.exec("set session_replication_role = 'replica'");
    const hash = (char: string) => char.repeat(64);
    await client.exec(`
      insert into ticket_redemptions (issued_ticket_id, redeemed_at, device_id, staff_id, client_id, received_at, chain_seq, prev_hash, record_hash)
      values (1, '2026-11-23T08:00:00Z', 7, 3, 'use-1', '2026-11-23T09:00:00Z', 1, '${hash('0')}', '${hash('a')}'),
             (1, '2026-11-23T08:05:00Z', 7, 3, 'use-2', '2026-11-23T09:00:00Z', 3, '${hash('b')}', '${hash('c')}'),
             (2, '2026-11-23T08:06:00Z', 7, 3, 'use-3', '2026-11-23T09:00:00Z', 3, '${hash('c')}', '${hash('d')}'),
             (2, '2026-11-23T08:07:00Z', 8, 4, 'use-4', null, 1, '${hash('0')}', '${hash('e')}'),
             (2, '2026-11-20T08:00:00Z', null, null, null, null, null, null, null);
      insert into ranger_chain_breaks (device_id, seq, kind, client_id, detected_at)
      values (7, 3, 'gap', 'use-2', '2026-11-23T09:00:00Z'), (7, 3, 'rewrite', 'use-3', '2026-11-23T09:00:00Z');`);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const { rows } = await client.query(
      `select device_id, seq, client_id, kind, record_hash, chain, received_at::text as received
         from ranger_chain_records order by device_id, seq`,
    );
    expect(rows).toEqual([
      {
        device_id: 7,
        seq: 1,
        client_id: 'use-1',
        kind: 'use',
        record_hash: hash('a'),
        chain: 'ok',
        received: '2026-11-23 09:00:00+00',
      },
      {
        device_id: 7,
        seq: 3,
        client_id: 'use-2',
        kind: 'use',
        record_hash: hash('c'),
        chain: 'gap',
        received: '2026-11-23 09:00:00+00',
      },
      {
        device_id: 8,
        seq: 1,
        client_id: 'use-4',
        kind: 'use',
        record_hash: hash('e'),
        chain: 'ok',
        received: '2026-11-23 08:07:00+00',
      },
    ]);
    await client.close();
  });
});
