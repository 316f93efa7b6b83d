import { AsyncLocalStorage } from 'node:async_hooks';

/** The database time of one piece of work: how long at least one of its queries was in flight. */
type Timing = { inFlight: number; since: number; totalMs: number };

const timings = new AsyncLocalStorage<Timing>();

/**
 * Runs `work` and answers, beside its value, the time its queries kept the database busy: queries
 * sent side by side count once, so this is the database's share of the work's own duration (what
 * a `Server-Timing: db` header reports).
 */
export async function measureDatabaseTime<T>(
  work: () => Promise<T>,
): Promise<{ value: T; databaseMs: number }> {
  const timing: Timing = { inFlight: 0, since: 0, totalMs: 0 };
  const value = await timings.run(timing, work);
  return { value, databaseMs: timing.totalMs };
}

/** Counts `query` (a query just sent) towards the work being measured, if any. */
export function reportQuery<T>(query: Promise<T>): Promise<T> {
  const timing = timings.getStore();
  if (!timing) return query;
  if (timing.inFlight === 0) timing.since = performance.now();
  timing.inFlight += 1;
  const settle = () => {
    timing.inFlight -= 1;
    if (timing.inFlight === 0) timing.totalMs += performance.now() - timing.since;
  };
  query.then(settle, settle);
  return query;
}
