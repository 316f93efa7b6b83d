import { addCalendarDays } from '@sentiero/contract/durations';
import { GROWTH_LEVELS, type GrowthLevel } from '@sentiero/contract/growth';
import {
  activityTypes,
  alertFollows,
  alertNotifications,
  issuedTickets,
  orderLines,
  pushSubscriptions,
  subscriptions,
  users,
} from '@sentiero/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startJobs } from '../../platform/jobs.ts';
import type { OutgoingMail } from '../../platform/mail.ts';
import { loadVapidKeys, webPushSender } from '../../platform/push.ts';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createArea,
  createMember,
  createOrder,
  createTicket,
  createWeatherDays,
  joinPremium,
  memberId,
} from '../../test/factories.ts';
import {
  type FakePushService,
  LOCAL_PUSH_DESTINATIONS,
  startFakePushService,
} from '../../test/fakes/push-service.ts';
import { findAreaForecasts } from '../growth/index.ts';
import { ALERTS_SEND_QUEUE, evaluateAlerts } from './evaluate.ts';
import { findAlertCandidates } from './evaluate-repo.ts';
import { sendAlerts } from './send.ts';

/*
 * The daily alert run (ADR 021) on a fixed morning: 06:47 in Rome on 11 October 2026, inside the
 * default quiet hours (22:00–07:00). The area had 40 mm of mild rain 12 days ago (growth comes),
 * a thunderstorm tomorrow, heavy rain and frost the day after, a gale in five days.
 */

const TODAY = '2026-10-11';
const MORNING = Date.parse('2026-10-11T04:47:00Z');
const clocks = createClockSwitch();
let clock: TestClock;

const mails: OutgoingMail[] = [];
const vapid = loadVapidKeys({ subject: 'mailto:alerts@sentiero.test' });
let push: FakePushService;
let sut: TestApp;
let jobs: Awaited<ReturnType<typeof startJobs>>;
let areaId: number;
let areaName: string;
let bestLevel: GrowthLevel;

beforeAll(async () => {
  push = await startFakePushService();
  sut = await createTestApp(
    { BRAND_NAME: 'Sentiero', PUBLIC_URL: 'https://sentiero.example' },
    {
      clock: clocks,
      mailTransport: { deliver: async (mail) => void mails.push(mail), close: () => {} },
      pushSender: webPushSender(vapid, LOCAL_PUSH_DESTINATIONS),
    },
  );
  // The evaluation queues its sends from a process of its own, as the scheduled run does.
  jobs = await startJobs(sut.database, sut.app.log, { work: false, cron: false });
  const db = sut.database.db;
  const area = await createArea(db, {
    name: { it: 'Val di Taro', en: 'Taro Valley', de: 'Tarotal' } as never,
  });
  areaId = area.id;
  areaName = 'Val di Taro';
  const [mushrooms] = await db
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .where(eq(activityTypes.slug, 'mushroom-foraging'));
  await createTicket(db, { areaId, activityTypeId: mushrooms?.id, season: { start: '06-01', end: '11-30' } });
  const rainDay = addCalendarDays(TODAY, -12);
  const stormy: Record<string, object> = {
    [rainDay]: { rainMm: 40 },
    [addCalendarDays(TODAY, 1)]: { weatherCode: 95 },
    [addCalendarDays(TODAY, 2)]: { rainMm: 35, tempMin: -1 },
    [addCalendarDays(TODAY, 5)]: { gustKmh: 90 },
  };
  await createWeatherDays(db, areaId, {
    from: addCalendarDays(TODAY, -32),
    count: 39,
    forecastFrom: TODAY,
    day: (date) => stormy[date] ?? {},
  });
  const week =
    (await findAreaForecasts(db, { areaIds: [areaId], clock: createTestClock(MORNING) })).get(areaId) ?? [];
  bestLevel = week
    .filter((day) => day.date >= TODAY)
    .reduce<GrowthLevel>((best, day) => (rank(day.level) > rank(best) ? day.level : best), 'poor');
});
afterAll(async () => {
  await jobs.stop();
  await sut.close();
  await push.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(MORNING));
});

const rank = (level: GrowthLevel) => GROWTH_LEVELS.indexOf(level);

async function plusMember(language = 'it', name = 'Giulia'): Promise<{ browser: Browser; id: number }> {
  const browser = await createMember(sut, name);
  await joinPremium(browser);
  const id = await memberId(browser);
  await sut.database.db
    .update(users)
    .set({ language: language as never })
    .where(eq(users.id, id));
  return { browser, id };
}

async function follow(browser: Browser, choice: Record<string, unknown>) {
  const response = await browser.post('/api/app/alert/follow?lng=en', { area_id: areaId, ...choice });
  expect(response.statusCode, response.body).toBe(200);
}

/** An issued ticket of the member's, valid in the area from one day to another. */
async function holdTicket(userId: number, from: string, until: string) {
  const db = sut.database.db;
  const ticket = await createTicket(db, { areaId });
  const order = await createOrder(db, { userId, status: 'issued' }, [
    { ticketId: ticket.id, startDate: from, endDate: until },
  ]);
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  await db.insert(issuedTickets).values({
    code: `T-${order.id}`,
    orderId: order.id,
    orderLineId: line?.id as number,
    ticketId: ticket.id,
    holderName: 'Giulia Conti',
    validFrom: from,
    validUntil: until,
    signedCode: `signed-${order.id}`,
    shareToken: `share-${order.id}`,
    issuedAt: clock.now(),
  });
}

async function notificationsOf(userId: number) {
  return sut.database.db
    .select()
    .from(alertNotifications)
    .where(and(eq(alertNotifications.userId, userId), eq(alertNotifications.areaId, areaId)));
}

async function run() {
  return evaluateAlerts({ db: sut.database.db, clock, log: sut.app.log, jobs });
}

async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function mailTo(userId: number) {
  const [row] = await sut.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  // Signing up and joining send their own mails; an alert mail is the one with a way out.
  return waitFor('the alert mail', () =>
    mails.find((mail) => mail.to === row?.email && mail.headers?.['List-Unsubscribe'] !== undefined),
  );
}

describe('the daily alert run', () => {
  it('tells a follower that growth reaches their level, by mail in Italian with a one-click way out', async () => {
    expect(rank(bestLevel)).toBeGreaterThanOrEqual(rank('scarce'));
    const { browser, id } = await plusMember('it');
    await follow(browser, { kinds: 'growth', min_level: bestLevel, by_push: false });
    // A level above what the forecast reaches tells nothing.
    const picky = await plusMember('it', 'Piero');
    if (bestLevel !== 'miraculous') {
      await follow(picky.browser, { kinds: 'growth', min_level: GROWTH_LEVELS[rank(bestLevel) + 1] });
    }
    await run();

    const [notification] = await notificationsOf(id);
    expect(notification?.events).toEqual([{ kind: 'growth', date: expect.any(String), level: bestLevel }]);
    expect(await notificationsOf(picky.id)).toEqual([]);
    const mail = await mailTo(id);
    expect(mail.subject).toContain(areaName);
    expect(mail.text).toContain('Crescita prevista fino a');
    expect(mail.text).toMatch(/https:\/\/sentiero\.example\/alerts\/unsubscribe\?token=[\w%-]+/);
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/sentiero\.example\/api\/app\/alert\/unsubscribe\/one-click\?token=[\w%-]+>$/,
    );
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // The link in the mail ends this area's alerts, with no login.
    const token = decodeURIComponent(/unsubscribe\?token=([\w%-]+)/.exec(mail.text)?.[1] ?? '');
    const oneClick = await sut.app.inject({
      method: 'POST',
      url: `/api/app/alert/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.json()).toEqual({ area_name: areaName });
    expect((await browser.get('/api/app/alert/list?lng=it')).json().follows).toEqual([]);
  });

  it('warns of storm, heavy rain and frost on the days a member holds a ticket for, within three days', async () => {
    const holder = await plusMember('en', 'Hannah');
    await holdTicket(holder.id, addCalendarDays(TODAY, 1), addCalendarDays(TODAY, 2));
    // The gale in five days is beyond the window.
    await holdTicket(holder.id, addCalendarDays(TODAY, 5), addCalendarDays(TODAY, 5));
    await follow(holder.browser, { kinds: 'storm,heavyRain,frost', by_push: false });
    const frostOnly = await plusMember('en', 'Fred');
    await holdTicket(frostOnly.id, addCalendarDays(TODAY, 1), addCalendarDays(TODAY, 2));
    await follow(frostOnly.browser, { kinds: ['frost'], by_push: false });
    const noTicket = await plusMember('en', 'Nora');
    await follow(noTicket.browser, { kinds: 'storm,heavyRain,frost', by_push: false });
    await run();

    expect((await notificationsOf(holder.id))[0]?.events).toEqual([
      { kind: 'storm', date: addCalendarDays(TODAY, 1) },
      { kind: 'heavyRain', date: addCalendarDays(TODAY, 2) },
      { kind: 'frost', date: addCalendarDays(TODAY, 2) },
    ]);
    expect((await notificationsOf(frostOnly.id))[0]?.events).toEqual([
      { kind: 'frost', date: addCalendarDays(TODAY, 2) },
    ]);
    expect(await notificationsOf(noTicket.id)).toEqual([]);
    const mail = await mailTo(holder.id);
    expect(mail.text).toContain('Thunderstorm or strong gusts forecast on October 12, 2026');
  });

  it('tells a member at most once per area and day, however many runs there are, and nothing already told', async () => {
    const { browser, id } = await plusMember('it', 'Ugo');
    await holdTicket(id, addCalendarDays(TODAY, 1), addCalendarDays(TODAY, 1));
    await follow(browser, { by_push: false });
    await Promise.all([run(), run()]);
    await run();
    expect(await notificationsOf(id)).toHaveLength(1);

    // The next morning the storm and the flush were told already: nothing new, nothing sent.
    clock.set(MORNING + 24 * 3600_000);
    await run();
    expect(await notificationsOf(id)).toHaveLength(1);
  });

  it('holds a push until the end of quiet hours, mails at once, and pushes in the member’s language', async () => {
    const { browser, id } = await plusMember('de', 'Klaus');
    const device = push.subscribe();
    expect((await browser.post('/api/app/alert/push/subscribe?lng=de', device)).statusCode).toBe(200);
    await follow(browser, { kinds: 'growth', min_level: 'poor' });
    await run();

    const [notification] = await notificationsOf(id);
    // 06:47 in Rome is inside 22:00–07:00: the push waits for 07:00 (05:00 UTC).
    expect(notification?.pushAfter?.toISOString()).toBe('2026-10-11T05:00:00.000Z');
    const waiting = await sut.database.db.execute(
      sql`select id from pgboss.job where name = ${ALERTS_SEND_QUEUE}
        and data->'ids' @> ${JSON.stringify([notification?.id])}::jsonb and start_after = ${notification?.pushAfter}`,
    );
    expect((waiting as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect((await mailTo(id)).subject).toContain('Wachstum');
    expect(push.received.filter((pushed) => pushed.subscription === device.endpoint)).toEqual([]);

    // At 07:00 the push goes: encrypted for the device, signed with our VAPID key. (The queued
    // job may get there first, at the real time it was due; either way the push goes once.)
    clock.set(Date.parse('2026-10-11T05:00:00Z'));
    await sendAlerts(
      {
        db: sut.database.db,
        clock,
        log: sut.app.log,
        mail: { send: async () => {}, deliver: async () => {} },
        push: webPushSender(vapid, LOCAL_PUSH_DESTINATIONS),
        brand: 'Sentiero',
        origin: 'https://sentiero.example',
      },
      [notification?.id as number],
    );
    await waitFor('the push', () =>
      push.received.find((received) => received.subscription === device.endpoint),
    );
    expect(push.received.filter((received) => received.subscription === device.endpoint)).toHaveLength(1);
    const [pushed] = push.received.filter((received) => received.subscription === device.endpoint);
    expect(pushed?.vapid).toMatchObject({
      aud: push.url,
      sub: 'mailto:alerts@sentiero.test',
      publicKey: vapid.publicKey,
    });
    expect(pushed?.headers['content-encoding']).toBe('aes128gcm');
    expect(JSON.parse(pushed?.text ?? '{}')).toEqual({
      title: 'Tarotal',
      body: expect.stringContaining('Wachstum'),
      url: `/events/${areaId}`,
      tag: `alert-area-${areaId}`,
    });
  });

  it('pushes at once outside quiet hours, and forgets a device the push service says is gone', async () => {
    const { browser, id } = await plusMember('it', 'Sara');
    const kept = push.subscribe();
    const gone = push.subscribe();
    for (const device of [kept, gone]) await browser.post('/api/app/alert/push/subscribe?lng=it', device);
    push.expire(gone.endpoint);
    const quiet = await browser.post('/api/app/alert/settings?lng=it', {
      quiet_start: '23:00',
      quiet_end: '05:30',
      time_zone: 'Europe/Rome',
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    await follow(browser, { kinds: 'growth', min_level: 'poor', by_mail: false });
    await run();

    const pushed = await waitFor('the push', () =>
      push.received.find((received) => received.subscription === kept.endpoint),
    );
    expect(JSON.parse(pushed.text).title).toBe(areaName);
    const devices = await waitFor('the gone device to be forgotten', async () => {
      const rows = await sut.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, id));
      return rows.length === 1 ? rows : undefined;
    });
    expect(devices.map((device) => device.endpoint)).toEqual([kept.endpoint]);
    expect(push.refused).toEqual([]);
  });

  it('tells a member whose Sentiero+ has expired nothing', async () => {
    const { browser, id } = await plusMember('it', 'Ettore');
    await follow(browser, { kinds: 'growth', min_level: 'poor', by_push: false });
    await sut.database.db
      .update(subscriptions)
      .set({ status: 'expired', endedAt: clock.now() })
      .where(eq(subscriptions.userId, id));
    await run();
    expect(await notificationsOf(id)).toEqual([]);
  });

  it('reads on past a page whose follows all belong to members without Sentiero+', async () => {
    const db = sut.database.db;
    const lapsed = await plusMember('it', 'Lapo');
    await follow(lapsed.browser, { kinds: 'growth', min_level: 'poor', by_push: false });
    await db
      .update(subscriptions)
      .set({ status: 'expired', endedAt: clock.now() })
      .where(eq(subscriptions.userId, lapsed.id));
    const current = await plusMember('it', 'Carla');
    await follow(current.browser, { kinds: 'growth', min_level: 'poor', by_push: false });
    const [lapsedFollow] = await db
      .select({ id: alertFollows.id })
      .from(alertFollows)
      .where(eq(alertFollows.userId, lapsed.id));
    const afterId = (lapsedFollow?.id ?? 0) - 1;
    const page = {
      areaIds: [areaId],
      from: TODAY,
      to: addCalendarDays(TODAY, 2),
      toldSince: addCalendarDays(TODAY, -7),
      limit: 1,
    };

    const first = await findAlertCandidates(db, { ...page, afterId });
    expect(first).toEqual({ candidates: [], lastFollowId: lapsedFollow?.id, full: true });
    const second = await findAlertCandidates(db, { ...page, afterId: first.lastFollowId ?? 0 });
    expect(second.candidates.map((candidate) => candidate.userId)).toEqual([current.id]);
    await run();
    expect(await notificationsOf(lapsed.id)).toEqual([]);
    expect(await notificationsOf(current.id)).toHaveLength(1);
  });
});
