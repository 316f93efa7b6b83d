import { guideInfo, guideList } from '@sentiero/contract/guides';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { listGuides, requireGuide } from './service.ts';

export function registerGuideRoutes(app: FastifyInstance) {
  registerEndpoint(app, guideList, async (ctx) => listGuides(ctx));
  registerEndpoint(app, guideInfo, (ctx, input) => requireGuide(ctx, input.slug));
}
