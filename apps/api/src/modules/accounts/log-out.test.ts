import { pushSubscriptions, sessions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../platform/housekeeping-repo.ts';
import { loadVapidKeys, webPushSender } from '../../platform/push.ts';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createMember, joinPremium, memberId } from '../../test/factories.ts';
import {
  type BrowserSubscription,
  type FakePushService,
  LOCAL_PUSH_DESTINATIONS,
  startFakePushService,
} from '../../test/fakes/push-service.ts';

/*
 * Issue 21, defect 5: a member's Sentiero+ alerts stop on a phone once its session ends. Logging
 * out stops them on that phone; ending every session (a password changed or reset, the
 * account secured from a change notice) stops them on every phone.
 */

const PASSWORD = 'Trota2026';
let sut: TestApp;
let push: FakePushService;

beforeAll(async () => {
  push = await startFakePushService();
  sut = await createTestApp(
    {},
    {
      pushSender: webPushSender(
        loadVapidKeys({ subject: 'mailto:alerts@sentiero.test' }),
        LOCAL_PUSH_DESTINATIONS,
      ),
    },
  );
});
afterAll(async () => {
  await sut.close();
  await push.close();
});

type Phone = { browser: Browser; device: BrowserSubscription };

/** A Sentiero+ member logged in on two phones, each of which turned notifications on. */
async function memberOnTwoPhones(name: string) {
  const first = await createMember(sut, name);
  await joinPremium(first);
  const { email } = (await first.get('/api/app/user/info')).json().user as { email: string };
  const second = createBrowser(sut);
  const login = await second.post('/api/app/user/login?lng=en', { email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  const phones: Phone[] = [];
  for (const browser of [first, second]) {
    const device = push.subscribe();
    const subscribed = await browser.post('/api/app/alert/push/subscribe?lng=en', device);
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    phones.push({ browser, device });
  }
  return { email, id: await memberId(first), phones: phones as [Phone, Phone] };
}

async function devicesOf(userId: number): Promise<string[]> {
  const rows = await sut.database.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.endpoint).sort();
}

/** The token of the newest mailed link to `path`. */
async function linkMailedTo(email: string, path: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const mail of await waitForMail(sut, email)) {
      const match = mail.text.match(new RegExp(`${path}\\?token=([\\w%-]+)`));
      if (match?.[1]) return decodeURIComponent(match[1]);
    }
    if (Date.now() > deadline) throw new Error(`no ${path} link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pushesTo = (device: BrowserSubscription) =>
  push.received.filter((received) => received.subscription === device.endpoint).length;

describe('alerts after a session ends', () => {
  it('stop on the phone that logged out, and go on on the other', async () => {
    const { id, phones } = await memberOnTwoPhones('Teresa');
    const [left, kept] = phones;
    expect((await left.browser.post('/api/app/user/logout?lng=en', {})).statusCode).toBe(200);

    expect(await devicesOf(id)).toEqual([kept.device.endpoint]);
    const tested = await kept.browser.post('/api/app/alert/push/test?lng=en', {});
    expect(tested.json()).toEqual({ sent: 1, push_devices: 1 });
    expect(pushesTo(kept.device)).toBe(1);
    expect(pushesTo(left.device)).toBe(0);
  });

  it('stop on every phone when the password is changed', async () => {
    const { id, phones } = await memberOnTwoPhones('Ottavio');
    const changed = await phones[0].browser.post('/api/app/user/password/update?lng=en', {
      old_password: PASSWORD,
      new_password: 'Porcini2027',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await devicesOf(id)).toEqual([]);
  });

  it('stop on every phone when the password is reset with a mailed link', async () => {
    const { id, email } = await memberOnTwoPhones('Rosa');
    await createBrowser(sut).post('/api/app/user/password/recovery?lng=en', { email });
    const token = await linkMailedTo(email, '/reset-password');
    const reset = await createBrowser(sut).post('/api/app/user/password/reset?lng=en', {
      token,
      password: 'Porcini2027',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await devicesOf(id)).toEqual([]);
  });

  it('stop on every phone when the owner secures the account from a change notice (every session ends)', async () => {
    const { id, email, phones } = await memberOnTwoPhones('Elio');
    const moved = await phones[1].browser.post('/api/app/user/edit?lng=en', {
      firstname: 'Elio',
      lastname: 'Conti',
      email: `taken.${Date.now()}@example.it`,
      country: 'IT',
      password: PASSWORD,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const token = await linkMailedTo(email, '/secure-account');
    const secured = await createBrowser(sut).post('/api/app/user/secure?lng=en', { token });
    expect(secured.statusCode, secured.body).toBe(200);
    expect(await devicesOf(id)).toEqual([]);
  });

  it('go on when a session merely expires: the member never left that phone', async () => {
    const { id, phones } = await memberOnTwoPhones('Lino');
    const db = sut.database.db;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, id));
    await purgeExpired(db, new Date());
    expect(await devicesOf(id)).toEqual(phones.map((phone) => phone.device.endpoint).sort());
  });
});
