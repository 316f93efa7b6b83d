import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { headingId, tableOfContents } from './service.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
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
    const list = await get('/api/app/blog/list?lng=it');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(6);
    const dates = list.body.post_list.map((post: { published_at: string }) => post.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const { body } = await get(`/api/app/blog/info?sku=${list.body.post_list[0].sku}&lng=it`);
    expect(body.post.toc.length).toBeGreaterThanOrEqual(3);
    expect(body.post.body).toContain(`## ${body.post.toc[0].title}`);
  });

  it('answers an unknown sku with a 404 in the request language', async () => {
    const { status, body } = await get('/api/app/blog/info?sku=no-such-post&lng=en');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
