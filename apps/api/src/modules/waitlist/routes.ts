import {
  consoleWaitlist,
  ticketWaitlistDecline,
  ticketWaitlistJoin,
  ticketWaitlistLeave,
  ticketWaitlistMine,
  ticketWaitlistOffer,
} from '@sentiero/contract/waitlist';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import {
  declineMyOffer,
  getDayWaitlist,
  getMyOffer,
  joinWaitlist,
  leaveWaitlist,
  listMyWaitlists,
} from './service.ts';

/** A member joins or leaves a few lists a minute at most; more is a script. */
const WAITLIST_LIMIT = { max: 30, timeWindow: '1 minute' };

export function registerWaitlistRoutes(app: FastifyInstance) {
  registerEndpoint(app, ticketWaitlistJoin, (ctx, input) => joinWaitlist(ctx, input), {
    rateLimit: WAITLIST_LIMIT,
  });
  registerEndpoint(app, ticketWaitlistLeave, (ctx, input) => leaveWaitlist(ctx, input.id), {
    rateLimit: WAITLIST_LIMIT,
  });
  registerEndpoint(app, ticketWaitlistMine, (ctx) => listMyWaitlists(ctx));
  registerEndpoint(app, ticketWaitlistOffer, (ctx, input) => getMyOffer(ctx, input.token));
  registerEndpoint(app, ticketWaitlistDecline, (ctx, input) => declineMyOffer(ctx, input.token), {
    rateLimit: WAITLIST_LIMIT,
  });
  registerEndpoint(app, consoleWaitlist, (ctx, input) => getDayWaitlist(ctx, input));
}
