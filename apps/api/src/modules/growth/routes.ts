import { areaListLevel } from '@sentiero/contract/growth';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { listGrowthTable } from './service.ts';

export function registerGrowthRoutes(app: FastifyInstance) {
  registerEndpoint(app, areaListLevel, (ctx, input) =>
    listGrowthTable(ctx, { country: input.country, regionId: input.id_region }),
  );
}
