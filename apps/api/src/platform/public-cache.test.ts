import { categories } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ PUBLIC_CACHE_SECONDS: '1' });
});
afterAll(() => sut.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  sut.app.inject({ method: 'GET', url, headers });

/** Renames a category in the database only: an answer that still shows the old name came from the cache. */
const rename = (id: number, name: string) =>
  sut.database.db
    .update(categories)
    .set({ name: sql`jsonb_set(${categories.name}, '{en}', to_jsonb(${name}::text))` })
    .where(eq(categories.id, id));

const categoryName = (body: string, id: number) =>
  (JSON.parse(body) as { category_list: { id: number; name: string }[] }).category_list.find(
    (category) => category.id === id,
  )?.name;

describe('public reads answered from memory', () => {
  it('answers the same URL with the same body and entity tag for a second, then reads again', async () => {
    await rename(16, 'Adventure');
    const first = await get('/api/app/category/list?lng=en');
    expect(first.statusCode).toBe(200);
    expect(categoryName(first.body, 16)).toBe('Adventure');

    await rename(16, 'Adventures, renamed');
    const cached = await get('/api/app/category/list?lng=en');
    expect(cached.body).toBe(first.body);
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cached.headers['content-security-policy']).toBeDefined();

    await new Promise((done) => setTimeout(done, 1100));
    const fresh = await get('/api/app/category/list?lng=en');
    expect(categoryName(fresh.body, 16)).toBe('Adventures, renamed');
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers a revalidation of a cached answer with 304', async () => {
    const first = await get('/api/app/region/list?lng=de');
    const again = await get('/api/app/region/list?lng=de', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps each language’s answer apart, whichever way the language was asked for', async () => {
    const italian = await get('/api/app/category/list', { 'accept-language': 'it' });
    const german = await get('/api/app/category/list', { 'accept-language': 'de' });
    expect(german.body).not.toBe(italian.body);
    expect((await get('/api/app/category/list', { cookie: 'i18next=de' })).body).toBe(german.body);
    expect((await get('/api/app/category/list', { 'accept-language': 'it' })).body).toBe(italian.body);
  });

  it('never keeps a refusal', async () => {
    const refused = await get('/api/app/v2/area/list?country=XX&lng=en');
    expect(refused.statusCode).toBe(400);
    expect((await get('/api/app/v2/area/list?country=XX&lng=en')).statusCode).toBe(400);
    expect((await get('/api/app/v2/area/list?country=IT&lng=en')).statusCode).toBe(200);
  });
});

describe('a burst of visitors on a read that is not kept', () => {
  it('reads the database once and gives every visitor that answer', async () => {
    const url = '/api/app/v2/search?q=kayak&lng=it&page=1';
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(url)));
    const timings = answers.map((answer) => String(answer.headers['server-timing']).split(',')[0] ?? '');
    expect(timings.filter((timing) => timing.startsWith('db;dur=')).length).toBe(1);
    expect(timings.filter((timing) => timing === 'cache;desc="shared"').length).toBe(9);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]?.body);
      expect(answer.headers.etag).toBe(answers[0]?.headers.etag);
    }
  });

  it('gives every visitor the one refusal, and reads again at the next request', async () => {
    const url = '/api/app/ticket/info?id=999999&lng=en';
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const timings = answers.map((answer) => String(answer.headers['server-timing']));
    expect(timings.filter((timing) => timing.startsWith('cache;desc="shared"')).length).toBe(4);
    const again = await get(url);
    expect(again.statusCode).toBe(404);
    expect(String(again.headers['server-timing'])).not.toContain('shared');
  });
});

describe('Server-Timing on public reads', () => {
  it('reports the database time of an answer read from the database, and a hit as such', async () => {
    const read = await get('/api/app/v2/search?q=rafting&lng=en&page=2');
    const timing = /^db;dur=(\d+\.\d{2}), total;dur=(\d+\.\d{2})$/.exec(
      String(read.headers['server-timing']),
    );
    expect(Number(timing?.[1])).toBeGreaterThan(0);
    // The whole answer took at least as long as its queries.
    expect(Number(timing?.[2])).toBeGreaterThanOrEqual(Number(timing?.[1]));
    const hit = await get('/api/app/v2/search?q=rafting&lng=en&page=2');
    expect(hit.headers['server-timing']).toMatch(/^cache;desc="hit", total;dur=\d+\.\d{2}$/);
  });

  it('times nothing about a member', async () => {
    const member = await createMember(sut);
    const account = await member.get('/api/app/user/info?lng=en');
    expect(account.statusCode).toBe(200);
    expect(account.headers['server-timing']).toBeUndefined();
  });
});
