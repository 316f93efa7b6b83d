import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Clock } from '../../platform/context.ts';
import type { Jobs, ScheduledJob } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import { loadVapidKeys, type PushSender, webPushSender } from '../../platform/push.ts';
import {
  ALERTS_EVALUATE_QUEUE,
  ALERTS_SEND_QUEUE,
  type AlertEvaluationDeps,
  type AlertSendJob,
  evaluateAlerts,
} from './evaluate.ts';
import { type AlertSendDeps, sendAlerts } from './send.ts';
import type { AlertServiceDeps } from './service.ts';

/**
 * Once a day at 04:47 UTC (05:47 in Rome in winter, 06:47 in summer): after the 03:17 weather
 * refresh and its two retries a quarter of an hour apart, early enough that a forager reads the
 * mail before leaving; pushes wait for the end of each member's quiet hours.
 */
const ALERTS_CRON = '47 4 * * *';

export function alertsSchedule(deps: AlertEvaluationDeps): ScheduledJob {
  return {
    queue: ALERTS_EVALUATE_QUEUE,
    cron: ALERTS_CRON,
    // A failed run (the database away) is tried twice more; what it wrote is never written twice.
    retryLimit: 2,
    retryDelaySeconds: 10 * 60,
    run: () => evaluateAlerts(deps),
  };
}

/**
 * The Web Push sender of this deployment: VAPID keys from the configuration, or a pair kept under
 * DATA_DIR (PGlite). Production on PostgreSQL without keys sends no pushes and says so: a pair per
 * process would sign pushes that browsers subscribed with another key refuse.
 */
export function configuredPushSender(config: Config, log: FastifyBaseLogger): PushSender | null {
  const { vapidPublicKey, vapidPrivateKey, subject, destinations } = config.push;
  const configured = Boolean(vapidPublicKey && vapidPrivateKey);
  if (!configured && config.env === 'production' && config.database.driver === 'postgres') {
    log.warn(
      'alerts: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set, so no push notifications are sent (mail only)',
    );
    return null;
  }
  return webPushSender(
    loadVapidKeys({
      publicKey: vapidPublicKey,
      privateKey: vapidPrivateKey,
      subject,
      dataDir: config.database.driver === 'pglite' ? config.database.dataDir : undefined,
    }),
    destinations,
  );
}

/** The daily evaluation's schedule and the send queue's worker; answers what the endpoints need. */
export async function startAlertJobs(options: {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  log: FastifyBaseLogger;
  mail: Mailer;
  push: PushSender | null;
  brand: string;
  origin: string;
}): Promise<AlertServiceDeps> {
  const { jobs } = options;
  const sendDeps: AlertSendDeps = options;
  // Two batches at a time, as the mail queues: one batch's sends overlap the other's database work.
  await jobs.work<AlertSendJob>(
    ALERTS_SEND_QUEUE,
    async ({ ids }) => {
      await sendAlerts(sendDeps, ids);
    },
    { loops: 2 },
  );
  await jobs.schedule(alertsSchedule(options));
  return { push: options.push };
}
