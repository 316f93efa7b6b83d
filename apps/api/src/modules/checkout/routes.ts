import {
  couponInfo,
  ticketBuy,
  ticketBuyCancel,
  ticketBuyComplete,
  ticketKeys,
} from '@sentiero/contract/checkout';
import type { Db } from '@sentiero/db/client';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { PaymentWebhookError } from '../../platform/payments/provider.ts';
import type { TicketSigner } from '../../platform/ticket-signing.ts';
import { type MailingContext, mailTickets } from './issue.ts';
import { refreshPopularity } from './popularity.ts';
import { recoverStrandedOrders } from './recover.ts';
import { findOrderById } from './repo.ts';
import { buyTickets, type CheckoutDeps, checkCoupon, expireHolds, type PaymentProviders } from './service.ts';
import { cancelPayment, completePayment, settlePayment } from './settle.ts';

/** A person buys a few times a minute at most; more is a script. */
const BUY_LIMIT = { max: 30, timeWindow: '1 minute' };
const COUPON_LIMIT = { max: 10, timeWindow: '1 minute' };
const HOUSEKEEPING_EVERY_MS = 30_000;
const POPULARITY_EVERY_MS = 5 * 60_000;
const TICKET_MAIL_QUEUE = 'tickets-mail';

export type CheckoutOptions = {
  providers: PaymentProviders;
  signer: TicketSigner;
  db: Db;
  clock: Clock;
  jobs: Jobs;
  /** What the background jobs mail with, outside any request. */
  mailing: Omit<MailingContext, 'db'>;
};

export async function registerCheckoutRoutes(app: FastifyInstance, options: CheckoutOptions) {
  const { providers, signer, db, clock, jobs, mailing } = options;
  await jobs.work<{ orderId: number }>(TICKET_MAIL_QUEUE, async ({ orderId }) => {
    const order = await findOrderById(db, orderId);
    if (order) await mailTickets({ db, ...mailing }, order);
  });
  const deps: CheckoutDeps = {
    providers,
    signer,
    queueTicketMail: (orderId) => jobs.send(TICKET_MAIL_QUEUE, { orderId }),
  };

  registerEndpoint(app, ticketBuy, (ctx, input) => buyTickets(ctx, deps, input), { rateLimit: BUY_LIMIT });
  registerEndpoint(app, ticketBuyComplete, (ctx, input) => completePayment(ctx, deps, input.code), {
    rateLimit: BUY_LIMIT,
  });
  registerEndpoint(app, ticketBuyCancel, (ctx, input) => cancelPayment(ctx, input.code), {
    rateLimit: BUY_LIMIT,
  });
  // Codes are short: without a limit they could be guessed.
  registerEndpoint(app, couponInfo, (ctx, input) => checkCoupon(ctx, input), { rateLimit: COUPON_LIMIT });
  registerEndpoint(app, ticketKeys, async () => ({ keys: [signer.publicKeyJwk] }));
  registerPaymentWebhooks(app, deps);

  // Every process gives back the places of unpaid orders whose hold ran out (SKIP LOCKED keeps
  // two from releasing one order twice) and finishes the orders a crash left half way.
  const timer = setInterval(() => {
    expireHolds({ db, clock }).catch((error) => app.log.warn({ err: error }, 'hold expiry failed'));
    recoverStrandedOrders({ db, clock, log: app.log }, deps).catch((error) =>
      app.log.warn({ err: error }, 'order recovery failed'),
    );
  }, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  // "Hottest" follows what sells: popularity is brought up to date every few minutes.
  const popularity = setInterval(() => {
    refreshPopularity(db, clock.now()).catch((error) =>
      app.log.warn({ err: error }, 'popularity refresh failed'),
    );
  }, POPULARITY_EVERY_MS);
  popularity.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(popularity);
  });
}

/**
 * Stripe and PayPal sign the exact bytes they send, so these routes keep the raw body; a
 * signature that does not verify answers 400 and changes nothing.
 */
function registerPaymentWebhooks(app: FastifyInstance, deps: CheckoutDeps) {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    for (const method of ['card', 'paypal'] as const) {
      const path = method === 'card' ? 'stripe' : 'paypal';
      scope.post(`/api/payments/${path}/webhook`, { schema: { hide: true } }, async (request, reply) => {
        const provider = deps.providers[method];
        if (!provider?.parseWebhook) return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
        try {
          const event = await provider.parseWebhook(request.body as Buffer, request.headers);
          if (event) await settlePayment(request.ctx, deps, event);
          return { received: true };
        } catch (error) {
          if (error instanceof PaymentWebhookError) {
            request.log.warn({ err: error }, `refused a ${path} webhook`);
            return reply.code(400).send({ message: 'Invalid signature', code: 'VALIDATION_FAILED' });
          }
          throw error;
        }
      });
    }
  });
}
