import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember } from '../../test/factories.ts';
import { FAILED_LOGINS_PER_DEVICE, FAILED_LOGINS_PER_HOUR } from './login.ts';

const START = Date.parse('2026-11-23T06:00:00Z');
const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(START));
});

const laterDays = (days: number) => clock.set(clock.ms() + days * 24 * 60 * 60 * 1000);

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${++serial}@example.es`;
const PASSWORD = 'Senderos2026';

async function register(email = uniqueEmail('pilar')): Promise<{ browser: Browser; email: string }> {
  const browser = await createMember(sut, 'Pilar', { email, password: PASSWORD, country: 'ES', lng: 'es' });
  return { browser, email };
}

/** A browser where the member logged in once and then logged out: it keeps its device cookie. */
async function trustedBrowser(email: string) {
  const browser = createBrowser(sut);
  expect((await browser.post('/api/app/user/login', { email, password: PASSWORD })).statusCode).toBe(200);
  await browser.post('/api/app/user/logout');
  expect(browser.jar.has('sentiero_session')).toBe(false);
  return browser;
}

describe('device cookies (OWASP): guessing cannot lock the owner out', () => {
  it("lets the owner's browser in while strangers are refused after 100 failed logins", async () => {
    const { email } = await register();
    const owner = await trustedBrowser(email);
    for (let attempt = 0; attempt < FAILED_LOGINS_PER_HOUR; attempt++) {
      const stranger = createBrowser(sut);
      const response = await stranger.post('/api/app/user/login', { email, password: `Wrong${attempt}X` });
      expect(response.statusCode).toBe(401);
    }
    const stranger = await createBrowser(sut).post('/api/app/user/login?lng=en', {
      email,
      password: PASSWORD,
    });
    expect(stranger.statusCode).toBe(429);

    const login = await owner.post('/api/app/user/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email).toBe(email);
  }, 120_000);

  it('locks out only the device cookie that failed too often, not the account', async () => {
    const { email } = await register();
    const owner = await trustedBrowser(email);
    for (let attempt = 0; attempt < FAILED_LOGINS_PER_DEVICE; attempt++) {
      expect(
        (await owner.post('/api/app/user/login', { email, password: `Wrong${attempt}X` })).statusCode,
      ).toBe(401);
    }
    const locked = await owner.post('/api/app/user/login?lng=en', { email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many requests, please wait a moment and try again');
    const elsewhere = await createBrowser(sut).post('/api/app/user/login', { email, password: PASSWORD });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('treats a device cookie of another account as no device cookie', async () => {
    const ana = await register();
    const bor = await register(uniqueEmail('bor'));
    const anasBrowser = await trustedBrowser(ana.email);
    for (let attempt = 0; attempt < FAILED_LOGINS_PER_DEVICE + 1; attempt++) {
      const guesser = createBrowser(sut);
      guesser.jar.set('sentiero_device', anasBrowser.jar.get('sentiero_device') ?? '');
      await guesser.post('/api/app/user/login', { email: bor.email, password: `Wrong${attempt}X` });
    }
    // Ana's device cookie kept its allowance: the failures counted against Bor's untrusted clients.
    expect(
      (await anasBrowser.post('/api/app/user/login', { email: ana.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('session lifetime', () => {
  it('ends a session 90 days after the login however often it is used', async () => {
    const { browser } = await register();
    for (let day = 20; day <= 80; day += 20) {
      laterDays(20);
      expect((await browser.get('/api/app/user/info')).statusCode, `day ${day}`).toBe(200);
    }
    laterDays(9);
    expect((await browser.get('/api/app/user/info')).statusCode, 'day 89').toBe(200);
    laterDays(1.01);
    expect((await browser.get('/api/app/user/info')).statusCode, 'day 90').toBe(401);
  });

  it('still ends a session left unused for 30 days', async () => {
    const { browser } = await register();
    laterDays(29);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(200);
    laterDays(30.01);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(401);
  });
});
