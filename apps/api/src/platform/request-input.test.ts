import { contactMessages, users } from '@sentiero/db/schema';
import { seedRegions } from '@sentiero/db/seed/regions';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

const rows = async (table: typeof contactMessages | typeof users) =>
  (await sut.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

function multipart(parts: string[], boundary = 'sentiero') {
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`,
  };
}
const field = (name: string, value: string) =>
  `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const file = (name: string, bytes: number) =>
  `Content-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${'x'.repeat(bytes)}`;

describe('bodies that cannot be read', () => {
  it('answers a multipart body without a boundary with a 400 in the error shape', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/category/list?lng=en',
      headers: { 'content-type': 'multipart/form-data' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('answers a multipart body cut before its closing boundary with a 400', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/category/list?lng=en',
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      payload: '--cut\r\nContent-Disposition: form-data; name="lng"\r\n\r\nen',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('still reads a well-formed multipart form', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/region/list',
      ...multipart([field('lng', 'en'), field('country', 'IT')]),
    });
    expect(response.statusCode).toBe(200);
    // The same answer as the query string's: Italy's regions, in English.
    const asked = await sut.app.inject({ method: 'GET', url: '/api/app/region/list?lng=en&country=IT' });
    expect(response.json()).toEqual(asked.json());
    const italian = seedRegions.filter((region) => region.country === 'IT');
    expect(
      response
        .json()
        .region_list.map((region: { slug: string }) => region.slug)
        .sort(),
    ).toEqual(italian.map((region) => region.slug).sort());
  });
});

describe('files', () => {
  it('refuses a file where the endpoint takes none with a 413, before reading it whole', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/health',
      ...multipart([file('a', 1024)]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses five large files with a 413 instead of holding them in memory', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/category/list',
      ...multipart([0, 1, 2, 3, 4].map((n) => file(`f${n}`, 2 * 1024 * 1024))),
    });
    expect(response.statusCode).toBe(413);
  });

  it('refuses a field longer than a form needs instead of storing half of it', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/contact/us',
      ...multipart([
        field('full_name', 'Ada Rossi'),
        field('email', 'ada@example.com'),
        field('message', 'm'.repeat(70 * 1024)),
      ]),
    });
    expect(response.statusCode).toBe(413);
  });

  it('holds the fields of a multipart form to the body limit of JSON, and stores nothing', async () => {
    const before = await rows(contactMessages);
    // Thirty fields, each under busboy's own limit of 64 KB: 1.8 MB in all, past the 1 MiB limit.
    const notes = Array.from({ length: 30 }, (_, n) => field(`note${n}`, 'n'.repeat(60 * 1024)));
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/contact/us?lng=en',
      ...multipart([
        field('full_name', 'Ada Rossi'),
        field('email', 'ada@example.com'),
        field('message', 'Hi'),
        ...notes,
      ]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' });
    expect(await rows(contactMessages)).toBe(before);
  });

  it('still reads a multipart form of many fields within the body limit', async () => {
    const notes = Array.from({ length: 10 }, (_, n) => field(`note${n}`, 'n'.repeat(60 * 1024)));
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/contact/us?lng=en',
      ...multipart([
        field('full_name', 'Ada Rossi'),
        field('email', 'ada@example.com'),
        field('message', 'Hi'),
        ...notes,
      ]),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('text that cannot be stored', () => {
  it('refuses a NUL byte in a query string with a 400 naming the field', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/app/blog/info?sku=a%00b&lng=en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      fields: { sku: 'This text contains characters that cannot be used' },
    });
  });

  it('refuses a NUL byte in the embedded mailbox search', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=%00' });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a NUL byte in a sign-up form and creates no account', async () => {
    const before = await rows(users);
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/user/register',
      payload: {
        firstname: 'Ada\u0000',
        lastname: 'Rossi',
        email: 'ada.nul@example.com',
        password: 'Boletus2026',
        country: 'IT',
        is_adult: true,
        policy_accepted: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ firstname: expect.any(String) });
    expect(await rows(users)).toBe(before);
  });

  it('refuses a lone surrogate in a contact message before the message is stored', async () => {
    const before = await rows(contactMessages);
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/contact/us?lng=en',
      headers: { 'content-type': 'application/json' },
      payload: '{"full_name":"Ada Rossi","email":"ada@example.com","message":"hello \\ud800"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ message: 'This text contains characters that cannot be used' });
    expect(await rows(contactMessages)).toBe(before);
  });

  it('refuses a lone surrogate in a key, in a urlencoded body and in a multipart field', async () => {
    const key = await sut.app.inject({
      method: 'POST',
      url: '/api/app/category/list',
      headers: { 'content-type': 'application/json' },
      payload: '{"\\udc00":1}',
    });
    const urlencoded = await sut.app.inject({
      method: 'POST',
      url: '/api/app/blog/info',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'sku=a%00b',
    });
    const form = await sut.app.inject({
      method: 'POST',
      url: '/api/app/blog/info',
      ...multipart([field('sku', 'a\u0000b')]),
    });
    for (const response of [key, urlencoded, form]) expect(response.statusCode).toBe(400);
  });

  it('keeps accents, Slovenian letters and emoji as they were sent', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/contact/us?lng=en',
      payload: {
        full_name: 'Žiga Čuk',
        email: 'ziga@example.com',
        message: 'Gobe 🍄 v Bovcu? Grazie, è tutto chiaro.',
      },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('nesting', () => {
  it('refuses a body nested far deeper than any form with a 400', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/app/category/list',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('URLs', () => {
  it('answers a path that cannot be decoded with a 400 in the error shape and the browser language', async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/app/%E0%A4%A',
      headers: { 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message:
        'Einige der übermittelten Angaben sind ungültig. Bitte prüfen Sie sie und versuchen Sie es erneut',
    });
  });
});
