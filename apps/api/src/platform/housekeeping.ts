import type { Db } from '@sentiero/db/client';
import type { Clock } from './context.ts';
import { purgeExpired } from './housekeeping-repo.ts';
import type { ScheduledJob } from './jobs.ts';

/**
 * Deletes what has expired (sessions, sign-in challenges, links, device cookies, rate-limit
 * windows). Expired rows are already ignored where they are read; this only keeps the tables
 * small, so every quarter of an hour is plenty. The deletes are idempotent: a retried or
 * overlapping run does no harm.
 */
export function expiredRowsPurge(db: Db, clock: Clock): ScheduledJob {
  return {
    queue: 'expired-rows-purge',
    cron: '*/15 * * * *',
    retryLimit: 3,
    retryDelaySeconds: 60,
    run: () => purgeExpired(db, clock.now()),
  };
}
