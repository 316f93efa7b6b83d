import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../../web/precompress.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createTicket, createTicketHolder } from '../test/factories.ts';
import { CompressedAnswers, chooseContentCoding, isCompressible } from './compression.ts';

const BROWSER = 'gzip, deflate, br, zstd';

// A built web app as Vite writes it: the shell, and a translation file from public/ with the
// .br and .gz copies the build makes.
const dist = mkdtempSync(join(tmpdir(), 'sentiero-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  [
    '<!doctype html>',
    '<html lang="it">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    '    <title>Sentiero</title>',
    '    <script type="module" crossorigin src="/assets/index-4rem-iFG.js"></script>',
    '    <link rel="stylesheet" crossorigin href="/assets/index-DdQ0Zt1P.css">',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
    '',
  ].join('\n'),
);
const LOCALE = '/locales/it/pages.json';
mkdirSync(join(dist, 'locales/it'), { recursive: true });
cpSync(new URL('../../../web/public/locales/it/pages.json', import.meta.url), join(dist, LOCALE));
precompressFiles(dist);

const CATALOGUE = '/api/app/ticket/list/recommended?lng=it';
const HOME = '/?lng=it';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await sut.close();
  rmSync(dist, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return sut.app.inject({ method: 'GET', url, headers });
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

function varies(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

describe('compressed answers', () => {
  for (const [what, url] of [
    ['catalogue JSON', CATALOGUE],
    ['a page', HOME],
    ['a translation file', LOCALE],
  ] as const) {
    it(`sends ${what} in brotli or gzip, as asked, with the same content as plain`, async () => {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);

      const br = await get(url, { 'accept-encoding': BROWSER });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(varies(br)).toContain('accept-encoding');
      expect(br.headers['content-type']).toBe(plain.headers['content-type']);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decoded(br)).toBe(plain.body);

      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(varies(gzip)).toContain('accept-encoding');
      expect(decoded(gzip)).toBe(plain.body);
    });
  }

  it('keeps the other Vary names of a page', async () => {
    const page = await get(HOME, { 'accept-encoding': BROWSER });
    expect(varies(page)).toEqual(['accept-language', 'cookie', 'accept-encoding']);
  });

  it('answers a matching If-None-Match with a 304 for a compressed answer', async () => {
    for (const url of [CATALOGUE, HOME]) {
      const first = await get(url, { 'accept-encoding': BROWSER });
      expect(first.headers['content-encoding']).toBe('br');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\//);
      const again = await get(url, { 'accept-encoding': BROWSER, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(varies(again)).toContain('accept-encoding');
      // The tag is the content's, so a client that kept the gzip copy revalidates it too.
      const gzip = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(gzip.statusCode).toBe(304);
    }
  });

  it('sends plain bytes to a client that asks for identity or refuses both codings', async () => {
    for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0', '*;q=0, identity']) {
      const response = await get(CATALOGUE, { 'accept-encoding': acceptEncoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      // The plain answer depends on the header too, so a shared cache must not give it to everyone.
      expect(varies(response)).toContain('accept-encoding');
      expect(response.json().ticket_list).toBeDefined();
    }
  });

  it('follows the q-values of Accept-Encoding', async () => {
    const gzip = await get(CATALOGUE, { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const br = await get(CATALOGUE, { 'accept-encoding': 'gzip;q=0, *' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('sends tiny answers such as /api/health as they are', async () => {
    const health = await get('/api/health', { 'accept-encoding': BROWSER });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(varies(health)).not.toContain('accept-encoding');
    expect(health.json().status).toBe('ok');
  });

  it('compresses nothing for HEAD, and names the same headers as GET', async () => {
    const head = await sut.app.inject({
      method: 'HEAD',
      url: CATALOGUE,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(varies(head)).toContain('accept-encoding');
    expect(head.rawPayload.length).toBe(0);
  });

  it('sends a ticket PDF as it is, never compressed twice', async () => {
    const { browser, ticket } = await createTicketHolder(sut, await createTicket(sut.database.db));
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const pdf = await get(`/api/app/ticket/download?code=${ticket.code}`, {
      'accept-encoding': BROWSER,
      cookie,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('chooseContentCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', undefined],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['BR; Q=0.1, GZIP; q=0.2', 'gzip'],
    ['br;q=0.2, gzip;q=0.2', 'br'],
    ['br;q=0.5, identity;q=1', undefined],
    ['br;q=abc, gzip', 'gzip'],
    ['br;q=1.5', undefined],
    ['*;q=0', undefined],
  ] as const)('chooses %j → %j', (header, coding) => {
    expect(chooseContentCoding(header)).toBe(coding);
  });
});

describe('isCompressible', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['text/plain; charset=utf-8', true],
    ['application/xml; charset=utf-8', true],
    ['application/problem+json', true],
    ['image/svg+xml', true],
    ['text/event-stream', false],
    ['application/pdf', false],
    ['image/png', false],
    ['text/calendar; charset=utf-8', true],
    [undefined, false],
  ] as const)('%j → %j', (contentType, compressible) => {
    expect(isCompressible(contentType)).toBe(compressible);
  });
});

describe('CompressedAnswers', () => {
  // Text that does not shrink to nothing: a catalogue-like list with varying numbers.
  const answer = (seed: number) =>
    JSON.stringify(
      Array.from({ length: 60 }, (_, i) => ({
        id: seed * 1000 + i,
        price: (seed * 7919 + i * 104729) % 10007,
      })),
    );

  it('compresses an answer once and gives the same copy for the same text', async () => {
    const answers = new CompressedAnswers(1024 * 1024, 64 * 1024);
    const first = await answers.compress('br', answer(1));
    // Another string with the same text, as the next request would produce.
    const again = await answers.compress('br', JSON.parse(JSON.stringify(answer(1))));
    expect(again).toBe(first);
    expect(brotliDecompressSync(first).toString()).toBe(answer(1));
    const gzip = await answers.compress('gzip', answer(1));
    expect(gunzipSync(gzip).toString()).toBe(answer(1));
    expect(answers.size).toBe(1);
  });

  it('stays within its bound, dropping the least recently used answers first', async () => {
    const one = answer(1).length * 2;
    // Room for about three answers with their copies.
    const answers = new CompressedAnswers(one * 3.5, one * 2);
    const kept = await answers.compress('br', answer(1));
    await answers.compress('br', answer(2));
    await answers.compress('br', answer(3));
    await answers.compress('br', answer(1)); // used again: now the most recent
    await answers.compress('br', answer(4));
    expect(answers.size).toBe(3);
    expect(await answers.compress('br', answer(1))).toBe(kept);
    const second = await answers.compress('br', answer(2));
    expect(brotliDecompressSync(second).toString()).toBe(answer(2));
    expect(answers.size).toBe(3);
  });

  it('compresses answers larger than one entry may be without keeping them', async () => {
    const answers = new CompressedAnswers(1024 * 1024, 1000);
    const compressed = await answers.compress('gzip', answer(5));
    expect(gunzipSync(compressed).toString()).toBe(answer(5));
    expect(answers.size).toBe(0);
  });
});
