import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createBlogPost } from '../../test/catalogue-factories.ts';
import { inEveryLanguage } from '../../test/factories.ts';
import { headingId, tableOfContents } from './service.ts';

let sut: TestApp;
// No demo catalogue: the posts are the ones the tests write.
beforeAll(async () => {
  sut = await createTestApp({}, { seed: 'reference' });
});
afterAll(() => sut.close());

async function get(url: string) {
  const response = await sut.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

describe('table of contents', () => {
  it('takes the second-level headings of a post, with anchors a browser accepts', () => {
    expect(tableOfContents('Intro\n\n## Quando andare\n\nTesto\n\n## Regole e etichetta\n')).toEqual([
      { id: 'quando-andare', title: 'Quando andare' },
      { id: 'regole-e-etichetta', title: 'Regole e etichetta' },
    ]);
    expect(headingId('Čas za gobe: září!')).toBe('cas-za-gobe-zari');
  });
});

describe('app/blog/list and app/blog/info', () => {
  it('lists posts newest first and opens one by sku, with its table of contents', async () => {
    const { db } = sut.database;
    const august = await createBlogPost(db, { publishedAt: '2026-08-27' });
    const october = await createBlogPost(db, {
      publishedAt: '2026-10-02',
      title: { ...inEveryLanguage('Chanterelles after the rain'), it: 'Finferli dopo la pioggia' },
      body: {
        ...inEveryLanguage('## Where\n\nBeeches.'),
        it: 'Dopo la pioggia.\n\n## Dove cercarli\n\nFaggete.\n\n## Quando andare\n\nSettembre.\n\n## Regole\n\nUn cesto.\n',
      },
    });
    const june = await createBlogPost(db, { publishedAt: '2026-06-15' });
    const list = await get('/api/app/blog/list?lng=it');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(
      list.body.post_list.map((post: { sku: string; published_at: string }) => [post.sku, post.published_at]),
    ).toEqual([
      [october.sku, '2026-10-02'],
      [august.sku, '2026-08-27'],
      [june.sku, '2026-06-15'],
    ]);
    const { body } = await get(`/api/app/blog/info?sku=${october.sku}&lng=it`);
    expect(body.post).toMatchObject({ sku: october.sku, title: 'Finferli dopo la pioggia' });
    expect(body.post.toc).toEqual([
      { id: 'dove-cercarli', title: 'Dove cercarli' },
      { id: 'quando-andare', title: 'Quando andare' },
      { id: 'regole', title: 'Regole' },
    ]);
  });

  it('answers an unknown sku with a 404 in the request language', async () => {
    const { status, body } = await get('/api/app/blog/info?sku=no-such-post&lng=en');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
