import { search, searchAdvanced, searchFilters, searchFiltersAdvanced } from '@sentiero/contract/search';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { listSearchFilters, searchTickets } from './service.ts';

export function registerSearchRoutes(app: FastifyInstance) {
  for (const endpoint of [search, searchAdvanced]) {
    registerEndpoint(app, endpoint, (ctx, input) => searchTickets(ctx, input));
  }
  for (const endpoint of [searchFilters, searchFiltersAdvanced]) {
    registerEndpoint(app, endpoint, (ctx) => listSearchFilters(ctx));
  }
}
