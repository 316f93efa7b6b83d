import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://sentiero.example',
    // Nothing listens there: mail stays queued, which must not matter to the requests.
    SMTP_URL: 'smtp://127.0.0.1:9',
    COMPANY_NAME: 'Funghi e Sentieri S.r.l.',
    COMPANY_TAX_NUMBER: 'IT01234567897',
    COMPANY_REGISTER_NUMBER: 'REA PR-123456',
  });
});
afterAll(() => sut.close());

describe('in production', () => {
  it('sets a __Host- session cookie that is Secure, HttpOnly and SameSite=Lax', async () => {
    const response = await createBrowser(sut).post('/api/app/user/register?lng=en', {
      firstname: 'Elena',
      lastname: 'Ferrari',
      email: 'elena.production@example.it',
      password: 'Tartufo2026',
      country: 'IT',
      is_adult: true,
      policy_accepted: true,
    });
    expect(response.statusCode).toBe(200);
    const cookie = (response.cookies as Array<Record<string, unknown>>).find(
      (candidate) => candidate.name === '__Host-sentiero_session',
    );
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.domain).toBeUndefined();
  });

  it('has no embedded mailbox', async () => {
    expect((await sut.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
  });

  it("has no way to run a member's renewal ahead of its time", async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/dev/subscription/renew?email=elena.production@example.it',
    });
    expect(response.statusCode).toBe(404);
  });
});
