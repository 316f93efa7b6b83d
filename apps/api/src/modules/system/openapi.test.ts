import { createConfig, lintFromString } from '@redocly/openapi-core';
import { ENDPOINTS } from '@sentiero/contract/endpoints';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTicket } from '../../test/factories.ts';

type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  'x-sentiero-access'?: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
};

type Document = {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, unknown>;
    securitySchemes?: Record<string, { type: string; in?: string; name?: string }>;
  };
};

/** A ranger device's headers (ADR 043), by the scheme that names each. */
const DEVICE_SCHEMES = {
  rangerDevice: 'x-ranger-device',
  rangerTimestamp: 'x-ranger-timestamp',
  rangerNonce: 'x-ranger-nonce',
  rangerSignature: 'x-ranger-signature',
};

/**
 * What an endpoint's caller shows, written from where it is called rather than from the code
 * under test: the console's endpoints the staff session cookie, the rangers' the device's signed
 * headers (but enrolling a device, which a ranger does from the console's session), the others
 * the member's session cookie; a public endpoint nothing.
 */
function expectedSecurity(path: string, access: string): Array<Record<string, string[]>> {
  if (access === 'public') return [];
  if (path.startsWith('/console/') || path === '/ranger/device/enrol') return [{ staffSession: [] }];
  if (path.startsWith('/ranger/')) {
    return [Object.fromEntries(Object.keys(DEVICE_SCHEMES).map((scheme) => [scheme, []]))];
  }
  return [{ memberSession: [] }];
}

const DOCUMENT_ID = 'https://sentiero.invalid/api/docs/json';

let sut: TestApp;
let document: Document;
let ajv: Ajv2020;
beforeAll(async () => {
  sut = await createTestApp();
  document = (
    await sut.app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: 'sentiero.test' } })
  ).json();
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

/**
 * Whether a problem is about the answers of an operation that answers a redirect (3XX): Facebook's
 * callback sends the browser on with a 303 and has no 2XX answer to declare.
 */
function answersRedirect(problem: { location: Array<{ pointer?: string }> }): boolean {
  const [, path, method] =
    /^#\/paths\/([^/]+)\/([a-z]+)\/responses$/.exec(problem.location[0]?.pointer ?? '') ?? [];
  if (!path || !method) return false;
  const operation = document.paths[path.replace(/~1/g, '/').replace(/~0/g, '~')]?.[method];
  return Object.keys(operation?.responses ?? {}).some((status) => status.startsWith('3'));
}

describe('the document as a client generator reads it', () => {
  it("passes Redocly's recommended rules, warnings included", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      // Sentiero's API is published under no licence: the document names none rather than invent one.
      rules: { 'info-license': 'off' },
    });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: DOCUMENT_ID,
      config,
    });
    const described = problems
      .filter((problem) => !(problem.ruleId === 'operation-2xx-response' && answersRedirect(problem)))
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
    expect(described).toEqual([]);
  });

  it('names the server the paths are under: the origin the document was asked from', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://sentiero.test' })]);
  });

  it('names each operation after its declaration: a read by GET by its route name, by POST with Post', () => {
    const regionList = document.paths['/api/app/region/list'];
    expect(regionList?.get?.operationId).toBe('regionList');
    expect(regionList?.post?.operationId).toBe('regionListPost');
    expect(document.paths['/api/app/v4/ticket/buy']?.post?.operationId).toBe('ticketBuy');
    expect(document.paths['/api/app/ticket/download']?.get?.operationId).toBe('getAppTicketDownload');
  });

  it("describes the credentials: the member session cookie, the staff session cookie, a device's headers", () => {
    const schemes = document.components?.securitySchemes ?? {};
    expect(schemes.memberSession).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sentiero_session' }),
    );
    expect(schemes.staffSession).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sentiero_staff' }),
    );
    for (const [scheme, name] of Object.entries(DEVICE_SCHEMES)) {
      expect(schemes[scheme]).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name }));
    }
  });

  it('asks each operation for the credential its access needs, and public ones for none', () => {
    const mismatches: string[] = [];
    const seen = new Set<string>();
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const methods = document.paths[`/api${endpoint.path}`] ?? {};
      const expected = JSON.stringify(expectedSecurity(endpoint.path, endpoint.access));
      seen.add(expected);
      for (const [method, operation] of Object.entries(methods)) {
        const found = JSON.stringify(operation.security);
        if (operation['x-sentiero-access'] !== endpoint.access || found !== expected)
          mismatches.push(`${name} ${method}: ${operation['x-sentiero-access']} ${found}, not ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Each kind is there: public, members', the console's and the rangers' devices'.
    expect(seen.size).toBe(4);
    const premium = document.paths['/api/app/find/save']?.post;
    expect(premium?.['x-sentiero-access']).toBe('premium');
    expect(premium?.security).toEqual([{ memberSession: [] }]);
    const refund = document.paths['/api/console/order/refund']?.post;
    expect(refund?.['x-sentiero-access']).toBe('orders.refund');
    expect(refund?.security).toEqual([{ staffSession: [] }]);
    expect(document.paths['/api/ranger/uses']?.post?.security).toEqual([
      { rangerDevice: [], rangerTimestamp: [], rangerNonce: [], rangerSignature: [] },
    ]);
  });

  it('asks routes written by hand for their credential too', () => {
    const unsaid = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security === undefined)
        .map(([method]) => `${method} ${path}`),
    );
    expect(unsaid).toEqual([]);
    expect(document.paths['/api/app/ticket/download']?.get?.security).toEqual([{ memberSession: [] }]);
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
