import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTicket } from '../../test/factories.ts';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
  components?: { schemas?: Record<string, unknown> };
};

const DOCUMENT_ID = 'https://sentiero.invalid/api/docs/json';

let sut: TestApp;
let document: Document;
let ajv: Ajv2020;
beforeAll(async () => {
  sut = await createTestApp();
  document = (await sut.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  // The whole document is one schema resource, so that `#/components/schemas/…` resolves inside it.
  ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
});
afterAll(() => sut.close());

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The documented schema of an answer: its exact status, else its class (`4XX`), as OpenAPI reads it. */
function documentedSchemaRef(method: string, path: string, status: number): string | null {
  const responses = document.paths[path]?.[method.toLowerCase()]?.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`].find((candidate) => responses[candidate]);
  if (!key || !responses[key]?.content?.['application/json']) return null;
  return `${DOCUMENT_ID}#/${pointer('paths', path, method.toLowerCase(), 'responses', key, 'content', 'application/json', 'schema')}`;
}

describe('the OpenAPI document at /api/docs/json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('defines every schema it refers to', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(refs.length).toBeGreaterThan(50);
    const defined = new Set(Object.keys(document.components?.schemas ?? {}));
    expect([...new Set(refs)].filter((name) => !defined.has(name as string))).toEqual([]);
  });

  it('documents a JSON answer and the error shape for every endpoint of the API', () => {
    const undocumented: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        for (const status of ['4XX', '5XX']) {
          if (!operation.responses[status]?.content?.['application/json'])
            undocumented.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });
});

describe('real answers', () => {
  it('match the schema the document gives for their status', async () => {
    const ticket = await createTicket(sut.database.db);
    const samples: Array<{ method: 'GET' | 'POST'; path: string; query?: string; payload?: object }> = [
      { method: 'GET', path: '/api/health' },
      { method: 'GET', path: '/api/site' },
      { method: 'GET', path: '/api/app/category/list', query: 'lng=de' },
      { method: 'POST', path: '/api/app/region/list', payload: { country: 'IT' } },
      { method: 'GET', path: '/api/app/v2/area/list', query: 'page=1' },
      { method: 'GET', path: '/api/app/ticket/info', query: `id=${ticket.id}&lng=sl` },
      { method: 'GET', path: '/api/app/v2/ticket/calendar', query: `id=${ticket.id}` },
      { method: 'GET', path: '/api/app/v2/ticket/list/recommended', query: 'source=hottest' },
      { method: 'GET', path: '/api/app/v2/search', query: 'q=funghi&lng=it' },
      { method: 'GET', path: '/api/app/blog/list' },
      { method: 'POST', path: '/api/app/ticket/info', payload: { id: 99_999_999 } },
      { method: 'GET', path: '/api/app/ticket/info', query: 'id=abc' },
      {
        method: 'POST',
        path: '/api/app/user/login',
        payload: { email: 'nobody@example.com', password: 'Wrong2026x' },
      },
      { method: 'POST', path: '/api/app/ticket/list', payload: {} },
      { method: 'POST', path: '/api/app/contact/us', payload: { full_name: '', email: 'x', message: '' } },
    ];
    const mismatches: string[] = [];
    for (const sample of samples) {
      const response = await sut.app.inject({
        method: sample.method,
        url: sample.query ? `${sample.path}?${sample.query}` : sample.path,
        ...(sample.payload ? { payload: sample.payload } : {}),
      });
      const ref = documentedSchemaRef(sample.method, sample.path, response.statusCode);
      if (!ref) {
        mismatches.push(`${sample.method} ${sample.path}: ${response.statusCode} is not documented`);
        continue;
      }
      const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
      if (!validate(response.json())) {
        mismatches.push(
          `${sample.method} ${sample.path} ${response.statusCode}: ${ajv.errorsText(validate.errors)}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
    // The sample holds answers of each kind: found, not found, refused input, not logged in.
  });
});
