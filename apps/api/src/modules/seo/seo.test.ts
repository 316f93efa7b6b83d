import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ PUBLIC_URL: 'https://www.sentiero.it/' });
});
afterAll(() => sut.close());

describe('/sitemap.xml', () => {
  it('lists every public page at the public address, with its five language versions', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of ['/', '/events', '/promotions', '/blog', '/categories/16', '/events/1', '/event/1']) {
      expect(xml).toContain(`<loc>https://www.sentiero.it${path}</loc>`);
    }
    expect(xml).toContain('hreflang="sl" href="https://www.sentiero.it/event/1?lng=sl"');
    expect(xml).toContain('hreflang="x-default" href="https://www.sentiero.it/event/1"');
    expect(xml.match(/<url>/g)?.length).toBeGreaterThanOrEqual(4 + 4 + 24 + 80 + 6);
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
