import type { Database } from '@sentiero/db/client';
import type { FastifyInstance } from 'fastify';
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
  registerPremiumDevRoutes,
  registerPremiumRoutes,
  startPremiumJobs,
} from './modules/premium/index.ts';
import { registerRangerRoutes } from './modules/ranger/index.ts';
import { registerRecommendationRoutes } from './modules/recommendations/index.ts';
import { registerReviewRoutes, reviewRequestsSchedule } from './modules/reviews/index.ts';
import { registerSearchRoutes } from './modules/search/index.ts';
import { registerSeoRoutes } from './modules/seo/index.ts';
import { registerStaffRoutes } from './modules/staff/index.ts';
import { registerSystemRoutes } from './modules/system/index.ts';
import { registerTicketRoutes } from './modules/tickets/index.ts';
import { registerWaitlistRoutes, startWaitlistJobs } from './modules/waitlist/index.ts';
import { configuredWeatherSource, registerWeatherRoutes, startWeatherJobs } from './modules/weather/index.ts';
import {
  listingRefundRecheckSchedule,
  registerWorkWithUsRoutes,
  settleApplicationPayment,
} from './modules/work-with-us/index.ts';
import { configuredBillingProviders, configuredStores } from './platform/billing/registry.ts';
import { loadBundleSigner } from './platform/bundle-signing.ts';
import type { Config } from './platform/config.ts';
import type { Clock } from './platform/context.ts';
import type { Jobs } from './platform/jobs.ts';
import type { Mailer } from './platform/mail.ts';
import { configuredPaymentProviders } from './platform/payments/registry.ts';
import type { PushSender } from './platform/push.ts';
import { loadTicketSigner } from './platform/ticket-signing.ts';

type ModuleDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  jobs: Jobs;
  mail: Mailer;
  /** undefined: Web Push with the configured keys; null: no pushes. */
  pushSender: PushSender | null | undefined;
  cron: boolean;
};

/**
 * Every module's routes, and the jobs that serve them, wired to the app's shared parts: the
 * database, the queue, the mailer, the signing keys and the payment providers.
 */
export async function registerModules(
  app: FastifyInstance,
  { config, database, clock, jobs, mail, pushSender, cron }: ModuleDeps,
): Promise<void> {
  // Where links in mails and pushes sent by jobs point: no request tells them the address.
  const origin = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
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
    mail,
    origin,
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
      origin,
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
      origin,
    },
    otherPayments: [settleApplicationPayment],
  });
  registerCheckoutRoutes(app, checkout);
  registerWorkWithUsRoutes(app, { providers: checkout.providers });
  await jobs.schedule(
    listingRefundRecheckSchedule({ db: database.db, clock, log: app.log }, checkout.providers),
  );
  const billingContext = {
    db: database.db,
    clock,
    config,
    mail,
    log: app.log,
    origin,
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
    origin,
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
    origin,
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
    origin,
  });
  registerConsoleNewsletterRoutes(app, newsletterIssues);
  if (config.env !== 'production') {
    registerMailboxRoutes(app, database.db);
    registerPremiumDevRoutes(app, { context: billingContext, deps: subscriptions });
    registerAlertRunRoute(app, { db: database.db, clock, log: app.log, jobs });
  }
}
