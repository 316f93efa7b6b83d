import { createHmac } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FACEBOOK_DIALOG_URL,
  type FacebookOAuthConfig,
  FacebookOAuthError,
  facebookAuthorizationUrl,
  fetchFacebookProfile,
} from './facebook-oauth.ts';

const APP_ID = '1234567890123456';
const APP_SECRET = 'f3c1a9e0b7d24c6e8a5b1d0c9e7f6a42';
const REDIRECT_URI = 'https://sentiero.test/auth/facebook/callback?next=/tickets&lang=it';

type GraphUser = { id: string; email?: string; first_name: string; last_name: string };

// What the stand-in Facebook knows: which code it handed out, for which token and person.
const GRANTS = new Map<string, { token: string; user: GraphUser }>([
  [
    'code-for-ada',
    {
      token: 'EAAGada0token',
      user: { id: '10223456789012345', email: 'ada@example.org', first_name: 'Ada', last_name: 'Lovelace' },
    },
  ],
  [
    'code-for-phone-signup',
    { token: 'EAAGphone0token', user: { id: '10229999999999999', first_name: 'Miha', last_name: 'Novak' } },
  ],
]);

const proofFor = (token: string) => createHmac('sha256', APP_SECRET).update(token).digest('hex');

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

// Facebook's error shape, so the module is tested against what it will really meet.
function refuse(response: ServerResponse, message: string, type: string, code: number) {
  answer(response, 400, { error: { message, type, code, fbtrace_id: 'AbCdEf123' } });
}

function fakeGraph(): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = url.searchParams;

    if (request.method === 'GET' && url.pathname === '/v21.0/oauth/access_token') {
      if (query.get('client_id') !== APP_ID || query.get('client_secret') !== APP_SECRET) {
        return refuse(response, 'Error validating client secret.', 'OAuthException', 1);
      }
      if (query.get('redirect_uri') !== REDIRECT_URI) {
        return refuse(
          response,
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
          'OAuthException',
          100,
        );
      }
      const code = query.get('code') ?? '';
      if (code === 'code-answered-by-a-proxy-page') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html><body>Service temporarily unavailable</body></html>');
      }
      if (code === 'code-answered-without-a-token') return answer(response, 200, { token_type: 'bearer' });
      // Never answers, like a Graph API that hangs.
      if (code === 'code-that-hangs') return;
      const grant = GRANTS.get(code);
      if (!grant) return refuse(response, 'Invalid verification code format.', 'OAuthException', 100);
      return answer(response, 200, { access_token: grant.token, token_type: 'bearer', expires_in: 5183944 });
    }

    if (request.method === 'GET' && url.pathname === '/v21.0/me') {
      const token = query.get('access_token') ?? '';
      const grant = [...GRANTS.values()].find((candidate) => candidate.token === token);
      if (!grant) {
        return refuse(
          response,
          'Invalid OAuth access token - Cannot parse access token',
          'OAuthException',
          190,
        );
      }
      const proof = query.get('appsecret_proof');
      if (!proof) {
        return refuse(
          response,
          'API calls from the server require an appsecret_proof argument',
          'GraphMethodException',
          100,
        );
      }
      if (proof !== proofFor(token)) {
        return refuse(
          response,
          'Invalid appsecret_proof provided in the API argument',
          'GraphMethodException',
          100,
        );
      }
      const fields = (query.get('fields') ?? 'id').split(',');
      const user: Record<string, string | undefined> = grant.user;
      return answer(
        response,
        200,
        Object.fromEntries(
          fields.filter((field) => user[field] !== undefined).map((field) => [field, user[field]]),
        ),
      );
    }

    refuse(response, 'Unknown path components', 'OAuthException', 2500);
  });
}

let server: Server;
let config: FacebookOAuthConfig;

beforeAll(async () => {
  server = fakeGraph();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  config = {
    appId: APP_ID,
    appSecret: APP_SECRET,
    redirectUri: REDIRECT_URI,
    dialogUrl: FACEBOOK_DIALOG_URL,
    graphUrl: `http://127.0.0.1:${port}/v21.0`,
  };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<FacebookOAuthError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FacebookOAuthError);
  return error as FacebookOAuthError;
}

describe('facebookAuthorizationUrl', () => {
  it('sends the person to the login dialog with every parameter URL-encoded', () => {
    const state = 'a b&c=d/+é';
    const link = facebookAuthorizationUrl(config, state);
    const url = new URL(link);

    expect(`${url.origin}${url.pathname}`).toBe(FACEBOOK_DIALOG_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: APP_ID,
      redirect_uri: REDIRECT_URI,
      state,
      response_type: 'code',
      scope: 'email,public_profile',
    });
    expect(link).toContain(`redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    expect(link).toContain('state=a+b%26c%3Dd%2F%2B%C3%A9');
    expect(link).not.toContain(APP_SECRET);
  });
});

describe('fetchFacebookProfile', () => {
  it('returns the profile of the person a good code was issued for', async () => {
    await expect(fetchFacebookProfile(config, 'code-for-ada')).resolves.toEqual({
      id: '10223456789012345',
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('throws FacebookOAuthError naming the token exchange when Facebook refuses the code, without the secret', async () => {
    const error = await failure(fetchFacebookProfile(config, 'code-nobody-issued'));
    expect(error.message).toMatch(/token exchange/);
    expect(error.message).toMatch(/400/);
    expect(error.message).toMatch(/Invalid verification code format/);
    expect(error.message).not.toContain(APP_SECRET);
  });

  it('is refused by the Graph API when the appsecret_proof is wrong or missing, so a passing login proves it right', async () => {
    const token = 'EAAGada0token';
    const me = new URL(`${config.graphUrl}/me`);
    me.searchParams.set('fields', 'id,email,first_name,last_name');
    me.searchParams.set('access_token', token);

    const withoutProof = await fetch(me);
    expect(withoutProof.status).toBe(400);

    me.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', 'another-secret').update(token).digest('hex'),
    );
    const withWrongProof = await fetch(me);
    expect(withWrongProof.status).toBe(400);
    expect(await withWrongProof.json()).toMatchObject({
      error: { message: 'Invalid appsecret_proof provided in the API argument', code: 100 },
    });

    await expect(fetchFacebookProfile(config, 'code-for-ada')).resolves.toMatchObject({
      id: '10223456789012345',
    });
  });

  it('gives email null when the person has no email on Facebook', async () => {
    await expect(fetchFacebookProfile(config, 'code-for-phone-signup')).resolves.toEqual({
      id: '10229999999999999',
      email: null,
      firstName: 'Miha',
      lastName: 'Novak',
    });
  });

  it('throws FacebookOAuthError when Facebook answers with something that is not JSON', async () => {
    const error = await failure(fetchFacebookProfile(config, 'code-answered-by-a-proxy-page'));
    expect(error.message).toMatch(/token exchange.*not JSON/);
  });

  it('throws FacebookOAuthError when Facebook answers with JSON of the wrong shape', async () => {
    const error = await failure(fetchFacebookProfile(config, 'code-answered-without-a-token'));
    expect(error.message).toMatch(/token exchange answered in an unexpected shape \(access_token\)/);
  });

  it('gives up after 10 seconds with FacebookOAuthError when Facebook does not answer', async () => {
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const asked = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => timeout(100));

    const error = await failure(fetchFacebookProfile(config, 'code-that-hangs'));
    expect(asked).toHaveBeenCalledWith(10_000);
    expect(error.message).toMatch(/token exchange timed out/);
  });
});
