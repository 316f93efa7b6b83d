import { couponInfo, ticketBuy, ticketBuyComplete, ticketKeys } from '@sentiero/contract/checkout';
import type { Db } from '@sentiero/db/client';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { PaymentWebhookError } from '../../platform/payments/provider.ts';
import type { TicketSigner } from '../../platform/ticket-signing.ts';
import { findPaidOrdersWithoutTickets, issueTickets, type MailingContext, mailTickets } from './issue.ts';
import { buyTickets, checkCoupon, expireHolds, type PaymentProviders } from './service.ts';
import { completePayment, settlePayment } from './settle.ts';

/** A person buys a few times a minute at most; more is a script. */
const BUY_LIMIT = { max: 30, timeWindow: '1 minute' };
const COUPON_LIMIT = { max: 10, timeWindow: '1 minute' };
const HOUSEKEEPING_EVERY_MS = 30_000;

export type CheckoutOptions = {
  providers: PaymentProviders;
  signer: TicketSigner;
  db: Db;
  clock: Clock;
  /** What the background jobs mail with, outside any request. */
  mailing: Omit<MailingContext, 'db'>;
};

export function registerCheckoutRoutes(
  app: FastifyInstance,
  { providers, signer, db, clock, mailing }: CheckoutOptions,
) {
  const deps = { providers, signer };
  registerEndpoint(app, ticketBuy, (ctx, input) => buyTickets(ctx, deps, input), { rateLimit: BUY_LIMIT });
  registerEndpoint(app, ticketBuyComplete, (ctx, input) => completePayment(ctx, deps, input.code), {
    rateLimit: BUY_LIMIT,
  });
  // Codes are short: without a limit they could be guessed.
  registerEndpoint(app, couponInfo, (ctx, input) => checkCoupon(ctx, input), { rateLimit: COUPON_LIMIT });
  registerEndpoint(app, ticketKeys, async () => ({ keys: [signer.publicKeyJwk] }));
  registerPaymentWebhooks(app, deps);

  // Every process gives back the places of unpaid orders whose hold ran out (SKIP LOCKED keeps
  // two from releasing one order twice) and issues the tickets a crash left unissued.
  const timer = setInterval(() => {
    expireHolds({ db, clock }).catch((error) => app.log.warn({ err: error }, 'hold expiry failed'));
    recoverPaidOrders({ db, clock, ...mailing }, signer).catch((error) =>
      app.log.warn({ err: error }, 'ticket recovery failed'),
    );
  }, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Stripe and PayPal sign the exact bytes they send, so these routes keep the raw body; a
 * signature that does not verify answers 400 and changes nothing.
 */
function registerPaymentWebhooks(
  app: FastifyInstance,
  deps: { providers: PaymentProviders; signer: TicketSigner },
) {
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

export async function recoverPaidOrders(
  ctx: MailingContext & { clock: Clock },
  signer: TicketSigner,
): Promise<number> {
  const orders = await findPaidOrdersWithoutTickets(ctx.db);
  for (const order of orders) {
    await issueTickets({ ...ctx, lang: order.language }, signer, order);
    await mailTickets(ctx, { ...order, status: 'issued' });
  }
  return orders.length;
}
