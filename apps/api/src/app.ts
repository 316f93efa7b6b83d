import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Language } from '@sentiero/contract/languages';
import type { Database } from '@sentiero/db/client';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAccountRoutes } from './modules/accounts/index.ts';
import {
  configuredPushSender,
  registerAlertRoutes,
  registerAlertRunRoute,
  startAlertJobs,
} from './modules/alerts/index.ts';
import { registerAreaRoutes } from './modules/areas/index.ts';
import { registerBlogRoutes } from './modules/blog/index.ts';
import { registerCatalogueRoutes } from './modules/catalogue/index.ts';
import { registerCataloguePhotoRoutes } from './modules/catalogue-photos/index.ts';
import { registerCheckoutRoutes, startCheckoutJobs } from './modules/checkout/index.ts';
import { registerConsoleAdRoutes } from './modules/console-ads/index.ts';
import { registerConsoleCatalogueRoutes } from './modules/console-catalogue/index.ts';
import { registerConsoleCouponRoutes } from './modules/console-coupons/index.ts';
import { figureDaysRollUp, registerConsoleFigureRoutes } from './modules/console-figures/index.ts';
import { registerConsoleOrderRoutes, startOrderExportJobs } from './modules/console-orders/index.ts';
import { fillNotebookWeather, registerFindRoutes } from './modules/finds/index.ts';
import { registerGrowthRoutes } from './modules/growth/index.ts';
import { registerGuideRoutes } from './modules/guides/index.ts';
import { registerInboxRoutes, startInboxAnswers } from './modules/inbox/index.ts';
import { registerMailboxRoutes } from './modules/mailbox/index.ts';
import { registerMyTicketRoutes } from './modules/my-tickets/index.ts';
import {
  registerConsoleNewsletterRoutes,
  registerNewsletterRoutes,
  startNewsletterJobs,
} from './modules/newsletter/index.ts';
import { registerPhotoRoutes } from './modules/photos/index.ts';
import {
  isPremiumMember,
  registerPremiumDevRoutes,
  registerPremiumRoutes,
  startPremiumJobs,
} from './modules/premium/index.ts';
import { registerRangerRoutes } from './modules/ranger/index.ts';
import { registerRecommendationRoutes } from './modules/recommendations/index.ts';
import { registerReviewRoutes, reviewRequestsSchedule } from './modules/reviews/index.ts';
import { registerSearchRoutes } from './modules/search/index.ts';
import { createPageHeadRenderer, registerSeoRoutes } from './modules/seo/index.ts';
import { registerStaffRoutes } from './modules/staff/index.ts';
import { registerSystemRoutes } from './modules/system/index.ts';
import { registerTicketRoutes } from './modules/tickets/index.ts';
import { registerWaitlistRoutes, startWaitlistJobs } from './modules/waitlist/index.ts';
import { configuredWeatherSource, registerWeatherRoutes, startWeatherJobs } from './modules/weather/index.ts';
import { registerWorkWithUsRoutes, settleApplicationPayment } from './modules/work-with-us/index.ts';
import { installAccessRules } from './platform/access.ts';
import { configuredBillingProviders, configuredStores } from './platform/billing/registry.ts';
import { loadBundleSigner } from './platform/bundle-signing.ts';
import { compressResponses } from './platform/compression.ts';
import { type Config, tileSource } from './platform/config.ts';
import { type Clock, type ServiceContext, systemClock } from './platform/context.ts';
import { authenticateDeviceRequest } from './platform/device-requests.ts';
import { answerUnreadableRequest, installErrorHandling } from './platform/error-handler.ts';
import { AppError } from './platform/errors.ts';
import { expiredRowsPurge } from './platform/housekeeping.ts';
import { documentErrorAnswers } from './platform/http.ts';
import { resolveLanguage } from './platform/i18n.ts';
import { startJobs } from './platform/jobs.ts';
import { logRequestsBriefly, prettyLogStream } from './platform/log-format.ts';
import { type MailTransport, mailboxTransport, smtpTransport, startMailer } from './platform/mail.ts';
import { startMemberCache } from './platform/member-cache.ts';
import { apiDocumentOptions, withServer } from './platform/openapi.ts';
import { configuredPaymentProviders } from './platform/payments/registry.ts';
import { etagHash, PublicCache } from './platform/public-cache.ts';
import type { PushSender } from './platform/push.ts';
import { postgresRateLimitStore } from './platform/rate-limits.ts';
import { installRequestInputRules } from './platform/request-input.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { findSessionUser, type SessionUser } from './platform/sessions.ts';
import { findStaffSession, type StaffSession } from './platform/staff-sessions.ts';
import { loadTicketSigner } from './platform/ticket-signing.ts';
import { serveWebApp } from './platform/web.ts';

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
    // arrives on an open connection is answered 503 in the error shape (below), not Fastify's own.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // A URL that cannot be decoded never reaches a route or the error handler.
    frameworkErrors: answerUnreadableRequest,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  if (logger && config.logFormat === 'pretty') logRequestsBriefly(app);

  // Stripe.js takes the card in its own frames; it runs only where Stripe takes the cards.
  const stripe = config.payments.stripe?.publishableKey
    ? {
        scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { scripts: [], frames: [], connect: [] };
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // 'wasm-unsafe-eval' lets the rangers' app compile its QR decoder (WebAssembly, a file of
        // this build) where the browser has no BarcodeDetector; it allows no JavaScript eval. For
        // every page, as the app's offline shell is the same index.html (ADR 048).
        'script-src': ["'self'", "'wasm-unsafe-eval'", ...stripe.scripts],
        'style-src': ["'self'", "'unsafe-inline'"],
        // blob: shows a member's photo kept on the phone (IndexedDB) before it is uploaded.
        'img-src': ["'self'", 'data:', 'blob:', tileSource(config.map.tileUrl)],
        'connect-src': ["'self'", ...stripe.connect],
        'frame-src': stripe.frames.length ? stripe.frames : ["'none'"],
        'font-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': config.env === 'production' ? [] : null,
      },
    },
  });
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

  await app.register(fastifySwagger, apiDocumentOptions(config));
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformSpecification: withServer(config),
  });

  documentErrorAnswers(app);
  registerSystemRoutes(app, { config, database });
  registerCatalogueRoutes(app);
  registerCataloguePhotoRoutes(app);
  registerAreaRoutes(app);
  registerGrowthRoutes(app);
  registerTicketRoutes(app);
  registerRecommendationRoutes(app);
  registerBlogRoutes(app);
  registerGuideRoutes(app);
  registerSearchRoutes(app);
  registerSeoRoutes(app);
  registerAccountRoutes(app);
  registerStaffRoutes(app);
  // Large order exports are written by the queue (ADR 041).
  registerConsoleOrderRoutes(app, await startOrderExportJobs({ db: database.db, jobs, clock, log: app.log }));
  registerConsoleFigureRoutes(app);
  await jobs.schedule(figureDaysRollUp(database.db, clock));
  registerConsoleCouponRoutes(app);
  registerConsoleAdRoutes(app);
  registerConsoleCatalogueRoutes(app);
  registerNewsletterRoutes(app);
  const signer = loadTicketSigner({
    privateKeyPem: config.ticketSigningKey,
    dataDir: config.database.driver === 'pglite' ? config.database.dataDir : undefined,
  });
  registerMyTicketRoutes(app, { verifier: signer });
  // Each inbox reply asks for answers at its thread's own address, taken by SMTP (ADR 031).
  const inboxAddresses = await startInboxAnswers(app, {
    config,
    db: database.db,
    clock,
    ticketKey: signer.privateKey,
  });
  registerInboxRoutes(app, { addresses: inboxAddresses });
  registerRangerRoutes(app, {
    signer: loadBundleSigner(signer.privateKey),
    ticketKeys: [{ key_id: signer.keyId, alg: 'Ed25519', x: signer.publicKeyRaw }],
  });
  registerReviewRoutes(app);
  // The morning after the activity, its buyer is asked for a review (ADR 051).
  await jobs.schedule(
    reviewRequestsSchedule({
      db: database.db,
      clock,
      log: app.log,
      mail,
      brand: config.brand,
      origin: config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`,
    }),
  );
  registerFindRoutes(app);
  registerPhotoRoutes(app);
  const checkout = await startCheckoutJobs({
    providers: configuredPaymentProviders(config.payments),
    signer,
    db: database.db,
    clock,
    log: app.log,
    jobs,
    mailing: {
      config,
      mail,
      origin: config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`,
    },
    otherPayments: [settleApplicationPayment],
  });
  registerCheckoutRoutes(app, checkout);
  registerWorkWithUsRoutes(app, { providers: checkout.providers });
  const billingContext = {
    db: database.db,
    clock,
    config,
    mail,
    log: app.log,
    origin: config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`,
  };
  const subscriptions = await startPremiumJobs({
    jobs,
    providers: configuredBillingProviders(config.payments, database.db, clock),
    context: billingContext,
    log: app.log,
  });
  registerPremiumRoutes(app, { ...subscriptions, stores: configuredStores(config.stores, clock) });
  const weatherSource = configuredWeatherSource(config, clock);
  registerWeatherRoutes(app, { source: weatherSource.name });
  await startWeatherJobs({
    db: database.db,
    jobs,
    source: weatherSource,
    clock,
    log: app.log,
    cron,
    // Notebook entries saved before their day's weather arrived get it with the refresh that brings it.
    afterRefresh: () => fillNotebookWeather({ db: database.db, clock }),
  });
  const push = pushSender === undefined ? configuredPushSender(config, app.log) : pushSender;
  const alerts = await startAlertJobs({
    db: database.db,
    jobs,
    clock,
    log: app.log,
    mail,
    push,
    brand: config.brand,
    origin: config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`,
  });
  registerAlertRoutes(app, alerts);
  // A day's waiting list (ADR 050): offers, their mails and pushes, and their ends run as jobs.
  await startWaitlistJobs({
    db: database.db,
    jobs,
    clock,
    log: app.log,
    mail,
    push,
    brand: config.brand,
    origin: config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`,
    holdMinutes: config.payments.waitlistHoldMinutes,
  });
  registerWaitlistRoutes(app);
  // Newsletter issues are sent by the queue (ADR 032); the console's endpoints take its answer.
  const newsletterIssues = await startNewsletterJobs({
    db: database.db,
    jobs,
    clock,
    log: app.log,
    mail,
    brand: config.brand,
    origin: config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`,
  });
  registerConsoleNewsletterRoutes(app, newsletterIssues);
  if (config.env !== 'production') {
    registerMailboxRoutes(app, database.db);
    registerPremiumDevRoutes(app, { context: billingContext, deps: subscriptions });
    registerAlertRunRoute(app, { db: database.db, clock, log: app.log, jobs });
  }

  await serveWebApp(app, config.webDistDir, createPageHeadRenderer(config));
  return app;
}
