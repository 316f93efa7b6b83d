import { SIGNED_IN_COOKIE } from '@sentiero/contract/session-hint';
import { sessions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../platform/housekeeping-repo.ts';
import { hashToken } from '../../platform/sessions.ts';
import { createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createMember } from '../../test/factories.ts';
import { FAILED_LOGINS_PER_HOUR } from './login.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++serial}@example.si`;
const PASSWORD = 'Gobe2026!';

async function register(email = uniqueEmail('ana')) {
  const browser = await createMember(sut, 'Ana', { email, password: PASSWORD, country: 'SI', lng: 'sl' });
  return { browser, email };
}

const sessionCookieOf = (response: { cookies: Array<{ name: string }> }) =>
  response.cookies.find((cookie) => cookie.name === 'sentiero_session') as
    | { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; secure?: boolean }
    | undefined;

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site, with 256 random bits', async () => {
    const { browser, email } = await register();
    const response = await browser.post('/api/app/user/login', { email, password: PASSWORD });
    const cookie = sessionCookieOf(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(Buffer.from(cookie?.value ?? '', 'base64url')).toHaveLength(32);
  });

  it('gives a new token on every login, so a token planted before login opens nothing', async () => {
    const { email } = await register();
    const browser = createBrowser(sut);
    browser.jar.set('sentiero_session', 'planted-by-someone-else-aaaaaaaaaaaaaaaaaaaaaaa');
    const first = sessionCookieOf(await browser.post('/api/app/user/login', { email, password: PASSWORD }));
    const second = sessionCookieOf(await browser.post('/api/app/user/login', { email, password: PASSWORD }));
    expect(first?.value).toBeDefined();
    expect(second?.value).not.toBe(first?.value);
    expect(first?.value).not.toBe('planted-by-someone-else-aaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('stores only a hash of the token', async () => {
    const { browser } = await register();
    const token = browser.jar.get('sentiero_session') ?? '';
    const rows = await sut.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('purges expired sessions and keeps live ones', async () => {
    const { browser } = await register();
    const live = await sut.database.db.select().from(sessions);
    const [owner] = live;
    await sut.database.db.insert(sessions).values({
      tokenHash: 'f'.repeat(64),
      userId: owner?.userId ?? 0,
      expiresAt: new Date(Date.now() - 1000),
    });
    await purgeExpired(sut.database.db, new Date());
    const left = await sut.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((row) => row.tokenHash)).not.toContain('f'.repeat(64));
    expect(left).toHaveLength(live.length);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(200);
  });

  it('ends the session on logout', async () => {
    const { browser } = await register();
    const token = browser.jar.get('sentiero_session');
    await browser.post('/api/app/user/logout');
    const replay = createBrowser(sut);
    replay.jar.set('sentiero_session', token ?? '');
    expect((await replay.get('/api/app/user/info')).statusCode).toBe(401);
  });
});

describe('the signed-in hint the web app reads before asking for the member', () => {
  const hintOf = (response: { cookies: Array<{ name: string }> }) =>
    response.cookies.find((cookie) => cookie.name === SIGNED_IN_COOKIE) as
      | { value: string; httpOnly?: boolean; path?: string; maxAge?: number; expires?: Date }
      | undefined;

  it('comes with the session, readable by scripts, with the same path and lifetime, and says nothing more', async () => {
    const { email } = await register();
    const response = await createBrowser(sut).post('/api/app/user/login', { email, password: PASSWORD });
    const hint = hintOf(response);
    const session = sessionCookieOf(response) as { maxAge?: number } | undefined;
    expect(hint).toMatchObject({ value: '1', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.maxAge).toBe(session?.maxAge);
    // SESSION_DAYS' default: 30 days from the login.
    expect(session?.maxAge).toBe(30 * 24 * 3600);
  });

  it('goes on logout', async () => {
    const { browser } = await register();
    expect(browser.jar.get(SIGNED_IN_COOKIE)).toBe('1');
    await browser.post('/api/app/user/logout');
    expect(browser.jar.has(SIGNED_IN_COOKIE)).toBe(false);
    expect(browser.jar.has('sentiero_session')).toBe(false);
  });

  it('goes when the user fetch finds the session over, so the next page does not ask again', async () => {
    const { browser } = await register();
    const token = browser.jar.get('sentiero_session') ?? '';
    await sut.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    const response = await browser.get('/api/app/user/info');
    expect(response.statusCode).toBe(401);
    expect(browser.jar.has(SIGNED_IN_COOKIE)).toBe(false);
    expect(browser.jar.has('sentiero_session')).toBe(false);
  });

  it('is given back to a live session that has none, and never to a visitor', async () => {
    const { browser } = await register();
    browser.jar.delete(SIGNED_IN_COOKIE);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(200);
    expect(browser.jar.get(SIGNED_IN_COOKIE)).toBe('1');
    const visitor = createBrowser(sut);
    const refused = await visitor.get('/api/app/user/info');
    expect(refused.statusCode).toBe(401);
    expect(hintOf(refused)).toBeUndefined();
  });
});

describe('cross-site requests', () => {
  it('refuses a POST from another origin, even with a valid session', async () => {
    const { browser } = await register();
    const response = await browser.post(
      '/api/app/user/delete?lng=en',
      { password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN_ORIGIN');
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(200);
  });
});

describe('guessing passwords', () => {
  it('refuses the 101st failed login of an account within an hour, even from many addresses', async () => {
    const { email } = await register();
    for (let attempt = 0; attempt < FAILED_LOGINS_PER_HOUR; attempt++) {
      const browser = createBrowser(sut, { ip: `10.${Math.floor(attempt / 250)}.${attempt % 250}.7` });
      const response = await browser.post('/api/app/user/login?lng=en', {
        email,
        password: `Wrong${attempt}X`,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await createBrowser(sut, { ip: '10.9.9.9' }).post('/api/app/user/login?lng=en', {
      email,
      password: PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many requests, please wait a moment and try again');
  }, 60_000);

  it('slows down one address that tries too many logins', async () => {
    const browser = createBrowser(sut, { ip: '10.200.0.1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      const response = await browser.post('/api/app/user/login?lng=en', {
        email: uniqueEmail('guess'),
        password: 'Nothing123',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
  });
});

describe("one member and another's data", () => {
  it('reads and changes only the data of the session, never another member', async () => {
    const ana = await register();
    const bor = await register(uniqueEmail('bor'));
    expect((await bor.browser.get('/api/app/user/info')).json().user.email).toBe(bor.email);
    const takeover = await bor.browser.post('/api/app/user/edit?lng=en', {
      firstname: 'Bor',
      lastname: 'Kralj',
      email: ana.email,
      country: 'SI',
      password: PASSWORD,
    });
    expect(takeover.statusCode).toBe(409);
    expect((await ana.browser.get('/api/app/user/info')).json().user).toMatchObject({
      email: ana.email,
      firstname: 'Ana',
    });
  });
});

describe('ending every session', () => {
  it('logs the member out everywhere after a password change', async () => {
    const { browser, email } = await register();
    const phone = createBrowser(sut);
    await phone.post('/api/app/user/login', { email, password: PASSWORD });
    const wrong = await browser.post('/api/app/user/password/update?lng=en', {
      old_password: 'NotMine2026',
      new_password: 'Novo2026geslo',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('There was an error with the passwords, please try again.');

    const changed = await browser.post('/api/app/user/password/update?lng=en', {
      old_password: PASSWORD,
      new_password: 'Novo2026geslo',
    });
    expect(changed.statusCode).toBe(200);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(401);
    expect((await phone.get('/api/app/user/info')).statusCode).toBe(401);
    const again = await createBrowser(sut).post('/api/app/user/login', { email, password: 'Novo2026geslo' });
    expect(again.statusCode).toBe(200);
  });

  it('ends every session when the account is deleted', async () => {
    const { browser, email } = await register();
    const phone = createBrowser(sut);
    await phone.post('/api/app/user/login', { email, password: PASSWORD });
    expect((await browser.post('/api/app/user/delete', { password: PASSWORD })).statusCode).toBe(200);
    expect((await phone.get('/api/app/user/info')).statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  it('mails a single-use link that sets a new password and ends the old sessions', async () => {
    const { browser, email } = await register();
    const asked = await createBrowser(sut).post('/api/app/user/password/recovery?lng=en', { email });
    expect(asked.json()).toEqual({ ok: true });
    const mails = await waitForMail(sut, email, 2);
    const link = mails[0]?.text.match(/\/reset-password\?token=([\w%-]+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    const reset = await createBrowser(sut).post('/api/app/user/password/reset?lng=en', {
      token,
      password: 'Sveze2026gobe',
    });
    expect(reset.statusCode).toBe(200);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(401);
    const reused = await createBrowser(sut).post('/api/app/user/password/reset?lng=en', {
      token,
      password: 'Druga2026gobe',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This link is no longer valid, please ask for a new one');
    const login = await createBrowser(sut).post('/api/app/user/login', { email, password: 'Sveze2026gobe' });
    expect(login.statusCode).toBe(200);
  });

  it('answers the same for an address with no account, and mails nothing', async () => {
    const response = await createBrowser(sut).post('/api/app/user/password/recovery?lng=en', {
      email: uniqueEmail('ghost'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
