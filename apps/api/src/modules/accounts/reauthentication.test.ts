import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/totp.ts';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
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

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${++serial}@example.it`;
const PASSWORD = 'Porcini2026';

async function register(email = uniqueEmail('lucia')): Promise<{ browser: Browser; email: string }> {
  const browser = await createMember(sut, 'Lucia', { email, password: PASSWORD });
  return { browser, email };
}

async function turnOnTwoFactor(browser: Browser) {
  const setup = await browser.post('/api/app/user/two-factor/setup?lng=en', { password: PASSWORD });
  expect(setup.statusCode).toBe(200);
  const secret = setup.json().secret as string;
  const enabled = await browser.post('/api/app/user/two-factor/enable', {
    code: totpCode(secret, clock.now()),
  });
  expect(enabled.statusCode).toBe(200);
  return secret;
}

/** The newest of at least `count` mails to `to` whose subject is `subject`. */
async function mailTo(to: string, count: number, subject?: string) {
  const mails = await waitForMail(sut, to, count);
  const mail = subject ? mails.find((candidate) => candidate.subject === subject) : mails[0];
  expect(mail, `a mail to ${to} about "${subject}"`).toBeDefined();
  return mail;
}

const linkIn = (text: string | undefined, path: string) => {
  const match = text?.match(new RegExp(`${path}\\?token=([\\w%-]+)`));
  return match ? decodeURIComponent(match[1] ?? '') : null;
};

describe('two-factor settings ask for the password', () => {
  it('refuses to start a setup with only the session', async () => {
    const { browser } = await register();
    const bare = await browser.post('/api/app/user/two-factor/setup?lng=en', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({ password: "Password can't be empty" });
    const wrong = await browser.post('/api/app/user/two-factor/setup?lng=en', { password: 'Wrong2026x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid Password');
  });

  it('keeps the active factor while a new setup is only started, even with the password', async () => {
    const { browser, email } = await register();
    const secret = await turnOnTwoFactor(browser);
    later(30);

    const hijack = await browser.post('/api/app/user/two-factor/setup?lng=en', {});
    expect(hijack.statusCode).toBe(400);
    const started = await browser.post('/api/app/user/two-factor/setup?lng=en', { password: PASSWORD });
    expect(started.statusCode).toBe(200);
    expect(started.json().secret).not.toBe(secret);

    // Until a code of the new key confirms it, the old key is what login asks for.
    expect((await browser.get('/api/app/user/info')).json().user.two_factor).toBe(true);
    const login = createBrowser(sut);
    expect((await login.post('/api/app/user/login', { email, password: PASSWORD })).json()).toEqual({
      user: null,
      two_factor_required: true,
    });
    later(30);
    const withOld = await login.post('/api/app/user/login/two-factor', {
      code: totpCode(secret, clock.now()),
    });
    expect(withOld.statusCode).toBe(200);

    later(30);
    const newSecret = started.json().secret as string;
    const confirmed = await browser.post('/api/app/user/two-factor/enable', {
      code: totpCode(newSecret, clock.now()),
    });
    expect(confirmed.statusCode).toBe(200);
    later(30);
    const next = createBrowser(sut);
    await next.post('/api/app/user/login', { email, password: PASSWORD });
    expect(
      (await next.post('/api/app/user/login/two-factor', { code: totpCode(secret, clock.now()) })).statusCode,
    ).toBe(401);
    later(30);
    await next.post('/api/app/user/login', { email, password: PASSWORD });
    const withNew = await next.post('/api/app/user/login/two-factor', {
      code: totpCode(newSecret, clock.now()),
    });
    expect(withNew.statusCode).toBe(200);
  });

  it('accepts a fresh authenticator code instead of the password', async () => {
    const { browser } = await register();
    const secret = await turnOnTwoFactor(browser);
    later(30);
    const started = await browser.post('/api/app/user/two-factor/setup', {
      code: totpCode(secret, clock.now()),
    });
    expect(started.statusCode).toBe(200);
    // The same code is spent: it cannot open a second change.
    const replayed = await browser.post('/api/app/user/two-factor/setup?lng=en', {
      code: totpCode(secret, clock.now()),
    });
    expect(replayed.statusCode).toBe(400);
  });

  it('tells the address of the account when two-factor login is turned on and off', async () => {
    const { browser, email } = await register();
    await turnOnTwoFactor(browser);
    const on = await mailTo(email, 2, 'Two-step login was turned on for your Sentiero account');
    expect(linkIn(on?.text, '/secure-account')).not.toBeNull();
    await browser.post('/api/app/user/two-factor/disable', { password: PASSWORD });
    await mailTo(email, 3, 'Two-step login was turned off for your Sentiero account');
  });
});

describe('changing the login email', () => {
  it('asks for the password and changes nothing until the new address confirms', async () => {
    const { browser, email } = await register();
    const newEmail = uniqueEmail('lucia.new');
    const edit = (extra: Record<string, unknown>) =>
      browser.post('/api/app/user/edit?lng=en', {
        firstname: 'Lucia',
        lastname: 'Ferri',
        email: newEmail,
        country: 'IT',
        ...extra,
      });
    const bare = await edit({});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({ password: "Password can't be empty" });
    const wrong = await edit({ password: 'Wrong2026x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid Password');

    const asked = await edit({ password: PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ user: { email }, pending_email: newEmail });
    expect((await browser.get('/api/app/user/info')).json().user.email).toBe(email);
    // A recovery mail still goes to the address the member proved.
    expect(
      (await createBrowser(sut).post('/api/app/user/login', { email: newEmail, password: PASSWORD }))
        .statusCode,
    ).toBe(401);

    const notice = await mailTo(email, 2, 'A change of email was asked for your Sentiero account');
    expect(notice?.text).toContain(newEmail);
    expect(linkIn(notice?.text, '/secure-account')).not.toBeNull();
    const confirmMail = await mailTo(newEmail, 1);
    const token = linkIn(confirmMail?.text, '/confirm-email');
    expect(token).not.toBeNull();

    const confirmed = await createBrowser(sut).post('/api/app/user/email/confirm?lng=en', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect((await browser.get('/api/app/user/info')).json().user.email).toBe(newEmail);
    const reused = await createBrowser(sut).post('/api/app/user/email/confirm?lng=en', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This link is no longer valid, please ask for a new one');

    await mailTo(email, 3, 'The email of your Sentiero account was changed');
    const login = await createBrowser(sut).post('/api/app/user/login', {
      email: newEmail,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets the confirmation link expire after 24 hours', async () => {
    const { browser } = await register();
    const newEmail = uniqueEmail('lucia.late');
    await browser.post('/api/app/user/edit', {
      firstname: 'Lucia',
      lastname: 'Ferri',
      email: newEmail,
      country: 'IT',
      password: PASSWORD,
    });
    const token = linkIn((await waitForMail(sut, newEmail))[0]?.text, '/confirm-email');
    later(24 * 60 * 60 + 1);
    const late = await createBrowser(sut).post('/api/app/user/email/confirm?lng=en', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('TOKEN_INVALID');
  });

  it('saves names without the password when the email stays the same', async () => {
    const { browser, email } = await register();
    const response = await browser.post('/api/app/user/edit', {
      firstname: 'Lucia Anna',
      lastname: 'Ferri',
      email,
      country: 'IT',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { firstname: 'Lucia Anna', email }, pending_email: null });
  });

  it('gives the account back to the old address with the link of the notice', async () => {
    const { browser, email } = await register();
    const thief = uniqueEmail('thief');
    await browser.post('/api/app/user/edit', {
      firstname: 'Lucia',
      lastname: 'Ferri',
      email: thief,
      country: 'IT',
      password: PASSWORD,
    });
    const notice = await mailTo(email, 2, 'A change of email was asked for your Sentiero account');
    const secureToken = linkIn(notice?.text, '/secure-account');
    const confirmToken = linkIn((await waitForMail(sut, thief))[0]?.text, '/confirm-email');
    await createBrowser(sut).post('/api/app/user/email/confirm', { token: confirmToken });

    const secured = await createBrowser(sut).post('/api/app/user/secure?lng=en', { token: secureToken });
    expect(secured.statusCode).toBe(200);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(401);
    // The thief knows the password: it no longer opens the account, under either address.
    for (const address of [email, thief]) {
      const login = await createBrowser(sut).post('/api/app/user/login', {
        email: address,
        password: PASSWORD,
      });
      expect(login.statusCode).toBe(401);
    }
    const recovery = await mailTo(email, 4, 'Reset your Sentiero password');
    const reset = linkIn(recovery?.text, '/reset-password');
    expect(reset).not.toBeNull();
    await createBrowser(sut).post('/api/app/user/password/reset', { token: reset, password: 'Riprendo2026' });
    const back = await createBrowser(sut).post('/api/app/user/login', { email, password: 'Riprendo2026' });
    expect(back.statusCode).toBe(200);
  });
});

describe('guessing the password through an open session', () => {
  it('stops after ten wrong passwords in an hour, the right one included', async () => {
    const { browser } = await register();
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await browser.post('/api/app/user/two-factor/setup', {
        password: `Guess${attempt}X2026`,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await browser.post('/api/app/user/two-factor/setup?lng=en', { password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    later(60 * 60);
    expect((await browser.post('/api/app/user/two-factor/setup', { password: PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('a taker who moved the account to their own address', () => {
  /** The owner's email moved to the taker's, then a password change: a notice to each of them. */
  async function takeOver() {
    const { browser, email } = await register();
    const thief = uniqueEmail('taker');
    await browser.post('/api/app/user/edit', {
      firstname: 'Lucia',
      lastname: 'Ferri',
      email: thief,
      country: 'IT',
      password: PASSWORD,
    });
    const ownersNotice = await mailTo(email, 2, 'A change of email was asked for your Sentiero account');
    const confirmToken = linkIn((await mailTo(thief, 1))?.text, '/confirm-email');
    later(60);
    await createBrowser(sut).post('/api/app/user/email/confirm', { token: confirmToken });
    later(60);
    // Now the account's address is the taker's: the next notice, and its link, go to them.
    await browser.post('/api/app/user/password/update', {
      old_password: PASSWORD,
      new_password: 'Presa2026x',
    });
    const takersNotice = await mailTo(thief, 2, 'The password of your Sentiero account was changed');
    return {
      email,
      thief,
      ownersLink: linkIn(ownersNotice?.text, '/secure-account'),
      takersLink: linkIn(takersNotice?.text, '/secure-account'),
    };
  }

  async function ownerResetsAndLogsIn(email: string, count: number) {
    const reset = linkIn(
      (await mailTo(email, count, 'Reset your Sentiero password'))?.text,
      '/reset-password',
    );
    await createBrowser(sut).post('/api/app/user/password/reset', { token: reset, password: 'DiNuovo2026' });
    const login = await createBrowser(sut).post('/api/app/user/login', { email, password: 'DiNuovo2026' });
    expect(login.statusCode).toBe(200);
  }

  it('cannot use the notices they received once the owner secured the account', async () => {
    const { email, ownersLink, takersLink } = await takeOver();
    expect((await createBrowser(sut).post('/api/app/user/secure', { token: ownersLink })).statusCode).toBe(
      200,
    );
    const taker = await createBrowser(sut).post('/api/app/user/secure?lng=en', { token: takersLink });
    expect(taker.statusCode).toBe(400);
    expect(taker.json().code).toBe('TOKEN_INVALID');
    await ownerResetsAndLogsIn(email, 4);
  });

  it("loses the account to the owner's older link even after using their own first", async () => {
    const { email, thief, ownersLink, takersLink } = await takeOver();
    expect((await createBrowser(sut).post('/api/app/user/secure', { token: takersLink })).statusCode).toBe(
      200,
    );
    const takersReset = linkIn(
      (await mailTo(thief, 3, 'Reset your Sentiero password'))?.text,
      '/reset-password',
    );
    expect((await createBrowser(sut).post('/api/app/user/secure', { token: ownersLink })).statusCode).toBe(
      200,
    );
    const stale = await createBrowser(sut).post('/api/app/user/password/reset', {
      token: takersReset,
      password: 'Ancora2026x',
    });
    expect(stale.statusCode).toBe(400);
    await ownerResetsAndLogsIn(email, 4);
  });
});

describe('password changes', () => {
  it('tell the address of the account, with a link to secure it', async () => {
    const { browser, email } = await register();
    await browser.post('/api/app/user/password/update', {
      old_password: PASSWORD,
      new_password: 'Cambiata2026',
    });
    const notice = await mailTo(email, 2, 'The password of your Sentiero account was changed');
    expect(linkIn(notice?.text, '/secure-account')).not.toBeNull();
  });
});

describe('deleting the account', () => {
  it('accepts a fresh authenticator code in place of the password', async () => {
    const { browser } = await register();
    const secret = await turnOnTwoFactor(browser);
    later(30);
    const bare = await browser.post('/api/app/user/delete?lng=en', {});
    expect(bare.statusCode).toBe(400);
    const deleted = await browser.post('/api/app/user/delete', { code: totpCode(secret, clock.now()) });
    expect(deleted.statusCode).toBe(200);
  });
});
