import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';

/** A stand-in for Facebook's Graph API: one code, one token, one person. */
function startGraph(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/oauth/access_token' && url.searchParams.get('code') === 'code-for-luca') {
      response.end(
        JSON.stringify({ access_token: 'token-for-luca', token_type: 'bearer', expires_in: 3600 }),
      );
    } else if (url.pathname === '/me' && url.searchParams.get('access_token') === 'token-for-luca') {
      response.end(
        JSON.stringify({ id: '4242', email: 'luca@example.it', first_name: 'Luca', last_name: 'Verdi' }),
      );
    } else {
      response.statusCode = 400;
      response.end(JSON.stringify({ error: { message: 'Invalid verification code format.', code: 100 } }));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('app/user/facebook/login without OAuth settings', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('answers that this way of logging in is not configured', async () => {
    const response = await createBrowser(sut).post('/api/app/user/facebook/login?lng=en');
    expect(response.statusCode).toBe(501);
    expect(response.json()).toMatchObject({
      code: 'NOT_CONFIGURED',
      message: 'This way of logging in is not available',
    });
  });
});

describe('app/user/facebook/login with OAuth settings', () => {
  let sut: TestApp;
  let graph: Server;
  beforeAll(async () => {
    graph = await startGraph();
    const graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
    sut = await createTestApp({
      FACEBOOK_APP_ID: 'sentiero-app',
      FACEBOOK_APP_SECRET: 'sentiero-secret',
      FACEBOOK_GRAPH_URL: graphUrl,
      FACEBOOK_DIALOG_URL: `${graphUrl}/dialog/oauth`,
    });
  });
  afterAll(async () => {
    await sut.close();
    graph.close();
  });

  it('runs the code flow: to Facebook with a state, back with a code, logged in', async () => {
    const browser = createBrowser(sut);
    const started = await browser.post('/api/app/user/facebook/login');
    expect(started.statusCode).toBe(200);
    const dialog = new URL(started.json().url);
    expect(dialog.pathname).toBe('/dialog/oauth');
    expect(dialog.searchParams.get('client_id')).toBe('sentiero-app');
    expect(dialog.searchParams.get('redirect_uri')).toBe(
      'http://localhost:80/api/app/user/facebook/callback',
    );
    const state = dialog.searchParams.get('state') ?? '';

    const back = await browser.get(`/api/app/user/facebook/callback?code=code-for-luca&state=${state}`);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/user');
    const me = await browser.get('/api/app/user/info');
    expect(me.json().user).toMatchObject({ email: 'luca@example.it', firstname: 'Luca', lastname: 'Verdi' });
  });

  it('refuses a callback whose state is not the one it sent (cross-site login)', async () => {
    const browser = createBrowser(sut);
    await browser.post('/api/app/user/facebook/login');
    const back = await browser.get('/api/app/user/facebook/callback?code=code-for-luca&state=forged-state');
    expect(back.headers.location).toBe('/login?error=facebook');
    expect((await browser.get('/api/app/user/info')).statusCode).toBe(401);
  });

  it('sends the person back to the login page when Facebook refuses the code', async () => {
    const browser = createBrowser(sut);
    const state = new URL((await browser.post('/api/app/user/facebook/login')).json().url).searchParams.get(
      'state',
    );
    const back = await browser.get(`/api/app/user/facebook/callback?code=stolen&state=${state}`);
    expect(back.headers.location).toBe('/login?error=facebook');
  });
});
