import { timingSafeEqual } from 'node:crypto';
import { PAGES } from '@sentiero/contract/pages';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type FacebookOAuthConfig,
  type FacebookProfile,
  facebookAuthorizationUrl,
  fetchFacebookProfile,
} from '../../platform/facebook-oauth.ts';
import { newToken } from '../../platform/sessions.ts';
import { findUserByEmail, findUserByFacebookId, insertUser, type UserRow, updateUser } from './repo.ts';
import type { SessionCookies } from './service.ts';

export const FACEBOOK_CALLBACK_PATH = '/api/app/user/facebook/callback';

/** The OAuth `state` travels in a short-lived cookie and must come back unchanged (CSRF). */
export type StateCookie = { set(state: string): void; read(): string | undefined; clear(): void };

function requireFacebook(ctx: ServiceContext): FacebookOAuthConfig {
  if (!ctx.config.facebook) throw new AppError('NOT_CONFIGURED', 501);
  return { ...ctx.config.facebook, redirectUri: `${ctx.origin}${FACEBOOK_CALLBACK_PATH}` };
}

export function startFacebookLogin(ctx: ServiceContext, stateCookie: StateCookie) {
  const facebook = requireFacebook(ctx);
  const state = newToken();
  stateCookie.set(state);
  return { url: facebookAuthorizationUrl(facebook, state) };
}

function sameState(expected: string | undefined, received: string | undefined): boolean {
  if (!expected || !received || expected.length !== received.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(received));
}

/**
 * Facebook sends the browser back here with a code. Answers where to send the browser next:
 * the account on success, the login page with a reason otherwise.
 */
export async function finishFacebookLogin(
  ctx: ServiceContext,
  cookies: SessionCookies,
  stateCookie: StateCookie,
  query: { code?: string | undefined; state?: string | undefined },
): Promise<string> {
  const facebook = requireFacebook(ctx);
  const expected = stateCookie.read();
  stateCookie.clear();
  if (!query.code || !sameState(expected, query.state)) return PAGES.login.path({ error: 'facebook' });
  let profile: FacebookProfile;
  try {
    profile = await fetchFacebookProfile(facebook, query.code);
  } catch (error) {
    ctx.log.warn({ err: error }, 'facebook login failed');
    return PAGES.login.path({ error: 'facebook' });
  }
  const row = await findOrCreateFacebookMember(ctx, profile);
  await cookies.start(row.id);
  return PAGES.account.path();
}

/**
 * Facebook only hands out confirmed addresses, so an account with the same email is the same
 * person: the Facebook id is linked to it rather than making a second account.
 */
async function findOrCreateFacebookMember(ctx: ServiceContext, profile: FacebookProfile): Promise<UserRow> {
  const linked = await findUserByFacebookId(ctx.db, profile.id);
  if (linked) return linked;
  const email = profile.email?.toLowerCase() ?? null;
  const sameEmail = email ? await findUserByEmail(ctx.db, email) : undefined;
  const now = ctx.clock.now();
  if (sameEmail) return updateUser(ctx.db, sameEmail.id, { facebookId: profile.id, updatedAt: now });
  return insertUser(ctx.db, {
    email,
    facebookId: profile.id,
    firstName: profile.firstName,
    lastName: profile.lastName,
    language: ctx.lang,
    createdAt: now,
    updatedAt: now,
  });
}
