import {
  consoleGrowthAreas,
  consoleGrowthReportCorrect,
  consoleGrowthReportRecord,
  consoleGrowthReports,
} from '@sentiero/contract/console-growth';
import {
  areaLevelReport,
  areaLevelUnlock,
  areaLevelUnlockCheck,
  areaListLevel,
} from '@sentiero/contract/growth';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import {
  correctObservation,
  listObservations,
  listReportableAreas,
  recordObservation,
} from './observations.ts';
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
  registerEndpoint(app, consoleGrowthAreas, (ctx, input) => listReportableAreas(ctx, input));
  registerEndpoint(app, consoleGrowthReports, (ctx, input) => listObservations(ctx, input));
  registerEndpoint(app, consoleGrowthReportRecord, (ctx, input) => recordObservation(ctx, input));
  registerEndpoint(app, consoleGrowthReportCorrect, (ctx, input) => correctObservation(ctx, input));
}
