import { alertFollows, alertSettings, pushSubscriptions } from '@sentiero/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVapidKeys, webPushSender } from '../../platform/push.ts';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createArea, createMember, joinPremium, memberId } from '../../test/factories.ts';
import {
  type FakePushService,
  LOCAL_PUSH_DESTINATIONS,
  startFakePushService,
} from '../../test/fakes/push-service.ts';

/*
 * The alerts' endpoints (issue 15, item 3): Sentiero+ only, what a member follows and how, the
 * devices that receive pushes, the test push, the mail's way out, and erasure with the account.
 */

let sut: TestApp;
let push: FakePushService;
let areaId: number;
let member: Browser;
const vapid = loadVapidKeys({ subject: 'mailto:alerts@sentiero.test' });

beforeAll(async () => {
  push = await startFakePushService();
  sut = await createTestApp({}, { pushSender: webPushSender(vapid, LOCAL_PUSH_DESTINATIONS) });
  areaId = (await createArea(sut.database.db)).id;
  member = await createMember(sut, 'Lucia');
  await joinPremium(member);
});
afterAll(async () => {
  await sut.close();
  await push.close();
});

describe('alerts for Sentiero+ members', () => {
  const calls = (browser: Browser) => [
    browser.get('/api/app/alert/list?lng=en'),
    browser.post('/api/app/alert/follow?lng=en', { area_id: areaId }),
    browser.post('/api/app/alert/unfollow?lng=en', { area_id: areaId }),
    browser.post('/api/app/alert/settings?lng=en', {
      quiet_start: '22:00',
      quiet_end: '07:00',
      time_zone: 'Europe/Rome',
    }),
    browser.post('/api/app/alert/push/subscribe?lng=en', push.subscribe()),
    browser.post('/api/app/alert/push/test?lng=en', {}),
  ];

  it('asks a visitor to log in (401) and refuses a member without Sentiero+ (403, SPEC premium message)', async () => {
    for (const response of await Promise.all(calls(createBrowser(sut)))) {
      expect(response.statusCode, response.body).toBe(401);
    }
    for (const response of await Promise.all(calls(await createMember(sut, 'Plain')))) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'PREMIUM_REQUIRED',
        message: 'It seems an error occurred, please try again later',
      });
    }
    const [written] = await sut.database.db.select({ n: count() }).from(alertFollows);
    expect(written?.n).toBe(0);
  });

  it('follows an area with the kinds, level and channels chosen, changes them, and unfollows it', async () => {
    const empty = (await member.get('/api/app/alert/list?lng=it')).json();
    expect(empty).toMatchObject({
      follows: [],
      settings: { quiet_start: '22:00', quiet_end: '07:00', time_zone: 'Europe/Rome' },
      push_public_key: vapid.publicKey,
      push_devices: 0,
    });
    const followed = await member.post('/api/app/alert/follow?lng=it', { area_id: areaId });
    expect(followed.json().follows).toEqual([
      {
        area_id: areaId,
        area_name: expect.any(String),
        kinds: ['growth', 'storm', 'heavyRain', 'frost'],
        min_level: 'good',
        by_mail: true,
        by_push: true,
      },
    ]);
    const changed = await member.post('/api/app/alert/follow?lng=it', {
      area_id: areaId,
      kinds: 'growth,frost',
      min_level: 'abundant',
      by_push: 'false',
    });
    expect(changed.json().follows[0]).toMatchObject({
      kinds: ['growth', 'frost'],
      min_level: 'abundant',
      by_push: false,
    });
    expect((await member.post('/api/app/alert/unfollow?lng=it', { area_id: areaId })).json().follows).toEqual(
      [],
    );
  });

  it('refuses what cannot be followed with a message and writes nothing', async () => {
    const cases = [
      [{ area_id: areaId, kinds: [] }, 'kinds', 'Choose at least one'],
      [{ area_id: areaId, kinds: 'hail' }, 'kinds.0', 'This value is not valid'],
      [{ area_id: areaId, min_level: 'huge' }, 'min_level', 'This value is not valid'],
      [{ area_id: areaId, by_mail: false, by_push: false }, 'by_mail', 'Choose at least one'],
    ] as const;
    for (const [body, field, message] of cases) {
      const response = await member.post('/api/app/alert/follow?lng=en', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields[field], response.body).toBe(message);
    }
    expect((await member.post('/api/app/alert/follow?lng=en', { area_id: 999_999 })).statusCode).toBe(404);
    const settings = await member.post('/api/app/alert/settings?lng=en', {
      quiet_start: '25:00',
      quiet_end: '07:00',
      time_zone: 'Mars/Olympus',
    });
    expect(settings.statusCode).toBe(400);
    expect(Object.keys(settings.json().fields).sort()).toEqual(['quiet_start', 'time_zone']);
    const id = await memberId(member);
    expect(await sut.database.db.select().from(alertFollows).where(eq(alertFollows.userId, id))).toEqual([]);
    expect(await sut.database.db.select().from(alertSettings).where(eq(alertSettings.userId, id))).toEqual(
      [],
    );
  });

  it('keeps a device, sends it a test push, and refuses endpoints that are no push service', async () => {
    const device = push.subscribe();
    const kept = await member.post('/api/app/alert/push/subscribe?lng=it', device);
    expect(kept.json()).toEqual({ push_devices: 1 });
    // The same device again is the same device.
    expect((await member.post('/api/app/alert/push/subscribe?lng=it', device)).json()).toEqual({
      push_devices: 1,
    });

    const tested = await member.post('/api/app/alert/push/test?lng=it', {});
    expect(tested.json()).toEqual({ sent: 1, push_devices: 1 });
    const [received] = push.received.filter((pushed) => pushed.subscription === device.endpoint);
    expect(JSON.parse(received?.text ?? '{}')).toMatchObject({
      title: 'Notifiche attive',
      url: '/user/alerts',
    });

    for (const [endpoint, message] of [
      [
        'http://push.example/abc',
        'This is not the address of a browser’s push service: notifications cannot be sent there',
      ],
      ['ftp://127.0.0.1/x', 'This value is not valid'],
      ['not a url', 'This value is not valid'],
    ] as const) {
      const refused = await member.post('/api/app/alert/push/subscribe?lng=en', {
        ...push.subscribe(),
        endpoint,
      });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json().fields.endpoint).toBe(message);
    }
    const bad = await member.post('/api/app/alert/push/subscribe?lng=en', {
      ...push.subscribe(),
      p256dh: 'short',
    });
    expect(bad.json().fields.p256dh).toBe('This value is not valid');

    expect(
      (await member.post('/api/app/alert/push/unsubscribe?lng=it', { endpoint: device.endpoint })).json(),
    ).toEqual({
      push_devices: 0,
    });
  });

  it('answers an unknown or used unsubscribe link with a message, not an error page', async () => {
    const response = await createBrowser(sut).post('/api/app/alert/unsubscribe?lng=en', {
      token: 'x'.repeat(43),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This link is no longer valid, please ask for a new one');
  });

  it('erases the follows, quiet hours and devices with the account', async () => {
    const leaving = await createMember(sut, 'Leaving');
    await joinPremium(leaving);
    const id = await memberId(leaving);
    await leaving.post('/api/app/alert/follow?lng=en', { area_id: areaId });
    await leaving.post('/api/app/alert/settings?lng=en', {
      quiet_start: '21:00',
      quiet_end: '06:00',
      time_zone: 'Europe/Ljubljana',
    });
    await leaving.post('/api/app/alert/push/subscribe?lng=en', push.subscribe());
    const deleted = await leaving.post('/api/app/user/delete?lng=en', { password: 'Trota2026' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const db = sut.database.db;
    expect(await db.select().from(alertFollows).where(eq(alertFollows.userId, id))).toEqual([]);
    expect(await db.select().from(alertSettings).where(eq(alertSettings.userId, id))).toEqual([]);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id))).toEqual([]);
  });
});
