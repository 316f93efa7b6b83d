import { type FakePushService, startFakePushService } from '../../apps/api/src/test/fakes/push-service.ts';
import { becomePlusMember } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

/*
 * A Sentiero+ member follows an area, turns notifications on for the phone and receives a push
 * for it, in Italian. Chromium's own push service is out of reach on a machine with no network,
 * so the browser's side of the subscription is played by a local push service (the same one the
 * API tests use): `PushManager.subscribe` hands the app a subscription whose endpoint and keys
 * are that service's, the app sends it to the server as it would send Chromium's, the server's
 * push goes there encrypted and VAPID-signed, is decrypted with the subscription's keys, and the
 * payload is delivered to the app's real service worker (DevTools' deliverPushMessage), which
 * shows the notification.
 */

const TEXT = {
  follow: /^Segui .* e ricevi gli avvisi$/,
  alertsHeading: 'Avvisi meteo e crescita',
  followed: 'Zone che segui',
  level: 'Crescita a partire da',
  nothing: 'Nulla',
  save: 'Salva',
  saved: 'Salvato.',
  enable: 'Attiva le notifiche su questo dispositivo',
  on: 'Le notifiche sono attive su questo dispositivo.',
} as const;

test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'it-IT',
  // The service worker is what shows the alert.
  serviceWorkers: 'allow',
});

let push: FakePushService;
test.beforeAll(async () => {
  push = await startFakePushService();
});
test.afterAll(async () => {
  await push.close();
});

test('a Sentiero+ member follows an area, turns on notifications on the phone and receives a push for it (it)', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await becomePlusMember(page, baseURL ?? '', {
    firstname: 'Marta',
    lastname: 'Ferri',
    password: 'Porcini2026',
  });
  // No quiet hours, so the push goes at whatever hour the suite runs.
  const quiet = await page.request.post('/api/app/alert/settings?lng=it', {
    headers: { origin: baseURL ?? '' },
    data: { quiet_start: '00:00', quiet_end: '00:00', time_zone: 'Europe/Rome' },
  });
  expect(quiet.ok()).toBe(true);

  // The phone's side of the subscription: the local push service's endpoint and keys.
  const device = push.subscribe();
  await context.grantPermissions(['notifications']);
  await page.addInitScript((subscription) => {
    const made: { key: string | null; subscription: unknown } = { key: null, subscription: null };
    (window as unknown as { madeSubscription: typeof made }).madeSubscription = made;
    const fake = {
      endpoint: subscription.endpoint,
      options: { applicationServerKey: null as ArrayBuffer | null },
      toJSON: () => ({
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      }),
      unsubscribe: async () => true,
    };
    PushManager.prototype.getSubscription = async () => made.subscription as PushSubscription | null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      made.key = btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      fake.options.applicationServerKey = key.buffer;
      made.subscription = fake;
      return fake as unknown as PushSubscription;
    };
  }, device);

  // Follow an area from the growth table.
  await page.goto('/growth?lng=it');
  const follow = page.getByRole('button', { name: TEXT.follow }).first();
  // The table's first answer computes every area's forecast on the embedded database: on a busy
  // machine it can take longer than the default five seconds.
  await expect(follow).toBeVisible({ timeout: 15_000 });
  const areaName = ((await follow.getAttribute('aria-label')) ?? '').replace(
    /^Segui (.*) e ricevi gli avvisi$/,
    '$1',
  );
  await follow.click();
  await expect(page.getByRole('button', { name: `Non seguire più ${areaName}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // On the alerts screen: tell me from the lowest growth level, and turn notifications on here.
  await page.goto('/user/alerts?lng=it');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.alertsHeading })).toBeVisible();
  const card = page.getByRole('form', { name: areaName });
  await expect(card).toBeVisible();
  await card.getByLabel(TEXT.level).selectOption({ label: TEXT.nothing });
  await card.getByRole('button', { name: TEXT.save, exact: true }).click();
  await expect(card.getByText(TEXT.saved)).toBeVisible();
  await page.getByRole('button', { name: TEXT.enable }).click();
  await expect(page.getByText(TEXT.on)).toBeVisible();
  // The app subscribed with the server's VAPID key.
  const alerts = await (await page.request.get('/api/app/alert/list?lng=it')).json();
  expect(alerts.push_devices).toBe(1);
  expect(
    await page.evaluate(
      () => (window as unknown as { madeSubscription: { key: string } }).madeSubscription.key,
    ),
  ).toBe(alerts.push_public_key);
  const areaId = (alerts.follows as { area_id: number; area_name: string }[]).find(
    (each) => each.area_name === areaName,
  )?.area_id;

  // The morning run: the server pushes to the phone's push service, encrypted and signed.
  const run = await page.request.post('/dev/alerts/run');
  expect(run.ok()).toBe(true);
  await expect
    .poll(() => push.received.filter((each) => each.subscription === device.endpoint).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [received] = push.received.filter((each) => each.subscription === device.endpoint);
  expect(received?.vapid.publicKey).toBe(alerts.push_public_key);
  const payload = JSON.parse(received?.text ?? '{}');
  expect(payload).toMatchObject({ title: areaName, url: `/events/${areaId}` });
  expect(payload.body).toContain('Crescita prevista fino a');

  // The phone gets it: the payload reaches the app's service worker, which shows the alert. It
  // goes to the registration whose worker is activated, as a browser delivers pushes only there;
  // whatever the worker reports as an error is kept, so a failure says what the worker saw.
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  const activated = new Set<string>();
  const workerErrors: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const each of event.registrations) registrations.set(each.registrationId, each);
  });
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const version of event.versions)
      if (version.status === 'activated') activated.add(version.registrationId);
  });
  cdp.on('ServiceWorker.workerErrorReported', (event) => workerErrors.push(event.errorMessage.errorMessage));
  await cdp.send('ServiceWorker.enable');
  const ours = () =>
    [...registrations].find(
      ([id, each]) => !each.isDeleted && each.scopeURL === `${baseURL}/` && activated.has(id),
    )?.[0];
  await expect.poll(ours, { timeout: 10_000 }).toBeDefined();
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL ?? '').origin,
    registrationId: ours() ?? '',
    data: received?.text ?? '',
  });
  const shown = async () =>
    page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return (await ready.getNotifications()).map((each) => ({
        title: each.title,
        body: each.body,
        data: each.data,
      }));
    });
  // The worker's errors are part of what is compared, so a failure shows them.
  await expect
    .poll(async () => ({ shown: await shown(), workerErrors }), { timeout: 10_000 })
    .toEqual({
      shown: [{ title: areaName, body: payload.body, data: { url: `/events/${areaId}` } }],
      workerErrors: [],
    });
});
