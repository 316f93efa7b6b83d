import { type SQL, sql } from 'drizzle-orm';

/**
 * pg-boss's job rows, written by a statement of ours: a buy queues its ticket mail in the
 * statement that issues its tickets, a round trip and a commit fewer per buy (ADR 007), and the
 * job exists exactly when the tickets do. Use as a CTE; `data` is a query answering the jobs'
 * data, one jsonb column per row.
 *
 * The row is the one pg-boss 11's `send` writes for a job without options of its own (its
 * `insertJobs`, plans.js): the queue's retry, expiry and retention settings, now as start time.
 * job-rows.test.ts compares a row of each and has pg-boss work ours: an upgrade of pg-boss that
 * changes its job table fails there.
 */
export function insertJobsSql(queue: string, data: SQL, { startAfter }: { startAfter?: Date } = {}): SQL {
  if (!/^[\w-]+$/.test(queue)) throw new Error(`not a queue name: ${queue}`);
  const name = sql.raw(`'${queue}'`);
  // A job due later (a hold that ends): it starts then, and is kept as long after it.
  const start = startAfter ? sql`${startAfter.toISOString()}::timestamptz` : sql`now()`;
  return sql`insert into pgboss.job (name, data, priority, start_after, singleton_key, singleton_on,
      expire_seconds, deletion_seconds, keep_until, retry_limit, retry_delay, retry_backoff,
      retry_delay_max, policy, dead_letter)
    select q.name, job.data, 0, ${start}, null, null, q.expire_seconds, q.deletion_seconds,
      ${start} + q.retention_seconds * interval '1s', q.retry_limit, q.retry_delay,
      coalesce(q.retry_backoff, false), q.retry_delay_max, q.policy, q.dead_letter
    from (${data}) as job(data)
    join pgboss.queue q on q.name = ${name}
    on conflict do nothing`;
}
