import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchPage, PAGE_NAMES, PAGES } from '@sentiero/contract/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createBlogPost } from '../../test/catalogue-factories.ts';
import { createArea, createTicket, inEveryLanguage } from '../../test/factories.ts';
import { listGuideSlugs } from '../guides/index.ts';

let sut: TestApp;
/** The public pages with a record of their own: no demo catalogue, so these are all there are. */
let world: { valTaro: number; permit: number; graveglia: number; withdrawn: number; post: string };
// The app shell as Vite builds it: the server puts each page's own tags into it.
const dist = mkdtempSync(join(tmpdir(), 'sentiero-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html>\n<html lang="it">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="Default" />\n    <title>Sentiero</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
beforeAll(async () => {
  sut = await createTestApp(
    { PUBLIC_URL: 'https://www.sentiero.it/', WEB_DIST_DIR: dist },
    { seed: 'reference' },
  );
  const { db } = sut.database;
  const valTaro = await createArea(db, { name: inEveryLanguage('Val Taro') });
  const permit = await createTicket(db, {
    areaId: valTaro.id,
    title: inEveryLanguage('Porcini day permit'),
    priceCents: 1500,
    discountedPriceCents: 1250,
  });
  const graveglia = await createArea(db, { latitude: 44.49, longitude: 9.77 });
  const withdrawn = await createTicket(db, { areaId: graveglia.id, status: 'unpublished' });
  const post = await createBlogPost(db, { publishedAt: '2026-09-20' });
  world = {
    valTaro: valTaro.id,
    permit: permit.id,
    graveglia: graveglia.id,
    withdrawn: withdrawn.id,
    post: post.sku,
  };
});
afterAll(async () => {
  await sut.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string) {
  const response = await sut.app.inject({ method: 'GET', url });
  return { status: response.statusCode, html: response.body, type: response.headers['content-type'] };
}

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1] ?? 'null') : undefined;
}

describe('pages as search engines and link previews see them', () => {
  it('gives an event page its title, description, canonical, hreflang, Open Graph and Product data', async () => {
    const id = world.permit;
    const { status, html, type } = await page(`/event/${id}?lng=en`);
    expect(status).toBe(200);
    expect(type).toBe('text/html; charset=utf-8');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Porcini day permit – Val Taro · Sentiero</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('content="Default"');
    expect(html).toContain(`<link rel="canonical" href="https://www.sentiero.it/event/${id}?lng=en" />`);
    expect(html).toContain(
      `<link rel="alternate" hreflang="de" href="https://www.sentiero.it/event/${id}?lng=de" />`,
    );
    expect(html).toContain('<meta property="og:locale" content="en_GB" />');
    const data = jsonLd(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Porcini day permit',
    });
    expect(data.offers).toMatchObject({ '@type': 'Offer', price: '12.50', priceCurrency: 'EUR' });
  });

  it('describes areas, blog posts and the home page in the request language', async () => {
    const area = await page(`/events/${world.graveglia}?lng=it`);
    expect(jsonLd(area.html)).toMatchObject({
      '@type': 'Place',
      geo: { '@type': 'GeoCoordinates', latitude: 44.49, longitude: 9.77 },
    });
    const post = await page(`/blog/${world.post}?lng=de`);
    expect(jsonLd(post.html)).toMatchObject({ '@type': 'BlogPosting', inLanguage: 'de' });
    const guide = await page('/guides/porcini?lng=de');
    expect(guide.html).toContain('<title>Steinpilze sicher erkennen · Sentiero</title>');
    expect(jsonLd(guide.html)).toMatchObject({ '@type': 'Article', inLanguage: 'de' });
    const home = await page('/?lng=en');
    expect(home.html).toContain('<title>Outdoor permits and activities · Sentiero</title>');
  });

  it('sends the plain shell for an event that does not exist, and lets the app say so', async () => {
    const { status, html } = await page('/event/999999?lng=en');
    expect(status).toBe(200);
    expect(html).toContain('<title>Sentiero</title>');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe('/sitemap.xml', () => {
  it('lists every public page at the public address, with its five language versions', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const paths = ['/', '/events', '/promotions', '/blog', '/guides', '/guides/porcini'];
    for (const path of paths) {
      expect(xml).toContain(`<loc>https://www.sentiero.it${path}</loc>`);
    }
    const { valTaro, permit, graveglia, post } = world;
    expect(xml).toContain(`hreflang="sl" href="https://www.sentiero.it/event/${permit}?lng=sl"`);
    expect(xml).toContain(`hreflang="x-default" href="https://www.sentiero.it/event/${permit}"`);
    const locs = [...xml.matchAll(/<loc>https:\/\/www\.sentiero\.it([^<]*)<\/loc>/g)].map(
      (found) => found[1],
    );
    const under = (prefix: RegExp) => locs.filter((loc) => prefix.test(loc ?? ''));
    // One page for each record: SPEC's four categories, both areas, the published ticket only
    // (not the withdrawn one), the post with its date, every guide.
    expect(under(/^\/categories\//)).toEqual([
      '/categories/16',
      '/categories/17',
      '/categories/18',
      '/categories/19',
    ]);
    expect(under(/^\/events\//)).toEqual([`/events/${valTaro}`, `/events/${graveglia}`]);
    expect(under(/^\/event\//)).toEqual([`/event/${permit}`]);
    expect(under(/^\/blog\//)).toEqual([`/blog/${post}`]);
    expect(xml).toContain(`<loc>https://www.sentiero.it/blog/${post}</loc><lastmod>2026-09-20</lastmod>`);
    expect(under(/^\/guides\//)).toEqual(listGuideSlugs().map((slug) => `/guides/${slug}`));
    // And once each page without a record.
    const once = PAGE_NAMES.filter((name) => PAGES[name].sitemap && !PAGES[name].pattern.includes(':'));
    expect(locs).toHaveLength(once.length + 4 + 2 + 1 + 1 + listGuideSlugs().length);
  });

  it('lists only pages the table of pages puts in the sitemap, and each of them', async () => {
    const xml = (await sut.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((found) => found[1] ?? '');
    const listed = new Set<string>();
    for (const loc of locs) {
      expect(loc.startsWith('https://www.sentiero.it/'), loc).toBe(true);
      const match = matchPage(loc.slice('https://www.sentiero.it'.length).replace(/&amp;/g, '&'));
      expect(match && PAGES[match.name].sitemap, loc).toBe(true);
      if (match) listed.add(match.name);
    }
    expect([...listed].sort()).toEqual(PAGE_NAMES.filter((name) => PAGES[name].sitemap).sort());
  });
});

describe('/robots.txt', () => {
  it('keeps robots out of the API and member pages and points them to the sitemap', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: https://www.sentiero.it/sitemap.xml');
  });
});
