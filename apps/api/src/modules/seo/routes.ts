import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { buildSitemap } from './service.ts';

export function registerSeoRoutes(app: FastifyInstance, config: Config) {
  // PUBLIC_URL names the site behind a proxy; without it the request's own address is used.
  const originOf = (request: FastifyRequest) =>
    config.publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /user\n\nSitemap: ${originOf(request)}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600');
    return buildSitemap(request.ctx, origin);
  });
}
