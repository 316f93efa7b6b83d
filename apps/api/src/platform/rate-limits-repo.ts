import { type Db, executeRows } from '@sentiero/db/client';
import { preparedSql } from '@sentiero/db/prepared';
import { sql } from 'drizzle-orm';

export type Hit = { hits: number; resetAt: Date };

/**
 * Counts one hit on `key` within a window of `windowMs`, in PostgreSQL so every API process
 * shares the count (DESIGN: nothing a second process needs lives in memory). One statement:
 * a window that has run out starts again at one. Every limited request sends it: prepared.
 */
export async function countHit(db: Db, key: string, windowMs: number, now = new Date()): Promise<Hit> {
  const count = preparedSql<{ hits: number; reset_at: string | Date }>(db, 'rate_limit_hit', () => {
    const at = sql`${sql.placeholder('now')}::timestamptz`;
    return sql`insert into rate_limit_hits (key, hits, reset_at)
        values (${sql.placeholder('key')}, 1, ${sql.placeholder('resetAt')}::timestamptz)
        on conflict (key) do update set
          hits = case when rate_limit_hits.reset_at <= ${at} then 1 else rate_limit_hits.hits + 1 end,
          reset_at = case when rate_limit_hits.reset_at <= ${at} then excluded.reset_at
                          else rate_limit_hits.reset_at end
        returning hits, reset_at`;
  });
  const [row] = await count.execute({
    key,
    now: now.toISOString(),
    resetAt: new Date(now.getTime() + windowMs).toISOString(),
  });
  if (!row) throw new Error(`rate limit counter ${key} was not written`);
  return { hits: row.hits, resetAt: new Date(row.reset_at) };
}

/** How many hits `key` has in its current window, without counting one. */
export async function readHits(db: Db, key: string, now = new Date()): Promise<number> {
  const [row] = await executeRows<{ hits: number }>(
    db,
    sql`select hits from rate_limit_hits where key = ${key} and reset_at > ${now.toISOString()}`,
  );
  return row?.hits ?? 0;
}
