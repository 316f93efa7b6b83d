import type { AlertPushPayload } from '@sentiero/contract/alerts';
import { PAGES } from '@sentiero/contract/pages';
import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { PushOutcome, PushSender, PushTarget } from '../../platform/push.ts';
import { alertMail, alertPush } from './mails.ts';
import { deleteGoneSubscriptions, findMemberDevices, markPushed } from './repo.ts';
import { claimMails, claimPushes, type NotificationToTell, releaseClaims } from './send-repo.ts';

export type AlertSendDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mail: Mailer;
  /** Null when pushes are off (production on PostgreSQL without VAPID keys). */
  push: PushSender | null;
  brand: string;
  /** Where the links of mails and pushes point (PUBLIC_URL). */
  origin: string;
};

/** A push waits this long at the push service for a phone that is off: an alert is for today. */
const ALERT_PUSH_TTL_SECONDS = 12 * 3600;
/**
 * Sends of one job in flight at once: a worker holds several jobs, and a hundred requests each
 * at once starve the process (and time out at the push service) instead of going faster.
 */
const SENDS_IN_FLIGHT = 8;

/** Runs `send` over the items with at most SENDS_IN_FLIGHT at a time. */
async function inFlight<T>(items: readonly T[], send: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await send(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(SENDS_IN_FLIGHT, items.length) }, lane));
}

export class AlertSendError extends Error {}

/**
 * Sends one job's notifications: each mail and each due push is claimed first (its `mailed_at`,
 * `pushed_at`), so a notification is told once even if two workers hold the same job; a send
 * that fails gives its claim back and the job is retried for those only.
 */
export async function sendAlerts(
  deps: AlertSendDeps,
  ids: number[],
): Promise<{ mails: number; pushes: number }> {
  const now = deps.clock.now();
  const [mailed, pushed] = await Promise.all([sendMails(deps, ids, now), sendPushes(deps, ids, now)]);
  const failed = mailed.failed + pushed.failed;
  if (failed > 0) throw new AlertSendError(`${failed} of the alerts' sends failed; they will be retried`);
  return { mails: mailed.sent, pushes: pushed.sent };
}

async function sendMails(deps: AlertSendDeps, ids: number[], now: Date) {
  const notifications = await claimMails(deps.db, ids, now);
  const failed: number[] = [];
  await inFlight(notifications, async (notification) => {
    if (!notification.email) return;
    try {
      await deps.mail.deliver({ to: notification.email, ...mailOf(deps, notification) });
    } catch (error) {
      deps.log.warn({ err: error, notification: notification.id }, 'alert mail failed; it will be retried');
      failed.push(notification.id);
    }
  });
  await releaseClaims(deps.db, 'mail', failed);
  return { sent: notifications.length - failed.length, failed: failed.length };
}

function mailOf(deps: AlertSendDeps, notification: NotificationToTell) {
  const token = notification.unsubscribeToken ? encodeURIComponent(notification.unsubscribeToken) : null;
  const unsubscribeUrl = token
    ? `${deps.origin}${PAGES.alertUnsubscribe.path({ token })}`
    : `${deps.origin}${PAGES.alerts.path()}`;
  const mail = alertMail(
    notification.language,
    {
      firstName: notification.firstName,
      areaName: notification.areaName,
      events: notification.events,
      areaUrl: `${deps.origin}${PAGES.area.path({ eventsId: notification.areaId })}`,
      unsubscribeUrl,
    },
    deps.brand,
  );
  return {
    ...mail,
    // RFC 8058: mail clients offer "unsubscribe" and post to this without opening the mail.
    ...(token
      ? {
          headers: {
            'List-Unsubscribe': `<${deps.origin}/api/app/alert/unsubscribe/one-click?token=${token}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

async function sendPushes(deps: AlertSendDeps, ids: number[], now: Date) {
  const { push } = deps;
  if (!push) return { sent: 0, failed: 0 };
  const notifications = await claimPushes(deps.db, ids, now);
  if (notifications.length === 0) return { sent: 0, failed: 0 };
  const devices = await findMemberDevices(deps.db, [...new Set(notifications.map((row) => row.userId))]);
  const payloads = notifications.map((notification) => ({
    notification,
    payload: alertPush(notification.language, notification, deps.brand),
  }));
  const result = await pushToDevices(deps, push, devices, payloads, now);
  await releaseClaims(deps.db, 'push', result.retry);
  return { sent: result.sent, failed: result.retry.length };
}

/**
 * A push the push service refused for now (429, 5xx) is tried again with the job. One that got no
 * answer (a timeout) may have been taken all the same, and is not: a push told twice breaks "one
 * notification per area and day", a push missed still leaves the mail.
 */
const refusedForNow = (outcome: PushOutcome) =>
  !outcome.ok && outcome.status !== null && (outcome.status === 429 || outcome.status >= 500);

/**
 * Pushes each payload to every device of its member. Devices the push service has forgotten are
 * forgotten here too; a notification none of whose devices took it, and one of them refused for
 * now, is handed back for a retry.
 */
export async function pushToDevices(
  deps: Pick<AlertSendDeps, 'db' | 'log'>,
  push: PushSender,
  devices: (PushTarget & { id: number; userId: number })[],
  payloads: { notification: { id: number; userId: number }; payload: AlertPushPayload }[],
  now: Date,
): Promise<{ sent: number; retry: number[]; gone: number[] }> {
  const gone = new Set<number>();
  const reached = new Set<number>();
  const retry: number[] = [];
  let sent = 0;
  await inFlight(payloads, async ({ notification, payload }) => {
    const own = devices.filter((device) => device.userId === notification.userId);
    const outcomes = await Promise.all(
      own.map(async (device) => {
        const outcome = await push.send(device, JSON.stringify(payload), {
          ttlSeconds: ALERT_PUSH_TTL_SECONDS,
        });
        if (outcome.ok) reached.add(device.id);
        else if (outcome.gone) gone.add(device.id);
        else deps.log.warn({ status: outcome.status, error: outcome.error }, 'push not delivered');
        return outcome;
      }),
    );
    if (outcomes.some((outcome) => outcome.ok)) sent++;
    else if (outcomes.some(refusedForNow)) retry.push(notification.id);
  });
  await deleteGoneSubscriptions(deps.db, [...gone]);
  await markPushed(deps.db, [...reached], now);
  return { sent, retry, gone: [...gone] };
}

/**
 * Pushes one payload to every device of one member (a waiting list's offer, ADR 050): how many
 * devices took it, and whether one refused for now (the caller may try again).
 */
export async function pushToMember(
  deps: Pick<AlertSendDeps, 'db' | 'log'>,
  push: PushSender,
  userId: number,
  payload: AlertPushPayload,
  now: Date,
): Promise<{ sent: number; retry: boolean }> {
  const devices = await findMemberDevices(deps.db, [userId]);
  if (devices.length === 0) return { sent: 0, retry: false };
  const result = await pushToDevices(
    deps,
    push,
    devices,
    [{ notification: { id: 0, userId }, payload }],
    now,
  );
  return { sent: result.sent, retry: result.retry.length > 0 };
}
