import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ COMPANY_NAME: 'Boschi e Fiumi S.r.l.', COMPANY_TAX_NUMBER: 'IT01234567890' });
});
afterAll(() => sut.close());

describe('/api/health', () => {
  it('reports the database it reached', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { driver: process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite', ok: true },
    });
  });
});

describe('errors', () => {
  it('answers an unknown API path with a 404 in the request language', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/app/nothing/here?lng=en' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('answers malformed JSON with a 400 and a message, not a 500', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/region/list',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"country": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a body type it does not read with a 415', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/region/list?lng=en',
      headers: { 'content-type': 'application/xml' },
      payload: '<country>IT</country>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This kind of request is not supported',
    });
  });
});

describe('requests', () => {
  it('keeps a sane request id from the caller and makes one otherwise', async () => {
    const kept = await sut.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-42' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-42');
    const made = await sut.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Without Stripe taking cards, no other site's script or frame may run.
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(response.headers['content-security-policy']).toContain("frame-src 'none'");
  });

  it('lets Stripe.js and its card frames run where Stripe takes the cards', async () => {
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_51Sentiero',
      STRIPE_WEBHOOK_SECRET: 'whsec_sentiero',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Sentiero',
    });
    try {
      const policy = (await stripe.app.inject({ method: 'GET', url: '/api/health' })).headers[
        'content-security-policy'
      ];
      expect(policy).toContain(
        "script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com https://*.js.stripe.com;",
      );
      expect(policy).toContain('frame-src https://js.stripe.com');
      expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    } finally {
      await stripe.close();
    }
  });
});

describe('/api/site', () => {
  it('gives the brand, the company data for the footer and the payment methods configured', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.json()).toEqual({
      brand: 'Sentiero',
      premium_brand: 'Sentiero+',
      map: {
        tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
      company: {
        name: 'Boschi e Fiumi S.r.l.',
        tax_number: 'IT01234567890',
        register_number: 'REA XX-000000',
      },
      payment_methods: { card: 'sandbox', stripe_publishable_key: null, paypal: false, cash: true },
      // No native app is published: /app offers installing the web app only.
      app_links: { app_store: null, play_store: null },
    });
  });
});

describe('/api/docs', () => {
  it('publishes an OpenAPI document generated from the contract', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const regionList = document.paths['/api/app/region/list'];
    expect(Object.keys(regionList).sort()).toEqual(['get', 'post']);
    expect(JSON.stringify(regionList.post)).toContain('region_list');
  });

  it('serves the browsable documentation', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
