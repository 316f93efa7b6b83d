import type { Database } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/** A job's retries: a slow or failing mail server is tried again for about half an hour. */
const RETRIES = { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 } as const;

/** Jobs fetched at once by a worker loop and run side by side (mail waits on the network, not the CPU). */
const BATCH_SIZE = 10;

/** The advisory lock under which pg-boss installs or migrates its schema. */
const JOB_QUEUE_INSTALL_LOCK_ID = 7_302_114;

export type JobHandler<Data> = (data: Data) => Promise<void>;

export type WorkOptions = {
  /**
   * Batches worked at once in this process, each fetched by a loop of its own (default 1). A loop
   * fetches its next batch only when the last job of its batch is done: with two, one batch's
   * CPU work overlaps the other's waits on the database or the mail server.
   */
  loops?: number;
};

/**
 * Periodic work (DESIGN: no `setInterval` in the API): a queue of its own that pg-boss's cron
 * fills once across all processes, worked like any queue and visible in pg-boss's tables.
 */
export type ScheduledJob = {
  /** The queue's name, as pg-boss's tables and the logs show it. */
  queue: string;
  /** When it runs: cron, in UTC. pg-boss sends at most one job per schedule and minute. */
  cron: string;
  /**
   * A failed run is tried again `retryLimit` times, `retryDelaySeconds` apart; while it is, the
   * schedule sends no other run.
   */
  retryLimit: number;
  retryDelaySeconds: number;
  run(): Promise<unknown>;
};

export type Jobs = {
  /**
   * Queues a job; it survives a restart and runs on any process that works the queue, from
   * `startAfter` on if given (a push that waits for the end of quiet hours).
   */
  send<Data extends object>(queue: string, data: Data, options?: { startAfter?: Date }): Promise<void>;
  /**
   * A job of `queue` was written by a statement of ours (`insertJobsSql`): a worker of this
   * process, if it works the queue, fetches now instead of at its next poll.
   */
  notify(queue: string): void;
  /**
   * Works a queue in this process (unless started without workers); a handler that throws is
   * retried with backoff.
   */
  work<Data extends object>(queue: string, handler: JobHandler<Data>, options?: WorkOptions): Promise<void>;
  /**
   * Registers a periodic job (every process may: the schedule is one row per queue) and works
   * its queue in processes with workers.
   */
  schedule(job: ScheduledJob): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A scheduled queue keeps one job waiting or running at a time (pg-boss's `exclusive` policy):
 * runs that fall due while workers are away do not pile up. Finished runs stay visible a day.
 */
const SCHEDULED_QUEUE = {
  policy: 'exclusive',
  expireInSeconds: 10 * 60,
  deleteAfterSeconds: 24 * 60 * 60,
} as const;

/**
 * pg-boss on the database we already have. On PGlite it runs through `executeSql`, the same
 * single connection the app uses; on PostgreSQL through the app's pool.
 *
 * `work: false` (JOB_WORKERS=off) queues jobs and registers schedules but works nothing.
 * `cron: false` leaves the schedules' clock off, so scheduled jobs run only when sent: tests
 * start their app so, and no job changes their data at a moment they did not choose.
 */
export async function startJobs(
  database: Database,
  log: FastifyBaseLogger,
  { work = true, cron = true }: { work?: boolean; cron?: boolean } = {},
): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    // The clock that turns schedules into jobs runs where jobs are worked. Across processes
    // pg-boss lets one of them check the schedules per interval and sends each run once.
    schedule: work && cron,
    // A job due at the turn of a minute is sent within 10 s, not pg-boss's default 30 s: hold
    // expiry gives places back, and buyers are waiting for them.
    cronMonitorIntervalSeconds: 10,
    cronWorkerIntervalSeconds: 2,
    superviseIntervalSeconds: 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // Processes started together on a new database would each install pg-boss's schema: after
  // waiting on pg-boss's own lock the later one does not see the schema just made (a stale
  // catalog cache) and fails on a duplicate key. One process at a time installs or checks it.
  await database.exclusively(JOB_QUEUE_INSTALL_LOCK_ID, () => boss.start());

  const queues = new Set<string>();
  const workers = new Map<string, string[]>();
  const ensureQueue = async (queue: string) => {
    if (queues.has(queue)) return;
    if (!(await boss.getQueue(queue))) await boss.createQueue(queue, RETRIES);
    queues.add(queue);
  };

  // pg-boss builds its insert; sent through this, it is a named prepared statement, parsed once
  // per connection however many mails are sent. (A buy's ticket mail is queued by the statement
  // that issues its tickets, `insertJobsSql`.)
  const prepared = {
    executeSql: (text: string, values: unknown[]) => database.executePrepared(text, values),
  };

  const jobs: Jobs = {
    async send(queue, data, { startAfter } = {}) {
      await ensureQueue(queue);
      await boss.send(queue, data, { db: prepared, ...(startAfter ? { startAfter } : {}) });
      jobs.notify(queue);
    },
    notify(queue) {
      // A worker in this process picks the job up now instead of at its next poll.
      for (const worker of workers.get(queue) ?? []) boss.notifyWorker(worker);
    },
    async work<Data extends object>(
      queue: string,
      handler: JobHandler<Data>,
      { loops = 1 }: WorkOptions = {},
    ) {
      await ensureQueue(queue);
      // JOB_WORKERS=off: the queue is kept, another process works it.
      if (!work) return;
      const ids: string[] = [];
      for (let loop = 0; loop < loops; loop++) {
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
                  // A job that warned about its failure itself (`reported`) is not told twice.
                  const told = error instanceof Error && 'reported' in error && error.reported === true;
                  log[told ? 'debug' : 'warn'](
                    { err: error, queue, job: job.id },
                    'job failed; it will be retried',
                  );
                  return boss.fail(queue, job.id, {
                    message: error instanceof Error ? error.message : String(error),
                  });
                }),
              ),
            );
          },
        );
        ids.push(id);
      }
      workers.set(queue, ids);
    },
    async schedule({ queue, cron: when, retryLimit, retryDelaySeconds, run }) {
      const retries = { retryLimit, retryDelay: retryDelaySeconds, retryBackoff: false };
      if (await boss.getQueue(queue)) await boss.updateQueue(queue, retries);
      else await boss.createQueue(queue, { ...SCHEDULED_QUEUE, ...retries });
      queues.add(queue);
      await boss.schedule(queue, when, {});
      await jobs.work(queue, async () => {
        await run();
      });
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000, wait: true }),
  };
  return jobs;
}
