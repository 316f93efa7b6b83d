import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/totp.ts';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember } from '../../test/factories.ts';

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

const later = (seconds: number) => clock.set(clock.ms() + seconds * 1000);

const PASSWORD = 'Porcini2026';

async function memberWithTwoFactor(email: string) {
  const browser = await createMember(sut, 'Marco', { email, password: PASSWORD });
  const setup = (await browser.post('/api/app/user/two-factor/setup', { password: PASSWORD })).json();
  expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Sentiero:/);
  const enabled = await browser.post('/api/app/user/two-factor/enable', {
    code: totpCode(setup.secret, clock.now()),
  });
  expect(enabled.statusCode).toBe(200);
  return {
    browser,
    secret: setup.secret as string,
    recoveryCodes: enabled.json().recovery_codes as string[],
  };
}

describe('two-factor login', () => {
  it('asks for a code after the password and logs in only with a fresh one', async () => {
    const { secret } = await memberWithTwoFactor('marco.2fa@example.it');
    const browser = createBrowser(sut);
    const first = await browser.post('/api/app/user/login', {
      email: 'marco.2fa@example.it',
      password: PASSWORD,
    });
    expect(first.json()).toEqual({ user: null, two_factor_required: true });
    expect(browser.jar.has('sentiero_session')).toBe(false);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(401);

    // The code that turned two-factor on is spent: the same time step is never accepted twice.
    const replayed = await browser.post('/api/app/user/login/two-factor?lng=en', {
      code: totpCode(secret, clock.now()),
    });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe('Invalid code');

    later(30);
    await browser.post('/api/app/user/login', { email: 'marco.2fa@example.it', password: PASSWORD });
    const accepted = await browser.post('/api/app/user/login/two-factor', {
      code: totpCode(secret, clock.now()),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user.two_factor).toBe(true);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(200);
  });

  it('lets a mistyped code be typed again, five times at most for one password entry', async () => {
    const { secret } = await memberWithTwoFactor('marco.typo@example.it');
    later(30);
    const browser = createBrowser(sut);
    await browser.post('/api/app/user/login', { email: 'marco.typo@example.it', password: PASSWORD });
    expect((await browser.post('/api/app/user/login/two-factor', { code: '000000' })).statusCode).toBe(401);
    const retried = await browser.post('/api/app/user/login/two-factor', {
      code: totpCode(secret, clock.now()),
    });
    expect(retried.statusCode).toBe(200);

    later(30);
    const guesser = createBrowser(sut);
    await guesser.post('/api/app/user/login', { email: 'marco.typo@example.it', password: PASSWORD });
    for (let attempt = 0; attempt < 5; attempt++) {
      await guesser.post('/api/app/user/login/two-factor', { code: `00000${attempt}` });
    }
    const afterFive = await guesser.post('/api/app/user/login/two-factor', {
      code: totpCode(secret, clock.now()),
    });
    expect(afterFive.statusCode).toBe(401);
    expect(afterFive.json().code).toBe('LOGIN_FAILED');
  });

  it('accepts each recovery code once', async () => {
    const { recoveryCodes } = await memberWithTwoFactor('marco.recovery@example.it');
    expect(recoveryCodes).toHaveLength(10);
    const code = recoveryCodes[0] ?? '';
    const browser = createBrowser(sut);
    await browser.post('/api/app/user/login', { email: 'marco.recovery@example.it', password: PASSWORD });
    expect(
      (await browser.post('/api/app/user/login/two-factor', { code: code.toUpperCase() })).statusCode,
    ).toBe(200);

    const again = createBrowser(sut);
    await again.post('/api/app/user/login', { email: 'marco.recovery@example.it', password: PASSWORD });
    expect((await again.post('/api/app/user/login/two-factor', { code })).statusCode).toBe(401);
  });

  it('refuses a code without the password step first', async () => {
    const { secret } = await memberWithTwoFactor('marco.skip@example.it');
    later(30);
    const response = await createBrowser(sut).post('/api/app/user/login/two-factor?lng=en', {
      code: totpCode(secret, clock.now()),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('LOGIN_FAILED');
  });

  it('turns off only with the password', async () => {
    const { browser } = await memberWithTwoFactor('marco.off@example.it');
    const wrong = await browser.post('/api/app/user/two-factor/disable?lng=en', { password: 'Wrong2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid Password');
    expect((await browser.post('/api/app/user/two-factor/disable', { password: PASSWORD })).statusCode).toBe(
      200,
    );
    const login = await createBrowser(sut).post('/api/app/user/login', {
      email: 'marco.off@example.it',
      password: PASSWORD,
    });
    expect(login.json()).toMatchObject({ two_factor_required: false, user: { two_factor: false } });
  });
});
