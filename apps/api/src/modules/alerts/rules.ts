import { type AlertEvent, type AlertKind, DEFAULT_QUIET_HOURS } from '@sentiero/contract/alerts';
import { GROWTH_LEVELS, type GrowthLevel } from '@sentiero/contract/growth';
import type { WeatherWarning } from '@sentiero/contract/weather';

/*
 * What a follow is told on a day (ADR 021), as pure functions of the area's forecast, the member's
 * ticket days and what they were told already: the daily job reads the rows, these decide.
 */

/** What an area has to say today: its growth forecast from today on and its warned days. */
export type AreaSignals = {
  /** The area's calendar day of the run. */
  today: string;
  /** The forecast days from today on, in order. */
  growth: readonly { date: string; level: GrowthLevel }[];
  /** Days from today within the weather window that warn of something. */
  warnings: ReadonlyMap<string, readonly WeatherWarning[]>;
};

export type FollowChoice = { kinds: readonly AlertKind[]; minLevel: GrowthLevel };

const rank = (level: GrowthLevel) => GROWTH_LEVELS.indexOf(level);

/**
 * The events to tell a follower, oldest day first:
 * - growth: the best level of the forecast week, on its first day, when it reaches the member's
 *   level; once per flush: not again while a growth alert of the last days announced as much;
 * - a warning (storm, heavy rain, frost) on a day the member holds a ticket for in the area,
 *   once per warning and day, however many runs see it coming.
 */
export function alertEventsFor(
  follow: FollowChoice,
  signals: AreaSignals,
  ticketDays: readonly string[],
  told: readonly AlertEvent[],
): AlertEvent[] {
  const events: AlertEvent[] = [];
  if (follow.kinds.includes('growth')) {
    let best: { date: string; level: GrowthLevel } | undefined;
    for (const day of signals.growth) {
      if (rank(day.level) >= rank(follow.minLevel) && (!best || rank(day.level) > rank(best.level)))
        best = day;
    }
    const announced = told.some(
      (event) => event.kind === 'growth' && best !== undefined && rank(event.level) >= rank(best.level),
    );
    if (best && !announced) events.push({ kind: 'growth', date: best.date, level: best.level });
  }
  for (const date of [...ticketDays].sort()) {
    for (const warning of signals.warnings.get(date) ?? []) {
      if (!follow.kinds.includes(warning)) continue;
      if (told.some((event) => event.kind === warning && event.date === date)) continue;
      events.push({ kind: warning, date });
    }
  }
  return events;
}

export type QuietHours = { start: number; end: number; timeZone: string };

const DAY_MINUTES = 24 * 60;

/** One formatter per zone: the daily run asks for thousands of members in a few zones. */
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes after midnight of `now` in the zone. */
function minuteOfDay(now: Date, timeZone: string): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * When a push due `now` may go: now, or at the end of the member's quiet hours if now falls inside
 * them (a window may cross midnight: 22:00–07:00). Equal start and end: no quiet hours.
 */
export function pushTimeAfterQuietHours(now: Date, quiet: QuietHours = DEFAULT_QUIET_HOURS): Date {
  const { start, end } = quiet;
  if (start === end) return now;
  const minute = minuteOfDay(now, quiet.timeZone);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return now;
  const wait = (end - minute + DAY_MINUTES) % DAY_MINUTES;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

/** `HH:MM` of minutes after midnight. */
export const timeOfDay = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
