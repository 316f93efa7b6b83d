import { LANGUAGES } from '@sentiero/contract/languages';
import type { ServiceContext } from '../../platform/context.ts';
import { listGuideSlugs } from '../guides/index.ts';
import { findPublicPages } from './repo.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * sitemap.xml: each public page once, with its five language versions as hreflang alternates
 * (`?lng=` selects the language, SPEC section 1) and the plain address as x-default.
 */
export async function buildSitemap(ctx: ServiceContext, origin: string): Promise<string> {
  const { categoryRows, areaRows, ticketRows, postRows } = await findPublicPages(ctx.db);
  const pages: { path: string; lastmod?: string }[] = [
    { path: '/' },
    { path: '/events' },
    { path: '/promotions' },
    { path: '/growth' },
    { path: '/blog' },
    { path: '/guides' },
    ...listGuideSlugs().map((slug) => ({ path: `/guides/${slug}` })),
    ...categoryRows.map((row) => ({ path: `/categories/${row.id}` })),
    ...areaRows.map((row) => ({ path: `/events/${row.id}` })),
    ...ticketRows.map((row) => ({ path: `/event/${row.id}` })),
    ...postRows.map((row) => ({ path: `/blog/${encodeURIComponent(row.sku)}`, lastmod: row.publishedAt })),
  ];
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
