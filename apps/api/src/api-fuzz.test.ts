import { isStaffPermission } from '@sentiero/contract/access';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';
import { arbitraryFromJsonSchema, arbitraryFromZod } from './test/fuzz/arbitraries.ts';
import { HOSTILE_BODIES, HOSTILE_PATHS, HOSTILE_QUERIES } from './test/fuzz/hostile-bodies.ts';
import {
  BODY_ENCODINGS,
  baseInput,
  HURTFUL_TEXT,
  largeRequest,
  stringFieldPaths,
} from './test/fuzz/large-inputs.ts';
import {
  changedTables,
  createWriteFingerprint,
  describeErrorShapeProblem,
  ENCODINGS,
  encodeRequest,
  findContractEndpoints,
} from './test/fuzz/requests.ts';

/**
 * Every endpoint of the contract is sent generated inputs (valid ones mixed with hostile ones at
 * every depth, in JSON, urlencoded, multipart and query strings), by a visitor and by a member:
 * no answer is a 5xx, every refusal has the documented shape, and a refused request writes
 * nothing. FUZZ_RUNS raises the number of inputs per endpoint for a longer hunt.
 */
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 24);

let sut: TestApp;
let fingerprint: () => Promise<string>;
let memberCookie = '';
let restoreMemberSession: () => Promise<void>;

beforeAll(async () => {
  // Jobs stay queued (nothing writes behind the test's back) and per-IP limits are off so
  // that inputs reach the services instead of stopping at a 429.
  sut = await createTestApp({ JOB_WORKERS: 'off', RATE_LIMITS: 'off' });
  const registered = await sut.app.inject({
    method: 'POST',
    url: '/api/app/user/register',
    payload: {
      firstname: 'Ada',
      lastname: 'Fuzzi',
      email: 'ada.fuzzi@example.com',
      password: 'Boletus2026',
      country: 'IT',
      is_adult: true,
      policy_accepted: true,
    },
  });
  expect(registered.statusCode).toBe(200);
  const session = registered.cookies.find((cookie) => cookie.name === 'sentiero_session');
  memberCookie = `sentiero_session=${session?.value}`;
  // Logging out is one of the inputs: the member's session row is put back before each request.
  const { rows } = (await sut.database.db.execute(
    sql`select row_to_json(s)::text as row from sessions s`,
  )) as unknown as { rows: Array<{ row: string }> };
  const saved = rows[0]?.row ?? '';
  restoreMemberSession = async () => {
    await sut.database.db.execute(
      sql`insert into sessions select * from json_populate_record(null::sessions, ${saved}::json) on conflict do nothing`,
    );
  };
  fingerprint = await createWriteFingerprint(sut);
});
afterAll(() => sut.close());

type Outcome = { problem: string | null; status: number; code?: string; cpuMs: number };

/** The fingerprint after the last request: nothing else writes between two requests. */
let lastPrint: string | null = null;

async function sendAndCheck(request: InjectOptions, asMember: boolean): Promise<Outcome> {
  if (asMember) {
    await restoreMemberSession();
    lastPrint = null;
  }
  const before = lastPrint ?? (await fingerprint());
  // The server runs in this process: its CPU time for the request is this process's.
  const cpuBefore = process.cpuUsage();
  const response = await sut.app.inject({
    ...request,
    headers: {
      ...request.headers,
      host: 'localhost:80',
      ...(asMember ? { cookie: memberCookie } : {}),
    },
  });
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  lastPrint = await fingerprint();
  const notConfigured = response.statusCode === 501 && response.json().code === 'NOT_CONFIGURED';
  if (response.statusCode >= 500 && !notConfigured) {
    return {
      status: response.statusCode,
      cpuMs,
      problem: `answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
    };
  }
  if (response.statusCode < 400) return { status: response.statusCode, cpuMs, problem: null };
  const shape = describeErrorShapeProblem(response);
  if (shape)
    return {
      status: response.statusCode,
      cpuMs,
      problem: `refusal ${response.statusCode} not in the error shape: ${shape}`,
    };
  const written = changedTables(before, lastPrint);
  if (written.length > 0) {
    return {
      status: response.statusCode,
      cpuMs,
      problem: `refused with ${response.statusCode} but wrote ${written.join(', ')}`,
    };
  }
  return { status: response.statusCode, code: response.json().code, cpuMs, problem: null };
}

const endpoints = await findContractEndpoints();

describe('every endpoint of the contract, fuzzed', () => {
  for (const { name, endpoint } of endpoints) {
    it(`${name} (${endpoint.path}) never fails, refuses in the error shape and writes nothing it refuses`, async () => {
      const encodings = ENCODINGS.filter((encoding) => encoding !== 'query' || endpoint.kind === 'read');
      await fc.assert(
        fc.asyncProperty(
          arbitraryFromZod(endpoint.input),
          fc.constantFrom(...encodings),
          fc.boolean(),
          async (input, encoding, asMember) => {
            const outcome = await sendAndCheck(encodeRequest(endpoint.path, input, encoding), asMember);
            expect(outcome.problem, `${encoding} ${JSON.stringify(input)?.slice(0, 400)}`).toBeNull();
          },
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  }
});

type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: object }>;
};

describe('documented operations outside the contract (downloads, redirects), fuzzed', () => {
  it('never fail and refuse in the error shape', async () => {
    const document = (await sut.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const inContract = new Set(endpoints.map(({ endpoint }) => `/api${endpoint.path}`));
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/app') && !inContract.has(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(operations.length).toBeGreaterThan(0);
    for (const { path, method, operation } of operations) {
      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      const input = arbitraryFromJsonSchema({
        type: 'object',
        properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema ?? {}])),
        required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      });
      await fc.assert(
        fc.asyncProperty(input, fc.boolean(), async (value, asMember) => {
          const request = encodeRequest(path.replace(/^\/api/, '') as `/${string}`, value, 'query');
          const outcome = await sendAndCheck(
            method === 'get' ? request : { ...request, method: method.toUpperCase() as 'POST' },
            asMember,
          );
          expect(outcome.problem, `${method} ${path} ${JSON.stringify(value)?.slice(0, 300)}`).toBeNull();
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    }
  }, 120_000);
});

describe('hostile bodies and query strings on every route', () => {
  it('answers each with a 4xx in the error shape, on every path of the API document', async () => {
    const document = (await sut.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = [...Object.keys(document.paths), '/dev/mailbox.json'];
    const problems: string[] = [];
    for (const path of paths) {
      for (const body of HOSTILE_BODIES) {
        const outcome = await sendAndCheck(
          { method: 'POST', url: path, headers: body.headers, payload: body.payload },
          false,
        );
        if (outcome.problem || outcome.status < 400) {
          if (outcome.problem) problems.push(`POST ${path} ${body.name}: ${outcome.problem}`);
        }
      }
      for (const query of HOSTILE_QUERIES) {
        const outcome = await sendAndCheck({ method: 'GET', url: `${path}?${query}` }, false);
        if (outcome.problem) problems.push(`GET ${path}?${query}: ${outcome.problem}`);
      }
    }
    for (const path of HOSTILE_PATHS) {
      const outcome = await sendAndCheck({ method: 'GET', url: path }, false);
      if (outcome.problem || outcome.status < 400)
        problems.push(`GET ${path}: ${outcome.problem ?? outcome.status}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});

/** A request may cost the server this much CPU at most, however large and hostile it is. */
const MAX_CPU_MS_PER_REQUEST = 1000;

describe('large hostile text in every string field', () => {
  it('is answered without a 5xx, within 1 s of CPU, and refused with a 413 past the body limit', async () => {
    const problems: string[] = [];
    let slowest = { cpuMs: 0, what: '' };
    let sent = 0;
    const send = async (what: string, request: Parameters<typeof sendAndCheck>[0]) => {
      const outcome = await sendAndCheck(request, true);
      sent += 1;
      if (outcome.problem) problems.push(`${what}: ${outcome.problem}`);
      if (outcome.cpuMs > slowest.cpuMs) slowest = { cpuMs: outcome.cpuMs, what };
      if (outcome.cpuMs > MAX_CPU_MS_PER_REQUEST)
        problems.push(`${what}: ${Math.round(outcome.cpuMs)} ms of CPU`);
      return outcome;
    };
    for (const [index, { name, endpoint }] of endpoints.entries()) {
      const base = baseInput(endpoint.input);
      const fields = stringFieldPaths(endpoint.input);
      if (fields.length === 0) continue;
      // All string fields at once, as large as the server takes them, once per kind of text; the
      // encodings take turns, so that each operation is sent in each of them.
      for (const [textIndex, { name: text, unit }] of HURTFUL_TEXT.entries()) {
        const encoding = BODY_ENCODINGS[(index + textIndex) % BODY_ENCODINGS.length] ?? 'json';
        await send(
          `${name} ${text} ${encoding}`,
          largeRequest({ path: endpoint.path, base, fields, unit, encoding }),
        );
      }
      // 1 MiB in a field is past every limit: a 413 that says so.
      const encoding = BODY_ENCODINGS[index % BODY_ENCODINGS.length] ?? 'json';
      const what = `${name} 1 MiB ${encoding}`;
      const request = largeRequest({
        path: endpoint.path,
        base,
        fields: fields.slice(0, 1),
        unit: '(',
        encoding,
        oversized: true,
      });
      const outcome = await send(what, request);
      // An endpoint for Sentiero+ refuses this member (not a subscriber) from the headers, before
      // the body is read at all: as good a refusal of the oversized body as the 413.
      // A console endpoint refuses a member's session (it is no staff session) the same way (ADR 028).
      const refusedUnread =
        (endpoint.access === 'premium' && outcome.code === 'PREMIUM_REQUIRED') ||
        (isStaffPermission(endpoint.access) && outcome.status === 401 && outcome.code === 'UNAUTHENTICATED');
      if (!refusedUnread && (outcome.status !== 413 || outcome.code !== 'PAYLOAD_TOO_LARGE')) {
        problems.push(`${what}: answered ${outcome.status} ${outcome.code ?? ''}, not 413 PAYLOAD_TOO_LARGE`);
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(problems, `slowest: ${slowest.what}, ${Math.round(slowest.cpuMs)} ms`).toEqual([]);
  }, 600_000);
});
