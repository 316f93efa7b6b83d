import type { Database } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/** A job's retries: a slow or failing mail server is tried again for about half an hour. */
const RETRIES = { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 } as const;

/** Jobs fetched at once by a worker and run side by side (mail waits on the network, not the CPU). */
const BATCH_SIZE = 5;

/** The advisory lock under which pg-boss installs or migrates its schema. */
const JOB_QUEUE_INSTALL_LOCK_ID = 7_302_114;

export type JobHandler<Data> = (data: Data) => Promise<void>;

export type Jobs = {
  /** Queues a job; it survives a restart and runs on any process that works the queue. */
  send<Data extends object>(queue: string, data: Data): Promise<void>;
  /**
   * Works a queue in this process (unless started without workers); a handler that throws is
   * retried with backoff.
   */
  work<Data extends object>(queue: string, handler: JobHandler<Data>): Promise<void>;
  stop(): Promise<void>;
};

/**
 * pg-boss on the database we already have. On PGlite it runs through `executeSql`, the same
 * single connection the app uses; on PostgreSQL through the app's pool.
 */
export async function startJobs(
  database: Database,
  log: FastifyBaseLogger,
  { work = true }: { work?: boolean } = {},
): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    // Cron schedules are not used yet; the clock monitor would only add queries.
    schedule: false,
    superviseIntervalSeconds: 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // Processes started together on a new database would each install pg-boss's schema: after
  // waiting on pg-boss's own lock the later one does not see the schema just made (a stale
  // catalog cache) and fails on a duplicate key. One process at a time installs or checks it.
  await database.exclusively(JOB_QUEUE_INSTALL_LOCK_ID, () => boss.start());

  const queues = new Set<string>();
  const workers = new Map<string, string>();
  const ensureQueue = async (queue: string) => {
    if (queues.has(queue)) return;
    if (!(await boss.getQueue(queue))) await boss.createQueue(queue, RETRIES);
    queues.add(queue);
  };

  return {
    async send(queue, data) {
      await ensureQueue(queue);
      await boss.send(queue, data);
      // A worker in this process picks the job up now instead of at its next poll.
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
    },
    async work<Data extends object>(queue: string, handler: JobHandler<Data>) {
      await ensureQueue(queue);
      // JOB_WORKERS=off: the queue is kept, another process works it.
      if (!work) return;
      const id: string = await boss.work<Data>(
        queue,
        { pollingIntervalSeconds: 2, batchSize: BATCH_SIZE },
        async (jobs) => {
          // A full batch means more are waiting: fetch again at once instead of after the interval.
          if (jobs.length === BATCH_SIZE) boss.notifyWorker(id);
          // Each job succeeds or fails alone: a failed one is retried without sending the others again.
          await Promise.all(
            jobs.map((job) =>
              handler(job.data).catch((error: unknown) => {
                log.warn({ err: error, queue, job: job.id }, 'job failed; it will be retried');
                return boss.fail(queue, job.id, {
                  message: error instanceof Error ? error.message : String(error),
                });
              }),
            ),
          );
        },
      );
      workers.set(queue, id);
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000, wait: true }),
  };
}
