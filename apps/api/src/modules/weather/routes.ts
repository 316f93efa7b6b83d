import { weatherInfo } from '@sentiero/contract/weather';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import type { WeatherSourceName } from '../../platform/weather/source.ts';
import { getAreaWeather } from './service.ts';

export function registerWeatherRoutes(app: FastifyInstance, { source }: { source: WeatherSourceName }) {
  registerEndpoint(app, weatherInfo, (ctx, input) =>
    getAreaWeather(ctx, { areaId: input.id_area, from: input.from, to: input.to }, source),
  );
}
