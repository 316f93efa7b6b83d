import { ticketBuy, ticketKeys } from '@sentiero/contract/checkout';
import type { Db } from '@sentiero/db/client';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import type { TicketSigner } from '../../platform/ticket-signing.ts';
import { findPaidOrdersWithoutTickets, issueTickets } from './issue.ts';
import { buyTickets, expireHolds, type PaymentProviders } from './service.ts';

/** A person buys a few times a minute at most; more is a script. */
const BUY_LIMIT = { max: 30, timeWindow: '1 minute' };
const HOUSEKEEPING_EVERY_MS = 30_000;

export type CheckoutOptions = { providers: PaymentProviders; signer: TicketSigner; db: Db; clock: Clock };

export function registerCheckoutRoutes(
  app: FastifyInstance,
  { providers, signer, db, clock }: CheckoutOptions,
) {
  registerEndpoint(app, ticketBuy, (ctx, input) => buyTickets(ctx, { providers, signer }, input), {
    rateLimit: BUY_LIMIT,
  });
  registerEndpoint(app, ticketKeys, async () => ({ keys: [signer.publicKeyJwk] }));

  // Every process gives back the places of unpaid orders whose hold ran out (SKIP LOCKED keeps
  // two from releasing one order twice) and issues the tickets a crash left unissued.
  const timer = setInterval(() => {
    expireHolds({ db, clock }).catch((error) => app.log.warn({ err: error }, 'hold expiry failed'));
    recoverPaidOrders(db, clock, signer).catch((error) =>
      app.log.warn({ err: error }, 'ticket recovery failed'),
    );
  }, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export async function recoverPaidOrders(db: Db, clock: Clock, signer: TicketSigner): Promise<number> {
  const orders = await findPaidOrdersWithoutTickets(db);
  for (const order of orders) await issueTickets({ db, clock, lang: order.language }, signer, order);
  return orders.length;
}
