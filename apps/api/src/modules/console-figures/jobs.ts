import type { Db } from '@sentiero/db/client';
import type { Clock } from '../../platform/context.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { FIGURES_TIME_ZONE, findRolledThrough, rollUpFigureDays } from './figure-rollup-repo.ts';

/**
 * Days added up again on every run: a check-in a ranger's phone sends a day late, or a webhook's
 * payment recorded just after midnight, still lands in its day's sum (ADR 036).
 */
export const FIGURE_DAYS_RECOUNTED = 7;
/** The first run adds up at most this far back; older days are read from the orders until then. */
const FIRST_RUN_DAYS = 3 * 366;

const dayIn = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: FIGURES_TIME_ZONE }).format(instant);

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Adds up the closed days: from a week before the last one added up (or years back the first time) to yesterday. */
export async function rollUpClosedDays(db: Db, now: Date): Promise<{ from: string; to: string }> {
  const yesterday = addDays(dayIn(now), -1);
  const through = await findRolledThrough(db);
  const from =
    through === null ? addDays(yesterday, -FIRST_RUN_DAYS) : addDays(through, -(FIGURE_DAYS_RECOUNTED - 1));
  const start =
    from < addDays(yesterday, -(FIGURE_DAYS_RECOUNTED - 1))
      ? from
      : addDays(yesterday, -(FIGURE_DAYS_RECOUNTED - 1));
  await rollUpFigureDays(db, { from: start, to: yesterday, now });
  return { from: start, to: yesterday };
}

/**
 * Adds up every day from `from` to `to` (both included), whatever was added up before: the
 * nightly job's work over a range the caller chooses (`npm run bench:console`'s generated years).
 */
export function rollUpDays(db: Db, days: { from: string; to: string; now: Date }): Promise<void> {
  return rollUpFigureDays(db, days);
}

/** Every night after midnight in Italy (01:30 UTC is 02:30 or 03:30 there). */
export function figureDaysRollUp(db: Db, clock: Clock): ScheduledJob {
  return {
    queue: 'figure-days-roll-up',
    cron: '30 1 * * *',
    retryLimit: 3,
    retryDelaySeconds: 300,
    run: () => rollUpClosedDays(db, clock.now()),
  };
}
