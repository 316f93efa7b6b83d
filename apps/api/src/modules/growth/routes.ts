import {
  areaLevelReport,
  areaLevelUnlock,
  areaLevelUnlockCheck,
  areaListLevel,
} from '@sentiero/contract/growth';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { checkUnlock, listGrowthTable, reportGrowth, unlockArea } from './service.ts';

export function registerGrowthRoutes(app: FastifyInstance) {
  registerEndpoint(app, areaListLevel, (ctx, input) =>
    listGrowthTable(ctx, { country: input.country, regionId: input.id_region }),
  );
  registerEndpoint(app, areaLevelUnlockCheck, (ctx, input) => checkUnlock(ctx, input.id_area));
  registerEndpoint(app, areaLevelUnlock, (ctx, input) => unlockArea(ctx, input.id_area), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
  registerEndpoint(app, areaLevelReport, (ctx, input) => reportGrowth(ctx, input.id_area, input.level), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
}
