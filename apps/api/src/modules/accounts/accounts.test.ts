import { users } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++serial}@example.com`;

const signup = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: uniqueEmail('giulia'),
  password: 'Funghi2026',
  country: 'IT',
  is_adult: 'true',
  policy_accepted: 'true',
  ...overrides,
});

async function member(overrides: Record<string, unknown> = {}): Promise<{ browser: Browser; email: string }> {
  const browser = createBrowser(sut);
  const fields = signup(overrides);
  const response = await browser.post('/api/app/user/register?lng=en', fields);
  expect(response.statusCode).toBe(200);
  return { browser, email: fields.email as string };
}

describe('app/user/register', () => {
  it('creates the account, logs it in and mails a welcome in the language of the page', async () => {
    const browser = createBrowser(sut);
    const fields = signup({ referral: 'amici-del-bosco' });
    const response = await browser.post('/api/app/user/register?lng=it', fields);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      firstname: 'Giulia',
      lastname: 'Rossi',
      email: fields.email,
      country: 'IT',
      language: 'it',
      newsletter: 'unsubscribed',
      two_factor: false,
    });
    const fetched = await browser.get('/api/app/user/info');
    expect(fetched.json().user.email).toBe(fields.email);
    const [welcome] = await waitForMail(sut, fields.email);
    expect(welcome?.subject).toMatch(/Sentiero/);
    expect(welcome?.text).toContain('Giulia');
    const [row] = await sut.database.db.select().from(users).where(eq(users.email, fields.email));
    expect(row?.referral).toBe('amici-del-bosco');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    ['en', 'short', 'The password needs at least 8 characters, an uppercase letter and a number'],
    ['en', 'alllowercase1', 'The password needs at least 8 characters, an uppercase letter and a number'],
    ['en', 'NoDigitsHere', 'The password needs at least 8 characters, an uppercase letter and a number'],
    ['en', 'Password1', 'This password is too common, please choose another one'],
    ['it', 'corta', 'La password deve avere almeno 8 caratteri, una lettera maiuscola e un numero'],
  ])('in %s refuses the password %s with its rule', async (language, password, message) => {
    const response = await createBrowser(sut).post(
      `/api/app/user/register?lng=${language}`,
      signup({ password }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toBe(message);
  });

  it('says Invalid email, in English and in Italian', async () => {
    const en = await createBrowser(sut).post(
      '/api/app/user/register?lng=en',
      signup({ email: 'not-an-email' }),
    );
    expect(en.json().fields.email).toBe('Invalid email');
    const it_ = await createBrowser(sut).post(
      '/api/app/user/register?lng=it',
      signup({ email: 'not-an-email' }),
    );
    expect(it_.json().fields.email).toBe('Email non valida');
  });

  it('asks to confirm the age of 18 or over and to accept the terms', async () => {
    const response = await createBrowser(sut).post(
      '/api/app/user/register?lng=en',
      signup({ is_adult: 'false', policy_accepted: undefined }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      is_adult: 'You must be 18 or over to sign up',
      policy_accepted: 'Please accept the terms and conditions',
    });
  });

  it('checks an Italian fiscal code for real, and keeps it as printed on the card', async () => {
    const wrong = await createBrowser(sut).post(
      '/api/app/user/register?lng=en',
      signup({ fiscal_code: 'RSSMRA85T10A562X' }),
    );
    expect(wrong.json().fields.fiscal_code).toBe('Invalid fiscal code');
    const right = await createBrowser(sut).post(
      '/api/app/user/register?lng=en',
      signup({ fiscal_code: 'rssmra 85t10 a562s' }),
    );
    expect(right.statusCode).toBe(200);
    expect(right.json().user.fiscal_code).toBe('RSSMRA85T10A562S');
    const swiss = await createBrowser(sut).post(
      '/api/app/user/register?lng=en',
      signup({ country: 'CH', fiscal_code: '756.1234.5678.97' }),
    );
    expect(swiss.statusCode).toBe(200);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const { email } = await member();
    const response = await createBrowser(sut).post(
      '/api/app/user/register?lng=en',
      signup({ email: email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: 'An account with this email already exists' },
    });
  });
});

describe('app/user/login', () => {
  it('says Incorrect login for a wrong password or an unknown address, in the request language', async () => {
    const { email } = await member();
    const wrong = await createBrowser(sut).post('/api/app/user/login?lng=en', {
      email,
      password: 'Wrong2026',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INCORRECT_LOGIN', message: 'Incorrect login' });
    const unknown = await createBrowser(sut).post('/api/app/user/login?lng=it', {
      email: uniqueEmail('nobody'),
      password: 'Funghi2026',
    });
    expect(unknown.json().message).toBe('Accesso non corretto');
  });

  it('says Invalid email and Invalid password for malformed input', async () => {
    const response = await createBrowser(sut).post('/api/app/user/login?lng=en', {
      email: 'x',
      password: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: 'Invalid email', password: 'Invalid password' });
  });

  it('logs in with the address in any case and answers the user', async () => {
    const { email } = await member();
    const browser = createBrowser(sut);
    const response = await browser.post('/api/app/user/login?lng=en', {
      email: email.toUpperCase(),
      password: 'Funghi2026',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email }, two_factor_required: false });
  });
});

describe('the user fetch (app/user/info)', () => {
  it('answers 401 to a visitor and the user to a member', async () => {
    const visitor = await createBrowser(sut).get('/api/app/user/info?lng=en');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Please log in to continue');
    const { browser, email } = await member();
    const response = await browser.get('/api/app/user/info');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json().user.email).toBe(email);
  });
});

describe('app/user/edit and app/user/edit/data', () => {
  it('updates names, phone, country and fiscal code; a new email waits for its confirmation', async () => {
    const { browser, email: current } = await member();
    const email = uniqueEmail('giulia.nuova');
    const response = await browser.post('/api/app/user/edit?lng=en', {
      firstname: 'Giulia Maria',
      lastname: 'Rossi',
      email,
      phone: '+39 333 123 4567',
      country: 'IT',
      fiscal_code: 'RSSMRA85T10A562S',
      password: 'Funghi2026',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { firstname: 'Giulia Maria', email: current, phone: '+39 333 123 4567' },
      pending_email: email,
    });
    const data = await browser.post('/api/app/user/edit/data?lng=en', { country: 'SI', language: 'sl' });
    expect(data.json().user).toMatchObject({ country: 'SI', fiscal_code: null, language: 'sl' });
  });

  it('refuses a bad phone number and a wrong Italian fiscal code with their messages', async () => {
    const { browser, email } = await member();
    const response = await browser.post('/api/app/user/edit?lng=en', {
      firstname: 'Giulia',
      lastname: 'Rossi',
      email,
      phone: 'call me',
      country: 'IT',
      fiscal_code: 'RSSMRA85T10A562X',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      phone: 'Invalid phone number',
      fiscal_code: 'Invalid fiscal code',
    });
  });

  it('answers 401 to a visitor', async () => {
    const response = await createBrowser(sut).post('/api/app/user/edit?lng=en', {
      firstname: 'A',
      lastname: 'B',
      email: uniqueEmail('a'),
      country: 'IT',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('app/user/tag', () => {
  it('keeps the activities and regions a member likes, dropping unknown ones', async () => {
    const { browser } = await member();
    const regions = (await browser.get('/api/app/region/list?lng=en')).json().region_list as Array<{
      id: number;
    }>;
    const chosen = regions.slice(0, 2).map((region) => region.id);
    const response = await browser.post('/api/app/user/tag?lng=en', {
      activities: 'mushroom-foraging,rafting,no-such-activity',
      regions: [...chosen, 999_999].join(','),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.preferences).toEqual({
      activities: ['mushroom-foraging', 'rafting'],
      regions: [...chosen].sort((a, b) => a - b),
    });
  });
});

describe('app/user/delete', () => {
  it("says Password can't be empty and Invalid Password, in English and in Italian", async () => {
    const { browser } = await member();
    const empty = await browser.post('/api/app/user/delete?lng=en', { password: '' });
    expect(empty.json().fields.password).toBe("Password can't be empty");
    const wrong = await browser.post('/api/app/user/delete?lng=en', { password: 'Wrong2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Invalid Password',
      fields: { password: 'Invalid Password' },
    });
    const wrongIt = await browser.post('/api/app/user/delete?lng=it', { password: 'Wrong2026' });
    expect(wrongIt.json().message).toBe('Password non valida');
  });

  it('erases the personal data, keeps an anonymous row, and frees the address', async () => {
    const { browser, email } = await member({ phone: '+39 333 000 0000', fiscal_code: 'RSSMRA85T10A562S' });
    const response = await browser.post('/api/app/user/delete?lng=en', { password: 'Funghi2026' });
    expect(response.statusCode).toBe(200);
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(401);
    const rows = await sut.database.db.select().from(users).where(eq(users.firstName, ''));
    const erased = rows.find((row) => row.deletedAt && row.email === null && row.passwordHash === null);
    expect(erased).toMatchObject({ lastName: '', phone: null, fiscalCode: null, country: null });
    const login = await createBrowser(sut).post('/api/app/user/login?lng=en', {
      email,
      password: 'Funghi2026',
    });
    expect(login.statusCode).toBe(401);
    const again = await createBrowser(sut).post('/api/app/user/register?lng=en', signup({ email }));
    expect(again.statusCode).toBe(200);
  });
});

describe('app/user/export and app/permission', () => {
  it('hands a member everything stored about them as a JSON download', async () => {
    const { browser, email } = await member();
    const response = await browser.get('/api/app/user/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json();
    expect(data.account.email).toBe(email);
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('argon2');
  });

  it('tells a visitor and a member what they may do', async () => {
    const visitor = await createBrowser(sut).get('/api/app/permission');
    expect(visitor.json()).toEqual({ logged_in: false, is_premium: false, permissions: ['browse'] });
    const { browser } = await member();
    const response = await browser.get('/api/app/permission');
    expect(response.json()).toMatchObject({
      logged_in: true,
      permissions: ['browse', 'buy', 'manage_account'],
    });
  });
});
