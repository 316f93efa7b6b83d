import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakePushService,
  LOCAL_PUSH_DESTINATIONS,
  startFakePushService,
} from '../test/fakes/push-service.ts';
import { loadVapidKeys, webPushSender } from './push.ts';

let google: FakePushService;
let mozilla: FakePushService;

beforeAll(async () => {
  google = await startFakePushService();
  mozilla = await startFakePushService();
});
afterAll(async () => {
  await google.close();
  await mozilla.close();
});

describe('the Web Push sender', () => {
  it('signs one VAPID token per push service and carries it on each push there, valid for hours', async () => {
    const sender = webPushSender(
      loadVapidKeys({ subject: 'mailto:alerts@sentiero.test' }),
      LOCAL_PUSH_DESTINATIONS,
    );
    const first = google.subscribe();
    const second = google.subscribe();
    const elsewhere = mozilla.subscribe();

    const outcomes = await Promise.all([
      sender.send(first, '{"title":"Val di Taro"}', { ttlSeconds: 60 }),
      sender.send(second, '{"title":"Valle Maira"}', { ttlSeconds: 60 }),
      sender.send(elsewhere, '{"title":"Bohinj"}', { ttlSeconds: 60 }),
    ]);

    expect(outcomes).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(google.refused).toEqual([]);
    expect(mozilla.refused).toEqual([]);
    expect(google.received.map((push) => push.text).sort()).toEqual([
      '{"title":"Val di Taro"}',
      '{"title":"Valle Maira"}',
    ]);
    const [one, two] = google.received;
    expect(one?.headers.authorization).toBe(two?.headers.authorization);
    expect(one?.vapid.aud).toBe(google.url);
    expect(one?.vapid.exp).toBeGreaterThan(Date.now() / 1000 + 11 * 3600);
    expect(mozilla.received[0]?.vapid.aud).toBe(mozilla.url);
    expect(mozilla.received[0]?.headers.authorization).not.toBe(one?.headers.authorization);
  });

  it('tells a device the push service has forgotten from a push that failed', async () => {
    const sender = webPushSender(
      loadVapidKeys({ subject: 'mailto:alerts@sentiero.test' }),
      LOCAL_PUSH_DESTINATIONS,
    );
    const device = google.subscribe();
    google.expire(device.endpoint);

    expect(await sender.send(device, '{}')).toMatchObject({ ok: false, gone: true, status: 410 });
    expect(await sender.send({ ...device, endpoint: 'http://127.0.0.1:1/push/none' }, '{}')).toMatchObject({
      ok: false,
      gone: false,
      status: null,
    });
  });
});
