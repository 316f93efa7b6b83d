import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { findAreaForecasts } from '../growth/index.ts';
import { isEntitled } from '../premium/index.ts';
import { listWeatherWarnings } from '../weather/index.ts';
import {
  type AlertCandidate,
  findAlertCandidates,
  findFollowedAreas,
  insertNotifications,
  type NewNotification,
} from './evaluate-repo.ts';
import { type AreaSignals, alertEventsFor, pushTimeAfterQuietHours } from './rules.ts';

export const ALERTS_EVALUATE_QUEUE = 'alerts-evaluate';
export const ALERTS_SEND_QUEUE = 'alerts-send';

/** Days a weather warning is told ahead of a ticket day: today, tomorrow and the day after. */
export const WEATHER_ALERT_DAYS = 3;
/** How far back "already told" reaches: a growth flush is told once, a warning once per day. */
const TOLD_DAYS = 7;
/** Follows read and decided per statement: bounded memory and statements at 100,000 followers. */
const CANDIDATES_PER_PAGE = 5_000;
/** Notifications per send job: a job's mails and pushes go out side by side. */
export const NOTIFICATIONS_PER_SEND_JOB = 100;

export type AlertSendJob = { ids: number[] };

export type AlertEvaluationDeps = { db: Db; clock: Clock; log: FastifyBaseLogger; jobs: Jobs };

export type AlertEvaluationSummary = {
  areas: number;
  follows: number;
  notifications: number;
  mails: number;
  pushesNow: number;
  pushesLater: number;
  sendJobs: number;
};

/** Each followed area's forecast week and warned days, from the stored weather. */
async function findAreaSignals(db: Db, clock: Clock): Promise<Map<number, AreaSignals>> {
  const areas = await findFollowedAreas(db);
  const signals = new Map<number, AreaSignals>();
  if (areas.length === 0) return signals;
  const now = clock.now();
  const todays = new Map(areas.map((area) => [area.id, calendarDateIn(area.timeZone, now)]));
  const days = [...todays.values()].sort();
  const ids = areas.map((area) => area.id);
  const [forecasts, warnings] = await Promise.all([
    findAreaForecasts(db, { areaIds: ids, clock }),
    listWeatherWarnings(
      db,
      ids,
      days[0] as string,
      addCalendarDays(days.at(-1) as string, WEATHER_ALERT_DAYS - 1),
    ),
  ]);
  for (const [areaId, today] of todays) {
    const last = addCalendarDays(today, WEATHER_ALERT_DAYS - 1);
    const warned = [...(warnings.get(areaId) ?? [])].filter(([date]) => date >= today && date <= last);
    signals.set(areaId, {
      today,
      growth: (forecasts.get(areaId) ?? []).filter((day) => day.date >= today),
      warnings: new Map(warned),
    });
  }
  return signals;
}

/** The notification a candidate gets today, if any: their events, by the channels that reach them. */
function decide(
  candidate: AlertCandidate,
  signals: AreaSignals | undefined,
  now: Date,
): NewNotification | null {
  if (!signals || !isEntitled(candidate, now)) return null;
  const events = alertEventsFor(candidate, signals, candidate.ticketDays, candidate.told);
  if (events.length === 0) return null;
  const pushAfter =
    candidate.byPush && candidate.hasDevice
      ? pushTimeAfterQuietHours(
          now,
          candidate.quietStart === null || candidate.quietEnd === null || candidate.timeZone === null
            ? undefined
            : { start: candidate.quietStart, end: candidate.quietEnd, timeZone: candidate.timeZone },
        )
      : null;
  if (!candidate.byMail && !pushAfter) return null;
  return {
    userId: candidate.userId,
    areaId: candidate.areaId,
    followId: candidate.followId,
    day: signals.today,
    events,
    byMail: candidate.byMail,
    pushAfter,
  };
}

/**
 * The daily alert run (ADR 021): the followed areas' signals are computed once, then the follows
 * are read page by page with all each decision needs (one statement per page), decided, written
 * at most once per member, area and day (the unique index), and their sending queued in jobs of
 * a hundred: now for mail and pushes outside quiet hours, at the end of quiet hours for the others.
 */
export async function evaluateAlerts({
  db,
  clock,
  log,
  jobs,
}: AlertEvaluationDeps): Promise<AlertEvaluationSummary> {
  const now = clock.now();
  const signals = await findAreaSignals(db, clock);
  const summary: AlertEvaluationSummary = {
    areas: signals.size,
    follows: 0,
    notifications: 0,
    mails: 0,
    pushesNow: 0,
    pushesLater: 0,
    sendJobs: 0,
  };
  if (signals.size === 0) return summary;
  const todays = [...signals.values()].map((area) => area.today).sort();
  const page = {
    areaIds: [...signals.keys()],
    from: todays[0] as string,
    to: addCalendarDays(todays.at(-1) as string, WEATHER_ALERT_DAYS - 1),
    toldSince: addCalendarDays(todays[0] as string, -TOLD_DAYS),
    limit: CANDIDATES_PER_PAGE,
  };
  const queued: Promise<void>[] = [];
  for (let afterId = 0; ; ) {
    const { candidates, lastFollowId, full } = await findAlertCandidates(db, { ...page, afterId });
    if (lastFollowId === null) break;
    afterId = lastFollowId;
    summary.follows += candidates.length;
    const due = candidates
      .map((candidate) => decide(candidate, signals.get(candidate.areaId), now))
      .filter((row): row is NewNotification => row !== null);
    const written = await insertNotifications(db, due);
    summary.notifications += written.length;
    // Now: mails and pushes outside quiet hours; later: each push at the end of its quiet hours.
    const sendNow: number[] = [];
    const sendLater = new Map<number, number[]>();
    for (const row of written) {
      const pushNow = row.pushAfter !== null && row.pushAfter.getTime() <= now.getTime();
      if (row.byMail) summary.mails++;
      if (pushNow) summary.pushesNow++;
      if (row.byMail || pushNow) sendNow.push(row.id);
      if (row.pushAfter && !pushNow) {
        summary.pushesLater++;
        const at = row.pushAfter.getTime();
        sendLater.set(at, [...(sendLater.get(at) ?? []), row.id]);
      }
    }
    for (const ids of chunks(sendNow)) queued.push(jobs.send<AlertSendJob>(ALERTS_SEND_QUEUE, { ids }));
    for (const [at, ids] of sendLater) {
      for (const chunk of chunks(ids)) {
        queued.push(jobs.send<AlertSendJob>(ALERTS_SEND_QUEUE, { ids: chunk }, { startAfter: new Date(at) }));
      }
    }
    if (!full) break;
  }
  summary.sendJobs = queued.length;
  await Promise.all(queued);
  log.info(summary, 'alerts evaluated');
  return summary;
}

function chunks(ids: number[]): number[][] {
  const result: number[][] = [];
  for (let start = 0; start < ids.length; start += NOTIFICATIONS_PER_SEND_JOB) {
    result.push(ids.slice(start, start + NOTIFICATIONS_PER_SEND_JOB));
  }
  return result;
}
