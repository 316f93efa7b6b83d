import type { ListScope } from '@sentiero/contract/access';
import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import type { Jobs, ScheduledJob } from '../../platform/jobs.ts';
import {
  deleteExpiredExports,
  failStalledExports,
  findOrderExport,
  finishOrderExport,
  noteOrderExportError,
  type OrderExportRow,
  startOrderExport,
  writeOrderExportPart,
} from './export-jobs-repo.ts';
import { EXPORT_BATCH_SIZE, orderExportBatches, orderExportHeader } from './export-orders.ts';
import { countOrderExport, findOrderExportBatch } from './export-repo.ts';
import type { OrderSearch } from './orders-repo.ts';

export const ORDER_EXPORT_QUEUE = 'order-export';
export const ORDER_EXPORT_CLEANUP_QUEUE = 'order-export-cleanup';

/**
 * Batches one run writes before it hands the rest to a new job (20,000 orders): a run stays well
 * inside pg-boss's 15 minutes, after which it would count the job as lost and start it again.
 */
const BATCHES_PER_RUN = 40;
/** How long a prepared file can be taken; the cleanup removes it after. */
export const EXPORT_KEPT_MS = 24 * 60 * 60 * 1000;
/**
 * An export no run has moved for this long has run out of retries (pg-boss's eight, with backoff,
 * take about half an hour, ADR 012): the cleanup fails it instead of leaving it "preparing".
 */
export const EXPORT_STALLED_MS = 2 * 60 * 60 * 1000;
export const STALLED = 'stopped: the queue gave up on it after several attempts';

export type OrderExportDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Queues (the rest of) an export's writing. */
  queueOrderExport(exportId: number): Promise<void>;
};

export type OrderExportJob = { exportId: number };

/**
 * One run of a queued export (ADR 041). The first run bounds the export by the newest order the
 * search finds (orders made later are not in it), counts them, and writes the header; every run
 * then writes a batch at a time from the cursor the last one left, each batch, its count and the
 * moved cursor in one transaction. A run stopped anywhere leaves the export at its last whole
 * batch, and the next run goes on from there: no order is written twice, none is skipped. Two
 * runs at once cannot both write a part (`writeOrderExportPart` names the part count it read).
 *
 * `stopAfterBatches` ends the run after that many batches without queueing the rest, as a
 * stopped process would (tests).
 */
export async function runOrderExport(
  deps: OrderExportDeps,
  exportId: number,
  {
    stopAfterBatches = Number.POSITIVE_INFINITY,
    batchSize = EXPORT_BATCH_SIZE,
  }: { stopAfterBatches?: number; batchSize?: number } = {},
): Promise<OrderExportRow | undefined> {
  const { db } = deps;
  const first = await findOrderExport(db, exportId);
  if (!first || first.state === 'ready' || first.state === 'failed') return first;
  const scope = first.scope as ListScope;
  const search = first.filters as OrderSearch;
  if (first.state === 'queued') {
    const [newest] = await findOrderExportBatch(db, scope, search, first.language, null, 1);
    // Just past the newest order: it and every older match are in, anything made later is not.
    const from = newest ? { createdAt: newest.cursorAt, id: newest.id + 1 } : null;
    const total = from ? await countOrderExport(db, scope, search, from) : 0;
    const header = orderExportHeader(first.language);
    await startOrderExport(db, exportId, { header, total, from, now: deps.clock.now() });
  }
  const current = await findOrderExport(db, exportId);
  if (current?.state !== 'running') return current;

  let seq = current.parts;
  let batches = 0;
  if (current.cursorAt !== null && current.cursorId !== null) {
    const after = { createdAt: current.cursorAt, id: current.cursorId };
    for await (const batch of orderExportBatches({ db }, scope, search, current.language, {
      after,
      batchSize,
    })) {
      const written = await writeOrderExportPart(db, exportId, {
        seq,
        body: batch.text,
        orders: batch.orders,
        next: batch.next,
        now: deps.clock.now(),
      });
      // Another run wrote this part first: it carries the export on.
      if (!written) return findOrderExport(db, exportId);
      seq++;
      batches++;
      if (batches >= stopAfterBatches) return findOrderExport(db, exportId);
      if (batches >= BATCHES_PER_RUN) {
        await deps.queueOrderExport(exportId);
        return findOrderExport(db, exportId);
      }
    }
  }
  const now = deps.clock.now();
  await finishOrderExport(db, exportId, {
    parts: seq,
    now,
    expiresAt: new Date(now.getTime() + EXPORT_KEPT_MS),
  });
  return findOrderExport(db, exportId);
}

/** Removes expired exports with their files, and fails those the queue gave up on. */
export function orderExportsCleanup(db: Db, clock: Clock): ScheduledJob {
  return {
    queue: ORDER_EXPORT_CLEANUP_QUEUE,
    cron: '23 * * * *',
    retryLimit: 2,
    retryDelaySeconds: 60,
    run: () => cleanUpOrderExports(db, clock),
  };
}

export async function cleanUpOrderExports(db: Db, clock: Clock) {
  const now = clock.now();
  const failed = await failStalledExports(db, new Date(now.getTime() - EXPORT_STALLED_MS), STALLED, now);
  const removed = await deleteExpiredExports(db, now);
  return { failed, removed };
}

/** Works the exports' queue and schedules their cleanup; answers what the service needs. */
export async function startOrderExportJobs(
  options: Omit<OrderExportDeps, 'queueOrderExport'> & { jobs: Jobs },
): Promise<Pick<OrderExportDeps, 'queueOrderExport'>> {
  const { jobs } = options;
  const queueOrderExport = (exportId: number) => jobs.send<OrderExportJob>(ORDER_EXPORT_QUEUE, { exportId });
  const deps: OrderExportDeps = { ...options, queueOrderExport };
  await jobs.work<OrderExportJob>(ORDER_EXPORT_QUEUE, async ({ exportId }) => {
    try {
      await runOrderExport(deps, exportId);
    } catch (error) {
      // Shown to the staff member while the queue tries again (with backoff, ADR 012).
      const message = error instanceof Error ? error.message : String(error);
      await noteOrderExportError(deps.db, exportId, message.slice(0, 500), deps.clock.now()).catch(() => {});
      throw error;
    }
  });
  await jobs.schedule(orderExportsCleanup(options.db, options.clock));
  return { queueOrderExport };
}
