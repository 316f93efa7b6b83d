import { createHmac } from 'node:crypto';
import { z } from 'zod';

export type FacebookOAuthConfig = {
  appId: string;
  appSecret: string;
  redirectUri: string;
  dialogUrl: string;
  graphUrl: string;
};

// Pinned so that a Graph API version bump is a deliberate change, not a surprise in production.
export const FACEBOOK_DIALOG_URL = 'https://www.facebook.com/v21.0/dialog/oauth';
export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v21.0';

export type FacebookProfile = { id: string; email: string | null; firstName: string; lastName: string };

// Its message names the failed step but never a credential, because it ends up in logs.
export class FacebookOAuthError extends Error {}

const TIMEOUT_MS = 10_000;

const ZToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

const ZProfile = z.object({
  id: z.string().min(1),
  // Facebook leaves the field out when the person declined the permission or signed up by phone.
  email: z.string().min(1).optional(),
  // Absent names should not block the login: the sign-up form can still ask for them.
  first_name: z.string().default(''),
  last_name: z.string().default(''),
});

const ZGraphError = z.object({
  error: z.object({ message: z.string(), type: z.string().optional(), code: z.number().optional() }),
});

export function facebookAuthorizationUrl(config: FacebookOAuthConfig, state: string): string {
  const url = new URL(config.dialogUrl);
  url.searchParams.set('client_id', config.appId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'email,public_profile');
  return url.toString();
}

export async function fetchFacebookProfile(
  config: FacebookOAuthConfig,
  code: string,
): Promise<FacebookProfile> {
  const token = await graphGet(
    config,
    'token exchange',
    'oauth/access_token',
    {
      client_id: config.appId,
      redirect_uri: config.redirectUri,
      client_secret: config.appSecret,
      code,
    },
    ZToken,
    [],
  );
  const accessToken = token.access_token;
  // Facebook rejects calls without the proof when "Require App Secret" is on, and the proof makes a
  // leaked token useless to anyone who does not also hold the secret.
  const proof = createHmac('sha256', config.appSecret).update(accessToken).digest('hex');
  const profile = await graphGet(
    config,
    'profile request',
    'me',
    { fields: 'id,email,first_name,last_name', access_token: accessToken, appsecret_proof: proof },
    ZProfile,
    [accessToken, proof],
  );
  return {
    id: profile.id,
    email: profile.email ?? null,
    firstName: profile.first_name,
    lastName: profile.last_name,
  };
}

async function graphGet<T>(
  config: FacebookOAuthConfig,
  step: string,
  path: string,
  query: Record<string, string>,
  schema: z.ZodType<T>,
  secrets: string[],
): Promise<T> {
  // The base URL is parsed before the credentials go in, so an invalid one cannot echo them in its error.
  const url = new URL(`${config.graphUrl.replace(/\/+$/, '')}/${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const hide = (text: string) => redact(text, [config.appSecret, ...secrets]);

  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    body = await response.text();
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new FacebookOAuthError(`Facebook ${step} timed out after ${TIMEOUT_MS / 1000} s`);
    }
    // Only the network cause travels on: undici's own error would carry the URL and its query.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : 'unknown';
    throw new FacebookOAuthError(`Facebook ${step} failed: ${hide(cause)}`);
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }

  if (!response.ok) {
    const refusal = ZGraphError.safeParse(json);
    const reason = refusal.success
      ? `${refusal.data.error.type ?? 'error'} ${refusal.data.error.code ?? ''}: ${refusal.data.error.message}`
      : 'no error description';
    throw new FacebookOAuthError(`Facebook ${step} refused with ${response.status}: ${hide(reason)}`);
  }
  if (json === undefined) {
    throw new FacebookOAuthError(`Facebook ${step} answered with something that is not JSON`);
  }

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new FacebookOAuthError(`Facebook ${step} answered in an unexpected shape (${fields})`);
  }
  return parsed.data;
}

function redact(text: string, secrets: string[]): string {
  return secrets
    .filter((secret) => secret !== '')
    .reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}
