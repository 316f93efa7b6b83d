import { areaActivationRequest, areaInfoV2, areaListV2, cityList, getCity } from '@sentiero/contract/areas';
import type { FastifyInstance } from 'fastify';
import { registerRulesDownload } from '../../platform/downloads.ts';
import { registerEndpoint } from '../../platform/http.ts';
import {
  listAreas,
  listCities,
  requestAreaActivation,
  requireAreaInfo,
  requireAreaRules,
  requireCity,
} from './service.ts';

export function registerAreaRoutes(app: FastifyInstance) {
  registerEndpoint(app, areaListV2, (ctx, input) =>
    listAreas(
      ctx,
      {
        country: input.country,
        regionId: input.id_region,
        categoryId: input.id_category,
        activity: input.activity,
      },
      input.page,
    ),
  );
  registerEndpoint(app, areaInfoV2, async (ctx, input) => ({ area: await requireAreaInfo(ctx, input.id) }));
  registerEndpoint(app, cityList, (ctx, input) =>
    listCities(ctx, { regionId: input.id_region, name: input.q }),
  );
  registerEndpoint(app, getCity, (ctx, input) => requireCity(ctx, input.id));
  registerRulesDownload(
    app,
    '/api/app/area/rules',
    (ctx, id) => requireAreaRules(ctx, id),
    "An area's rules as a text file, in the language asked for.",
  );
  registerEndpoint(
    app,
    areaActivationRequest,
    (ctx, input) => requestAreaActivation(ctx, input.id, input.email),
    {
      rateLimit: { max: 10, timeWindow: '1 minute' },
    },
  );
}
