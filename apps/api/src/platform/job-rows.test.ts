import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { waitFor } from '../test/server-process.ts';
import { insertJobsSql } from './job-rows.ts';
import { type Jobs, startJobs } from './jobs.ts';

const quiet = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

let database: TestDatabase;
let jobs: Jobs;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  jobs = await startJobs(database, quiet, { cron: false });
});
afterAll(async () => {
  await jobs.stop();
  await database.drop();
});

/** Our statement, on its own: one job of `queue` with `data`. */
async function insertJob(queue: string, data: object) {
  await database.db.execute(insertJobsSql(queue, sql`select ${JSON.stringify(data)}::jsonb`));
}

/** A job's row as pg-boss reads it, without what differs from one job to the next by nature. */
async function jobRow(queue: string, data: object) {
  const { rows } = await database.executeSql(
    `select name, priority, state, retry_limit, retry_count, retry_delay, retry_backoff, retry_delay_max,
       expire_seconds, deletion_seconds, singleton_key, singleton_on, started_on, completed_on, output,
       dead_letter, policy, extract(epoch from keep_until - start_after)::int as retention_seconds,
       start_after <= now() as due
     from pgboss.job where name = $1 and data = $2::jsonb`,
    [queue, JSON.stringify(data)],
  );
  return rows;
}

describe('a job written by our own statement (insertJobsSql)', () => {
  it('is the row pg-boss writes for the same job', async () => {
    const queue = 'job-rows-compared';
    // Registered without being worked here: both jobs stay as written.
    const sender = await startJobs(database, quiet, { work: false, cron: false });
    try {
      await sender.work(queue, async () => {});
      await sender.send(queue, { by: 'pg-boss' });
      await insertJob(queue, { by: 'us' });
    } finally {
      await sender.stop();
    }
    const [theirs] = await jobRow(queue, { by: 'pg-boss' });
    const [ours] = await jobRow(queue, { by: 'us' });
    expect(theirs).toMatchObject({ state: 'created', retry_limit: 8, due: true });
    expect(ours).toEqual(theirs);
  });

  it('is fetched and worked by pg-boss like any other', async () => {
    const queue = 'job-rows-worked';
    const received: object[] = [];
    await jobs.work<{ n: number }>(queue, async (data) => {
      received.push(data);
    });
    await insertJob(queue, { n: 7 });
    jobs.notify(queue);
    await waitFor(() => received.length > 0, 'the job worked');
    expect(received).toEqual([{ n: 7 }]);
    await waitFor(
      async () =>
        ((await jobRow(queue, { n: 7 }))[0] as { state?: string } | undefined)?.state === 'completed',
      'the job completed',
    );
  });
});
