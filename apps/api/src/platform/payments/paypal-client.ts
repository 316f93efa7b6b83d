import { ApiError, Client, Environment, type OAuthToken } from '@paypal/paypal-server-sdk';

export const PAYPAL_LIVE_API = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

export type PaypalConfig = {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** PAYPAL_SANDBOX_API for PayPal's test accounts, a local stand-in in tests; live when unset. */
  apiBase?: string;
};

export const PAYPAL_TIMEOUT_MS = 30_000;

/**
 * One PayPal REST app as the checkout (Orders v2) and the memberships (Subscriptions v1) both use
 * it: the SDK client, and the same OAuth token for the calls the SDK does not cover (webhook
 * verification, catalog products).
 */
export type PaypalConnection = {
  client: Client;
  apiBase: string;
  accessToken(): Promise<string>;
};

export function createPaypalConnection(config: PaypalConfig): PaypalConnection {
  const apiBase = (config.apiBase ?? PAYPAL_LIVE_API).replace(/\/+$/, '');
  let cachedToken: OAuthToken | undefined;
  let pendingToken: Promise<OAuthToken> | undefined;

  async function oauthToken(): Promise<OAuthToken> {
    const manager = client.clientCredentialsAuthManager;
    if (!cachedToken || manager.isExpired(cachedToken)) {
      pendingToken ??= manager.fetchToken().finally(() => {
        pendingToken = undefined;
      });
      cachedToken = await pendingToken;
    }
    return cachedToken;
  }

  const client = new Client({
    environment: apiBase === PAYPAL_SANDBOX_API ? Environment.Sandbox : Environment.Production,
    timeout: PAYPAL_TIMEOUT_MS,
    clientCredentialsAuthCredentials: {
      oAuthClientId: config.clientId,
      oAuthClientSecret: config.clientSecret,
      // Renew a minute early so a token never expires between the check and PayPal reading it.
      oAuthClockSkew: 60,
      oAuthTokenProvider: oauthToken,
    },
    ...(apiBase === PAYPAL_LIVE_API || apiBase === PAYPAL_SANDBOX_API ? {} : rebasedTransport(apiBase)),
  });

  return { client, apiBase, accessToken: async () => (await oauthToken()).accessToken };
}

/**
 * The SDK knows only PayPal's two hosts (Environment.Production and Sandbox) and has no base-URL
 * option. Its lowest-level knob is the axios configuration it passes through untouched
 * (`unstable_httpClientOptions`): axios's fetch adapter with a fetch that swaps the origin.
 */
function rebasedTransport(apiBase: string) {
  const rebasedFetch = async (request: Request) => {
    const { pathname, search } = new URL(request.url);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    return fetch(`${apiBase}${pathname}${search}`, {
      method: request.method,
      headers: request.headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      signal: request.signal,
    });
  };
  return { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: rebasedFetch } } };
}

/** PayPal's first `details[].issue` (ORDER_ALREADY_CAPTURED, SUBSCRIPTION_STATUS_INVALID…). */
export function paypalIssue(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const result = error.result as { details?: { issue?: string }[] } | undefined;
  return result?.details?.[0]?.issue;
}

export function formatEuros(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** PayPal's decimal euro strings ("12.5", "24.90") as cents; null for another currency or shape. */
export function euroCents(currency: string | undefined, value: string | undefined): number | null {
  const match = currency === 'EUR' && value !== undefined ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
