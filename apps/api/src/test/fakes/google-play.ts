import { generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { startTestServer, type TestReply, type TestRequest, type TestServer } from './test-server.ts';

export const GOOGLE_PLAY_TEST_APP = {
  packageName: 'it.sentiero.app',
  audience: 'https://api.sentiero.test/api/billing/google/notifications',
  serviceAccountEmail: 'play-rtdn-push@sentiero-test.iam.gserviceaccount.com',
  apiClientEmail: 'play-api@sentiero-test.iam.gserviceaccount.com',
};

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const SUBSCRIPTIONS_PATH =
  /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/subscriptionsv2\/tokens\/([^/?]+)$/;

export type PushClaims = {
  iss: string;
  aud: string;
  azp: string;
  email: string;
  email_verified: boolean;
  sub: string;
  iat: number;
  exp: number;
};

/**
 * A stand-in for the Google endpoints an RTDN push involves, on 127.0.0.1: the OIDC keys Pub/Sub
 * tokens are signed with (`/oauth2/v3/certs`), the OAuth token endpoint (which checks the service
 * account's signed assertion, as Google does) and `purchases.subscriptionsv2.get` for the purchase
 * tokens a test registers. Tokens are signed here, not with the code under test.
 */
export type FakeGooglePlay = {
  server: TestServer;
  certsUrl: string;
  tokenUrl: string;
  /** The key pair of the API's service account; Google keeps only the public half. */
  serviceAccount: { clientEmail: string; privateKeyPem: string };
  /** Cache-Control max-age on the keys. */
  keysMaxAgeSeconds: number;
  /** Google starts publishing a new signing key and signs pushes with it from now on. */
  rotateKey(): void;
  registerSubscription(purchaseToken: string, purchase: Record<string, unknown>): void;
  /** A Pub/Sub OIDC token; `signWith` signs with a key Google does not publish. */
  signPushToken(claims?: Partial<PushClaims>, signWith?: { kid: string; key: KeyObject }): string;
  /** A Pub/Sub push of a developer notification, as its push subscription delivers it. */
  push(
    notification: Record<string, unknown>,
    options?: { messageId?: string; authorization?: string },
  ): { body: string; headers: Record<string, string> };
  requestsTo(path: string): TestRequest[];
  /** Google's clock, for the times in the tokens it signs. */
  now: () => Date;
};

type SigningKey = { kid: string; key: KeyObject; publicJwk: Record<string, unknown> };

function makeSigningKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    kid,
    key: privateKey,
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
  };
}

function signJwt(header: Record<string, unknown>, claims: unknown, key: KeyObject): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

function readJwt(token: string, publicKey: KeyObject): Record<string, unknown> | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  if (
    !verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))
  ) {
    return null;
  }
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

const googleError = (status: number, message: string, reason: string): TestReply => ({
  status,
  body: { error: { code: status, message, errors: [{ message, domain: 'global', reason }] } },
});

export async function startFakeGooglePlay(): Promise<FakeGooglePlay> {
  // Google publishes two keys at a time and signs with the newer.
  const published = [
    makeSigningKey('a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'),
    makeSigningKey('f0e1d2c3b4a5968778695a4b3c2d1e0f98765432'),
  ];
  let signing = published[1] as SigningKey;
  const account = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const subscriptions = new Map<string, Record<string, unknown>>();
  const accessTokens = new Set<string>();
  let rotation = 0;

  const fake: FakeGooglePlay = {
    server: undefined as unknown as TestServer,
    certsUrl: '',
    tokenUrl: '',
    serviceAccount: {
      clientEmail: GOOGLE_PLAY_TEST_APP.apiClientEmail,
      privateKeyPem: account.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    keysMaxAgeSeconds: 21_600,
    rotateKey() {
      rotation += 1;
      signing = makeSigningKey(`rotated${rotation}`.padEnd(40, '0'));
      published.shift();
      published.push(signing);
    },
    registerSubscription(purchaseToken, purchase) {
      subscriptions.set(purchaseToken, purchase);
    },
    signPushToken(claims = {}, signWith = signing) {
      const iat = Math.floor(fake.now().getTime() / 1000);
      const full: PushClaims = {
        iss: 'https://accounts.google.com',
        aud: GOOGLE_PLAY_TEST_APP.audience,
        azp: '112233445566778899001',
        email: GOOGLE_PLAY_TEST_APP.serviceAccountEmail,
        email_verified: true,
        sub: '112233445566778899001',
        iat,
        exp: iat + 3600,
        ...claims,
      };
      return signJwt({ alg: 'RS256', kid: signWith.kid, typ: 'JWT' }, full, signWith.key);
    },
    push(notification, options = {}) {
      const messageId = options.messageId ?? String(10_000_000_000_000 + Math.floor(Math.random() * 1e12));
      const message = {
        data: Buffer.from(JSON.stringify(notification)).toString('base64'),
        messageId,
        message_id: messageId,
        publishTime: new Date().toISOString(),
        publish_time: new Date().toISOString(),
      };
      const body = JSON.stringify({
        message,
        subscription: 'projects/sentiero-test/subscriptions/play-rtdn-push',
      });
      const authorization = options.authorization ?? `Bearer ${fake.signPushToken()}`;
      return { body, headers: { authorization, 'content-type': 'application/json' } };
    },
    requestsTo(path) {
      return fake.server.requests.filter((request) => request.path.startsWith(path));
    },
    now: () => new Date(),
  };

  function grantToken(request: TestRequest): TestReply {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
      };
    }
    const claims = readJwt(form.get('assertion') ?? '', account.publicKey);
    const seconds = fake.now().getTime() / 1000;
    if (
      !claims ||
      claims.iss !== GOOGLE_PLAY_TEST_APP.apiClientEmail ||
      claims.aud !== fake.tokenUrl ||
      claims.scope !== SCOPE ||
      typeof claims.exp !== 'number' ||
      claims.exp < seconds
    ) {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    }
    const token = `ya29.test-${accessTokens.size + 1}`;
    accessTokens.add(token);
    return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  }

  function getSubscription(request: TestRequest, match: RegExpExecArray): TestReply {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!bearer || !accessTokens.has(bearer)) {
      return googleError(401, 'Request had invalid authentication credentials.', 'authError');
    }
    const packageName = decodeURIComponent(match[1] ?? '');
    const purchase = subscriptions.get(decodeURIComponent(match[2] ?? ''));
    if (packageName !== GOOGLE_PLAY_TEST_APP.packageName || !purchase) {
      return googleError(404, 'The purchase token was not found.', 'notFound');
    }
    return { status: 200, body: { kind: 'androidpublisher#subscriptionPurchaseV2', ...purchase } };
  }

  fake.server = await startTestServer((request) => {
    if (request.method === 'GET' && request.path === '/oauth2/v3/certs') {
      return {
        status: 200,
        body: { keys: published.map((key) => key.publicJwk) },
        headers: {
          'cache-control': `public, max-age=${fake.keysMaxAgeSeconds}, must-revalidate, no-transform`,
        },
      };
    }
    if (request.method === 'POST' && request.path === '/token') return grantToken(request);
    const match = SUBSCRIPTIONS_PATH.exec(request.path);
    if (request.method === 'GET' && match) return getSubscription(request, match);
    return googleError(404, 'Not Found', 'notFound');
  });
  fake.certsUrl = `${fake.server.url}/oauth2/v3/certs`;
  fake.tokenUrl = `${fake.server.url}/token`;
  return fake;
}
