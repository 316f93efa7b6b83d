import { PAGES } from '@sentiero/contract/pages';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { renderHead } from '../../platform/page-head.ts';
import type { PageHeadRenderer } from '../../platform/web.ts';
import { describePage } from './pages.ts';
import { buildSitemap } from './service.ts';

/** The title, description, links and JSON-LD of a page of the app, for link previews and search engines. */
export function createPageHeadRenderer(config: Config): PageHeadRenderer {
  return async (request, path, heading) => {
    try {
      // A page the server rendered without a description of its own is named by its heading.
      const head =
        (await describePage(request.ctx, path, config.brand)) ??
        (heading && {
          title: `${heading} · ${config.brand}`,
          description: translate(request.lang, 'common', 'home.lead'),
        });
      return (
        head &&
        renderHead(head, {
          origin: request.ctx.origin,
          path,
          language: request.lang,
          siteName: config.brand,
        })
      );
    } catch (error) {
      // An unknown event or area: the app shows its own not-found screen.
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    }
  };
}

export function registerSeoRoutes(app: FastifyInstance) {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    // Members' pages are behind the login: nothing there for a crawler.
    return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: ${PAGES.account.path()}\n\nSitemap: ${request.ctx.origin}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = request.ctx.origin;
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600');
    return buildSitemap(request.ctx, origin);
  });
}
