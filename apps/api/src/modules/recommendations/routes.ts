import { ticketListForYou } from '@sentiero/contract/tickets';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { listTicketsForMember } from './service.ts';

export function registerRecommendationRoutes(app: FastifyInstance) {
  registerEndpoint(app, ticketListForYou, (ctx) => listTicketsForMember(ctx));
}
