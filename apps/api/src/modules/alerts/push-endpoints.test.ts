import { alertNotifications, pushSubscriptions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { loadVapidKeys } from '../../platform/push.ts';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createArea, createMember, joinPremium, memberId } from '../../test/factories.ts';
import { type HttpsSink, startHttpsSink } from '../../test/fakes/https-sink.ts';
import { configuredPushSender } from './jobs.ts';
import { sendAlerts } from './send.ts';

/*
 * Issue 21, defect 3: a member's push endpoint is an address the server will POST to, so it must
 * be a browser vendor's push service and nothing inside the server's network. The sink on
 * 127.0.0.1 stands for what is inside: it must never see a connection, whether the address comes
 * through the subscribe endpoint or is already in the database. The app runs with its configured
 * push sender and the default PUSH_SERVICE_HOSTS, local push services not allowed.
 */

const vapid = loadVapidKeys({ subject: 'mailto:alerts@sentiero.test' });
const environment = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

let sut: TestApp;
let sink: HttpsSink;
let member: Browser;

beforeAll(async () => {
  sink = await startHttpsSink();
  sut = await createTestApp(environment);
  member = await createMember(sut, 'Irene');
  await joinPremium(member);
});
afterAll(async () => {
  await sut.close();
  await sink.close();
});

const INSIDE = () => [
  `${sink.url}/push/1`,
  `https://localhost:${sink.port}/push/1`,
  'https://127.0.0.1/push/1',
  'https://10.11.12.13/push/1',
  'https://[::1]/push/1',
  'https://[::ffff:127.0.0.1]/push/1',
  'https://169.254.169.254/latest/meta-data',
  'https://db.internal/push/1',
  'https://fcm.googleapis.com:8443/fcm/send/1',
  'http://fcm.googleapis.com/fcm/send/1',
];

const MESSAGES = {
  it: 'Questo non è l’indirizzo del servizio di notifiche di un browser: lì non possiamo inviare notifiche',
  en: 'This is not the address of a browser’s push service: notifications cannot be sent there',
  es: 'Esta no es la dirección del servicio de notificaciones de un navegador: no podemos enviar notificaciones allí',
  de: 'Das ist nicht die Adresse des Push-Dienstes eines Browsers: Dorthin können keine Benachrichtigungen gesendet werden',
  sl: 'To ni naslov storitve za potisna obvestila brskalnika: tja ni mogoče pošiljati obvestil',
} as const;

describe('push endpoints inside the server’s network', () => {
  it('refuses them at subscription with a message in the member’s language, and keeps nothing', async () => {
    for (const endpoint of INSIDE()) {
      const response = await member.post('/api/app/alert/push/subscribe?lng=en', { endpoint, ...keys });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().fields, endpoint).toEqual({ endpoint: MESSAGES.en });
    }
    for (const [language, message] of Object.entries(MESSAGES)) {
      const response = await member.post(`/api/app/alert/push/subscribe?lng=${language}`, {
        endpoint: `${sink.url}/latest/meta-data`,
        ...keys,
      });
      expect(response.statusCode, language).toBe(400);
      expect(response.json().fields.endpoint, language).toBe(message);
    }
    const id = await memberId(member);
    expect(
      await sut.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id)),
    ).toEqual([]);
    expect(sink.connections()).toBe(0);
  });

  it('keeps a device on a browser vendor’s push service', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bFx';
    const kept = await member.post('/api/app/alert/push/subscribe?lng=en', { endpoint, ...keys });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ push_devices: 1 });
    // No network here: the device goes again before anything is sent to it.
    await member.post('/api/app/alert/push/unsubscribe?lng=en', { endpoint });
  });

  it('never contacts one already in the database, from the test push or the daily alert job', async () => {
    const db = sut.database.db;
    const owner = await createMember(sut, 'Bruno');
    await joinPremium(owner);
    const userId = await memberId(owner);
    for (const endpoint of [`${sink.url}/push/db`, `https://localhost:${sink.port}/push/db`]) {
      await db.insert(pushSubscriptions).values({ userId, endpoint, ...keys });
    }

    const tested = await owner.post('/api/app/alert/push/test?lng=en', {});
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toEqual({ sent: 0, push_devices: 2 });
    expect(sink.connections()).toBe(0);

    const area = await createArea(db);
    const [notification] = await db
      .insert(alertNotifications)
      .values({
        userId,
        areaId: area.id,
        day: '2026-10-11',
        events: [{ kind: 'storm', date: '2026-10-12' }],
        byMail: false,
        pushAfter: new Date(Date.now() - 60_000),
      })
      .returning();
    // The send job's worker, with the push sender this configuration makes.
    const config = loadConfig({ NODE_ENV: 'test', ...environment });
    const sent = await sendAlerts(
      {
        db,
        clock: { now: () => new Date() },
        log: sut.app.log,
        mail: { send: async () => {}, deliver: async () => {} },
        push: configuredPushSender(config, sut.app.log),
        brand: 'Sentiero',
        origin: 'https://sentiero.example',
      },
      [notification?.id as number],
    );
    expect(sent).toEqual({ mails: 0, pushes: 0 });
    expect(sink.connections()).toBe(0);
    expect(sink.requests).toEqual([]);
  });
});
