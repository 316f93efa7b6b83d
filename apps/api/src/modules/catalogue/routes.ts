import { categoryList, regionList } from '@sentiero/contract/catalogue';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { listCategories, listRegions } from './service.ts';

export function registerCatalogueRoutes(app: FastifyInstance) {
  registerEndpoint(app, categoryList, async (ctx) => ({ category_list: await listCategories(ctx) }));
  registerEndpoint(app, regionList, (ctx, input) => listRegions(ctx, input.country));
}
