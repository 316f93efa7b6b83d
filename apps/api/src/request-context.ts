import type { Language } from '@sentiero/contract/languages';
import type { Database } from '@sentiero/db/client';
import type { FastifyInstance } from 'fastify';
import { isPremiumMember } from './modules/premium/index.ts';
import { installAccessRules } from './platform/access.ts';
import type { Config } from './platform/config.ts';
import type { Clock, ServiceContext } from './platform/context.ts';
import { authenticateDeviceRequest } from './platform/device-requests.ts';
import { AppError } from './platform/errors.ts';
import { resolveLanguage } from './platform/i18n.ts';
import type { Mailer } from './platform/mail.ts';
import { installRequestInputRules } from './platform/request-input.ts';
import { findSessionUser, type SessionUser } from './platform/sessions.ts';
import { findStaffSession, type StaffSession } from './platform/staff-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    ctx: ServiceContext;
    /** The session's member, looked up once: by the endpoint's access rule, or when ctx is made. */
    sessionLookup: Promise<SessionUser | null> | null;
    /** The console's staff member, looked up once, for `/api/console/` calls only. */
    staffLookup: Promise<StaffSession | null> | null;
  }
}

type RequestContextDeps = { config: Config; database: Database; clock: Clock; mail: Mailer };

/**
 * What every request carries before its route runs: its id and language, who is calling (member,
 * staff or ranger's device, looked up only where needed), and the `ctx` services are given. A
 * request that arrives while the server stops is refused here.
 */
export function installRequestContext(
  app: FastifyInstance,
  { config, database, clock, mail }: RequestContextDeps,
) {
  app.decorateRequest('lang', 'it');
  app.decorateRequest('ctx', null as unknown as ServiceContext);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // An answer sent after the stop began closes its connection: closing the server ends only the
  // connections idle at that moment, and a kept-alive one would hold the stop until the client
  // hangs up. Registered after compression, so an answer still being compressed is covered too.
  // An answer sent before its request's body arrived whole (a refused upload) closes the
  // connection too: keeping it alive would mean reading the rest of the body, however long.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing || request.raw.complete === false) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const query = request.query as Record<string, unknown> | undefined;
    request.lang = resolveLanguage({
      param: query?.lng,
      cookie: request.cookies.i18next,
      host: request.hostname,
      acceptLanguage: request.headers['accept-language'],
    });
    if (closing) {
      // A load balancer sends it elsewhere; the connection is not kept for another request.
      reply.header('connection', 'close');
      throw new AppError('SERVICE_UNAVAILABLE', 503);
    }
  });
  app.decorateRequest('sessionLookup', null);
  app.decorateRequest('staffLookup', null);
  app.decorateRequest('deviceCaller', null);
  installAccessRules(app, {
    // Static files and pages need no member; only API calls look the session up.
    sessionUser: (request) =>
      (request.sessionLookup ??= request.url.startsWith('/api/')
        ? findSessionUser(database.db, config, request, clock.now())
        : Promise.resolve(null)),
    // The staff cookie is read only by the console's API: a member's pages never look it up.
    staffSession: (request) =>
      (request.staffLookup ??=
        request.url.startsWith('/api/console/') || request.url.startsWith('/api/ranger/device/enrol')
          ? findStaffSession(database.db, config, request, clock.now())
          : Promise.resolve(null)),
    deviceRequest: (request, payload) =>
      authenticateDeviceRequest(database.db, clock.now(), request, payload),
    roles: { premium: (userId) => isPremiumMember({ db: database.db, clock }, userId) },
  });
  installRequestInputRules(app);
  app.addHook('preValidation', async (request) => {
    // SPEC's calls are POSTs, often with nothing to send: an empty body reads as no fields.
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && typeof body.lng === 'string') {
      request.lang = resolveLanguage({ param: body.lng, cookie: request.cookies.i18next });
    }
    request.ctx = {
      db: database.db,
      lang: request.lang,
      clock,
      log: request.log,
      user: await app.accessRules.sessionUser(request),
      staff: request.deviceCaller?.staff ?? (await app.accessRules.staffSession(request)),
      device: request.deviceCaller,
      roles: app.accessRules.roles,
      config,
      mail,
      ip: request.ip,
      origin: config.publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`,
    };
  });
}
