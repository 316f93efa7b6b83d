import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

const categoryNames = (body: { category_list: { name: string }[] }) => body.category_list.map((c) => c.name);

describe('app/category/list', () => {
  it('lists the four categories with the ids of SPEC, in Italian by default', async () => {
    const response = await sut.app.inject({ method: 'POST', url: '/api/app/category/list' });
    expect(response.statusCode).toBe(200);
    expect(response.json().category_list).toEqual([
      { id: 16, slug: 'adventure', name: 'Avventura' },
      { id: 17, slug: 'for-couples', name: 'Per coppie' },
      { id: 18, slug: 'living-nature', name: 'Natura viva' },
      { id: 19, slug: 'courses-and-lessons', name: 'Corsi e lezioni' },
    ]);
  });

  it('answers in the language asked by lng, cookie or Accept-Language, in that order', async () => {
    const byParam = await sut.app.inject({
      method: 'GET',
      url: '/api/app/category/list?lng=de',
      headers: { 'accept-language': 'es' },
    });
    expect(categoryNames(byParam.json())[0]).toBe('Abenteuer');

    const byCookie = await sut.app.inject({
      method: 'GET',
      url: '/api/app/category/list',
      headers: { cookie: 'i18next=en', 'accept-language': 'es' },
    });
    expect(categoryNames(byCookie.json())[0]).toBe('Adventure');

    const byHeader = await sut.app.inject({
      method: 'GET',
      url: '/api/app/category/list',
      headers: { 'accept-language': 'fr-FR, es;q=0.8, de;q=0.5' },
    });
    expect(categoryNames(byHeader.json())[0]).toBe('Aventura');
  });

  it('accepts si as Slovenian', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/category/list',
      payload: { lng: 'si' },
    });
    expect(categoryNames(response.json())).toContain('Živa narava');
  });

  it('lets browsers cache the public list and revalidate it with an ETag', async () => {
    const first = await sut.app.inject({ method: 'GET', url: '/api/app/category/list?lng=en' });
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const second = await sut.app.inject({
      method: 'GET',
      url: '/api/app/category/list?lng=en',
      headers: { 'if-none-match': String(etag) },
    });
    expect(second.statusCode).toBe(304);
  });
});

describe('app/region/list', () => {
  it('lists all 20 Italian regions and the four countries to choose from', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/app/region/list?country=IT&lng=it' });
    const body = response.json();
    expect(response.statusCode).toBe(200);
    expect(body.region_list).toHaveLength(20);
    expect(body.region_list.map((r: { name: string }) => r.name)).toContain('Toscana');
    expect(body.country_list.map((c: { code: string }) => c.code)).toEqual(['IT', 'CH', 'ES', 'SI']);
    expect(body.country_list[2].name).toBe('Spagna');
  });

  it('names regions in the request language and sorts them as that language does', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/app/region/list?country=it&lng=en' });
    const names: string[] = response.json().region_list.map((r: { name: string }) => r.name);
    expect(names).toContain('Tuscany');
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('lists the regions of every country when none is chosen', async () => {
    const response = await sut.app.inject({ method: 'POST', url: '/api/app/region/list' });
    const countries = new Set(response.json().region_list.map((r: { country: string }) => r.country));
    expect(countries).toEqual(new Set(['IT', 'CH', 'ES', 'SI']));
  });

  it('reads the same fields from JSON, urlencoded and multipart bodies', async () => {
    const json = await sut.app.inject({
      method: 'POST',
      url: '/api/app/region/list',
      payload: { country: 'SI', lng: 'sl' },
    });
    const urlencoded = await sut.app.inject({
      method: 'POST',
      url: '/api/app/region/list',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'country=SI&lng=sl',
    });
    const boundary = 'sentieroboundary';
    const multipart = await sut.app.inject({
      method: 'POST',
      url: '/api/app/region/list',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="country"',
        '',
        'SI',
        `--${boundary}`,
        'Content-Disposition: form-data; name="lng"',
        '',
        'sl',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    for (const response of [json, urlencoded, multipart]) expect(response.statusCode).toBe(200);
    expect(urlencoded.json()).toEqual(json.json());
    expect(multipart.json()).toEqual(json.json());
    expect(json.json().region_list.map((r: { name: string }) => r.name)).toContain('Goriška');
  });

  it('refuses an unknown country with a 400 naming the field, in the request language', async () => {
    const english = await sut.app.inject({ method: 'GET', url: '/api/app/region/list?country=FR&lng=en' });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some of the information sent is not valid, please check it and try again',
      fields: { country: 'This value is not valid' },
    });

    const italian = await sut.app.inject({ method: 'GET', url: '/api/app/region/list?country=FR&lng=it' });
    expect(italian.statusCode).toBe(400);
    expect(italian.json().message).not.toBe(english.json().message);
    expect(italian.json().fields.country).toBeTruthy();
  });
});
