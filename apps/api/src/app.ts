import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Database } from '@sentiero/db/client';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createPageHeadRenderer } from './modules/seo/index.ts';
import { compressResponses } from './platform/compression.ts';
import type { Config } from './platform/config.ts';
import { type Clock, systemClock } from './platform/context.ts';
import { answerUnreadableRequest, installErrorHandling } from './platform/error-handler.ts';
import { expiredRowsPurge } from './platform/housekeeping.ts';
import { documentErrorAnswers } from './platform/http.ts';
import { startJobs } from './platform/jobs.ts';
import { logRequestsBriefly, prettyLogStream } from './platform/log-format.ts';
import { type MailTransport, mailboxTransport, smtpTransport, startMailer } from './platform/mail.ts';
import { startMemberCache } from './platform/member-cache.ts';
import { apiDocumentOptions, withServer } from './platform/openapi.ts';
import { etagHash, PublicCache } from './platform/public-cache.ts';
import type { PushSender } from './platform/push.ts';
import { postgresRateLimitStore } from './platform/rate-limits.ts';
import { contentSecurityPolicy, installSecurityHeaders } from './platform/security-headers.ts';
import { serveWebApp } from './platform/web.ts';
import { registerModules } from './register-modules.ts';
import { installRequestContext } from './request-context.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Where mail goes; by default SMTP_URL's server, or the embedded mailbox. */
  mailTransport?: MailTransport;
  /** Where pushes go; by default Web Push with the configured (or kept) VAPID keys. */
  pushSender?: PushSender | null;
  /** Tests pass `false` to keep their output quiet. */
  logger?: boolean;
  /**
   * Whether scheduled jobs run on their cron in this process (if it works jobs). Tests pass
   * `false` and run a scheduled job by calling its function or sending it to its queue.
   */
  cron?: boolean;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp({
  config,
  database,
  clock = systemClock,
  logger = true,
  mailTransport,
  pushSender,
  cron = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          ...(config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}),
        }
      : false,
    // Pretty logs get one line per request (logRequestsBriefly below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: config.logFormat === 'pretty' }),
    // genReqId reads x-request-id itself, so an unsafe value from outside never reaches the logs.
    requestIdHeader: false,
    // A request id from a proxy is kept when it looks like one; otherwise we make our own.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // In-flight requests finish on close and new connections are refused; a request that still
    // arrives on an open connection is answered 503 in the error shape (`installRequestContext`),
    // not Fastify's own.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // A URL that cannot be decoded never reaches a route or the error handler.
    frameworkErrors: answerUnreadableRequest,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  if (logger && config.logFormat === 'pretty') logRequestsBriefly(app);

  installSecurityHeaders(app, { contentSecurityPolicy: contentSecurityPolicy(config) });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Multipart bodies are read by installRequestInputRules, with the limits of the route.
  await app.register(fastifyMultipart);
  await app.register(fastifyEtag, { weak: true, hashFn: etagHash });
  // After the ETag: its tag and 304 are those of the plain body, whatever encoding is sent.
  compressResponses(app);
  const publicCache = new PublicCache(config.publicCacheSeconds);
  app.decorate('publicCache', publicCache);
  if (publicCache.enabled) {
    const sweeping = setInterval(() => publicCache.sweep(), config.publicCacheSeconds * 1000).unref();
    app.addHook('onClose', async () => clearInterval(sweeping));
  }
  // Limits are set per route (forms people submit); reads are served without one. Counted before
  // the body is read, so a flood of uploads is refused without being read; the refusal speaks the
  // language of the URL, the `i18next` cookie or Accept-Language.
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'onRequest',
    store: postgresRateLimitStore(database.db),
    ...(config.perIpRateLimits ? {} : { allowList: () => true }),
  });

  const memberCache = await startMemberCache(database, config.memberCacheSeconds);
  app.addHook('onClose', memberCache.stop);
  const jobs = await startJobs(database, app.log, { work: config.jobWorkers, cron });
  const transport =
    mailTransport ??
    (config.mail.smtpUrl
      ? smtpTransport(config.mail.smtpUrl, config.mail.from)
      : mailboxTransport(database.db, config.mail.from));
  const mail = await startMailer(jobs, transport);
  await jobs.schedule(expiredRowsPurge(database.db, clock));
  app.addHook('onClose', async () => {
    await jobs.stop();
    transport.close();
  });

  // After compression: its hook closes the connection of an answer still being compressed.
  installRequestContext(app, { config, database, clock, mail });

  await app.register(fastifySwagger, apiDocumentOptions(config));
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformSpecification: withServer(config),
  });

  documentErrorAnswers(app);
  await registerModules(app, { config, database, clock, jobs, mail, pushSender, cron });

  await serveWebApp(app, config.webDistDir, createPageHeadRenderer(config));
  return app;
}
