import { ticketBuy } from '@sentiero/contract/checkout';
import type { Db } from '@sentiero/db/client';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { buyTickets, expireHolds, type PaymentProviders } from './service.ts';

/** A person buys a few times a minute at most; more is a script. */
const BUY_LIMIT = { max: 30, timeWindow: '1 minute' };
const EXPIRE_HOLDS_EVERY_MS = 30_000;

export function registerCheckoutRoutes(
  app: FastifyInstance,
  { providers, db, clock }: { providers: PaymentProviders; db: Db; clock: Clock },
) {
  registerEndpoint(app, ticketBuy, (ctx, input) => buyTickets(ctx, providers, input), {
    rateLimit: BUY_LIMIT,
  });

  // Every process gives back the places of unpaid orders whose hold ran out; SKIP LOCKED keeps
  // several processes from releasing the same order twice.
  const timer = setInterval(() => {
    expireHolds({ db, clock }).catch((error) => app.log.warn({ err: error }, 'hold expiry failed'));
  }, EXPIRE_HOLDS_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
