import type { Db } from '@sentiero/db/client';
import type { Jobs } from '../../platform/jobs.ts';
import {
  type DayCancellationDeps,
  lapseDayCancellation,
  runDayCancellation,
} from './day-cancellation-run.ts';
import { findDueDayCancellations } from './day-cancellations-repo.ts';

/** The queue of cancelled days' runs (`{ cancellationId }`): each tells the day's buyers. */
export const DAY_CANCELLATION_QUEUE = 'day-cancellation';

/**
 * Refunds the buyers who chose nothing once a cancellation's 48 hours are over. A schedule rather
 * than a job queued for later: it reads the time from the app's clock, and it takes up a lapse a
 * crash or a provider out of reach left half done on its next run.
 */
export const DAY_CANCELLATION_LAPSE = {
  queue: 'day-cancellations-lapse',
  cron: '*/5 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
} as const;

export type DayCancellationQueue = DayCancellationDeps & { queueRun(cancellationId: number): Promise<void> };

/** Every cancellation whose lapse is due, one after another; one that must wait does not stop the rest. */
export async function lapseDueDayCancellations(deps: DayCancellationDeps) {
  const due = await findDueDayCancellations(deps.context.db as Db, deps.context.clock.now());
  let waiting: unknown;
  for (const cancellation of due) {
    try {
      await lapseDayCancellation(deps, cancellation.id);
    } catch (error) {
      waiting = error;
    }
  }
  if (waiting) throw waiting;
  return { lapsed: due.length };
}

export async function startDayCancellationJobs(
  jobs: Jobs,
  deps: DayCancellationDeps,
): Promise<DayCancellationQueue> {
  await jobs.work<{ cancellationId: number }>(DAY_CANCELLATION_QUEUE, ({ cancellationId }) =>
    runDayCancellation(deps, cancellationId),
  );
  await jobs.schedule({ ...DAY_CANCELLATION_LAPSE, run: () => lapseDueDayCancellations(deps) });
  return { ...deps, queueRun: (cancellationId) => jobs.send(DAY_CANCELLATION_QUEUE, { cancellationId }) };
}
