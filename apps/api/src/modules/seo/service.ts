import { LANGUAGES } from '@sentiero/contract/languages';
import { PAGE_NAMES, PAGES, type PageWithParamsName, type SitemapPageName } from '@sentiero/contract/pages';
import type { ServiceContext } from '../../platform/context.ts';
import { listGuideSlugs } from '../guides/index.ts';
import { findPublicPages } from './repo.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Listed = { path: string; lastmod?: string };

/**
 * sitemap.xml: each page the table of pages lists (contract/pages.ts) — once, or once per record
 * for a page with parameters — with its five language versions as hreflang alternates (`?lng=`
 * selects the language, SPEC section 1) and the plain address as x-default.
 */
export async function buildSitemap(ctx: ServiceContext, origin: string): Promise<string> {
  const { categoryRows, areaRows, ticketRows, postRows } = await findPublicPages(ctx.db);
  // Every listed page with parameters has its records here, or the build fails.
  const records: { [Name in SitemapPageName & PageWithParamsName]: Listed[] } = {
    area: areaRows.map((row) => ({ path: PAGES.area.path({ eventsId: row.id }) })),
    category: categoryRows.map((row) => ({ path: PAGES.category.path({ categoryId: row.id }) })),
    event: ticketRows.map((row) => ({ path: PAGES.event.path({ eventId: row.id }) })),
    blogPost: postRows.map((row) => ({
      path: PAGES.blogPost.path({ blogId: row.sku }),
      lastmod: row.publishedAt,
    })),
    guide: listGuideSlugs().map((slug) => ({ path: PAGES.guide.path({ slug }) })),
  };
  const pages = PAGE_NAMES.flatMap((name): Listed[] => {
    if (!PAGES[name].sitemap) return [];
    return name in records
      ? records[name as keyof typeof records]
      : [{ path: PAGES[name as Exclude<SitemapPageName, PageWithParamsName>].path() }];
  });
  const entries = pages.map(({ path, lastmod }) => {
    const url = `${origin}${path}`;
    const alternates = [
      ...LANGUAGES.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(`${url}?lng=${language}`)}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(url)}"/>`,
    ];
    return `<url><loc>${escapeXml(url)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}
