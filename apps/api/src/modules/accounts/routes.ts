import {
  facebookLogin,
  permission,
  twoFactorDisable,
  twoFactorEnable,
  twoFactorSetup,
  userDelete,
  userEdit,
  userEditData,
  userEmailConfirm,
  userExport,
  userFetch,
  userLogin,
  userLoginTwoFactor,
  userLogout,
  userPasswordRecovery,
  userPasswordReset,
  userPasswordUpdate,
  userRegister,
  userSecure,
  userTag,
} from '@sentiero/contract/accounts';
import { PAGES } from '@sentiero/contract/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { operationAccess } from '../../platform/openapi.ts';
import {
  clearSessionCookie,
  cookieOptions,
  hasSignedInHint,
  sessionCookieName,
  setSignedInHint,
  startSession,
} from '../../platform/sessions.ts';
import { confirmEmailChange, editAccount } from './account-edit.ts';
import {
  FACEBOOK_CALLBACK_PATH,
  finishFacebookLogin,
  type StateCookie,
  startFacebookLogin,
} from './facebook.ts';
import { endEverySession, logOut } from './log-out.ts';
import { type BrowserCookie, type LoginCookies, logIn, logInWithCode } from './login.ts';
import { changePassword, resetPassword, sendPasswordRecovery } from './password-changes.ts';
import { secureAccount } from './secure-account.ts';
import {
  deleteAccount,
  editResidence,
  exportPersonalData,
  getCurrentUser,
  listPermissions,
  registerMember,
  type SessionCookies,
  setPreferences,
} from './service.ts';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from './two-factor.ts';

/** Per IP: enough for a family behind one router, too few for guessing passwords. */
const LOGIN_LIMIT = { max: 20, timeWindow: '1 minute' };
const SIGNUP_LIMIT = { max: 20, timeWindow: '10 minutes' };
const RECOVERY_LIMIT = { max: 10, timeWindow: '10 minutes' };

function sessionCookies(ctx: ServiceContext, reply: FastifyReply): SessionCookies {
  return {
    start: (userId) => startSession(ctx.db, ctx.config, reply, userId, ctx.clock.now()),
    async endAll(userId) {
      await endEverySession(ctx, userId);
      clearSessionCookie(ctx.config, reply);
    },
  };
}

function shortCookie(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
): BrowserCookie {
  return {
    set: (value, maxAgeSeconds) => reply.setCookie(name, value, cookieOptions(ctx.config, maxAgeSeconds)),
    read: () => request.cookies[name],
    clear: () => reply.clearCookie(name, cookieOptions(ctx.config)),
  };
}

const challengeCookie = (ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply) =>
  shortCookie(ctx, request, reply, ctx.config.env === 'production' ? '__Host-sentiero_2fa' : 'sentiero_2fa');
/** OWASP's device cookie: which browser this is to the accounts that logged in from it. */
const deviceCookie = (ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply) =>
  shortCookie(
    ctx,
    request,
    reply,
    ctx.config.env === 'production' ? '__Host-sentiero_device' : 'sentiero_device',
  );

function loginCookies(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply): LoginCookies {
  return {
    session: sessionCookies(ctx, reply),
    challenge: challengeCookie(ctx, request, reply),
    device: deviceCookie(ctx, request, reply),
  };
}

const stateCookieName = (ctx: ServiceContext) =>
  ctx.config.env === 'production' ? '__Host-sentiero_oauth' : 'sentiero_oauth';

function oauthStateCookie(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply): StateCookie {
  const cookie = shortCookie(ctx, request, reply, stateCookieName(ctx));
  return { set: (state) => cookie.set(state, 10 * 60), read: cookie.read, clear: cookie.clear };
}

export function registerAccountRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    userRegister,
    (ctx, input, _request, reply) => registerMember(ctx, sessionCookies(ctx, reply), input),
    { rateLimit: SIGNUP_LIMIT },
  );
  registerEndpoint(
    app,
    userLogin,
    (ctx, input, request, reply) => logIn(ctx, loginCookies(ctx, request, reply), input),
    { rateLimit: LOGIN_LIMIT },
  );
  registerEndpoint(
    app,
    userLoginTwoFactor,
    (ctx, input, request, reply) => logInWithCode(ctx, loginCookies(ctx, request, reply), input.code),
    { rateLimit: LOGIN_LIMIT },
  );
  registerEndpoint(app, userLogout, async (ctx, _input, _request, reply) => {
    await logOut(ctx);
    clearSessionCookie(ctx.config, reply);
    return { ok: true as const };
  });
  registerEndpoint(app, userFetch, (ctx, _input, request, reply) => {
    // The web app asks only where the hint says there is a session: a browser whose session
    // ended (expired, or ended on another device) loses the hint with its refusal, and a session
    // started before there was a hint gets one.
    if (!ctx.user) {
      if (hasSignedInHint(request) || request.cookies[sessionCookieName(ctx.config)]) {
        clearSessionCookie(ctx.config, reply);
      }
    } else if (!hasSignedInHint(request)) {
      const seconds = Math.round((ctx.user.expiresAt.getTime() - ctx.clock.now().getTime()) / 1000);
      setSignedInHint(ctx.config, reply, seconds);
    }
    return getCurrentUser(ctx);
  });
  registerEndpoint(app, userEdit, (ctx, input) => editAccount(ctx, input));
  registerEndpoint(app, userEditData, (ctx, input) => editResidence(ctx, input));
  registerEndpoint(app, userTag, (ctx, input) => setPreferences(ctx, input.activities, input.regions));
  registerEndpoint(app, userPasswordUpdate, (ctx, input, _request, reply) =>
    changePassword(ctx, sessionCookies(ctx, reply), input),
  );
  registerEndpoint(app, userPasswordRecovery, (ctx, input) => sendPasswordRecovery(ctx, input.email), {
    rateLimit: RECOVERY_LIMIT,
  });
  registerEndpoint(
    app,
    userPasswordReset,
    (ctx, input, _request, reply) => resetPassword(ctx, sessionCookies(ctx, reply), input),
    { rateLimit: RECOVERY_LIMIT },
  );
  registerEndpoint(app, userDelete, (ctx, input, _request, reply) =>
    deleteAccount(ctx, sessionCookies(ctx, reply), input),
  );
  registerEndpoint(app, userEmailConfirm, (ctx, input) => confirmEmailChange(ctx, input.token), {
    rateLimit: RECOVERY_LIMIT,
  });
  registerEndpoint(
    app,
    userSecure,
    (ctx, input, _request, reply) => secureAccount(ctx, sessionCookies(ctx, reply), input.token),
    { rateLimit: RECOVERY_LIMIT },
  );
  registerEndpoint(app, userExport, async (ctx, _input, _request, reply) => {
    const data = await exportPersonalData(ctx);
    reply.header('content-disposition', 'attachment; filename="sentiero-my-data.json"');
    return data;
  });
  registerEndpoint(app, permission, (ctx) => listPermissions(ctx));
  registerEndpoint(app, twoFactorSetup, (ctx, input) => startTwoFactorSetup(ctx, input));
  registerEndpoint(app, twoFactorEnable, (ctx, input) => enableTwoFactor(ctx, input.code));
  registerEndpoint(app, twoFactorDisable, (ctx, input) => disableTwoFactor(ctx, input));
  registerEndpoint(
    app,
    facebookLogin,
    async (ctx, _input, request, reply) => startFacebookLogin(ctx, oauthStateCookie(ctx, request, reply)),
    { rateLimit: LOGIN_LIMIT },
  );
  const callbackSchema = {
    tags: [facebookLogin.tag],
    summary:
      "Where Facebook sends the browser back after its login: starts the session and redirects to the member's page.",
    ...operationAccess('public'),
    response: {
      303: z.null().meta({
        description:
          `To the member's page (\`${PAGES.account.path()}\`), or to the login page with its error ` +
          `(\`${PAGES.login.path({ error: 'facebook' })}\`).`,
      }),
    },
  };
  app.get<{ Querystring: Record<string, unknown> }>(
    FACEBOOK_CALLBACK_PATH,
    { schema: callbackSchema },
    async (request, reply) => {
      const ctx = request.ctx;
      const text = (value: unknown) =>
        typeof value === 'string' && value.length <= 2048 ? value : undefined;
      const target = await finishFacebookLogin(
        ctx,
        sessionCookies(ctx, reply),
        oauthStateCookie(ctx, request, reply),
        { code: text(request.query.code), state: text(request.query.state) },
      );
      return reply.redirect(target, 303);
    },
  );
}
