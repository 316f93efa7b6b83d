import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFromJsonSchema, arbitraryFromZod } from './test/fuzz/arbitraries.ts';
import { useFuzzedApp } from './test/fuzz/fuzzed-app.ts';
import { ENCODINGS, encodeRequest, findContractEndpoints } from './test/fuzz/requests.ts';

/**
 * Every endpoint of the contract is sent generated inputs (valid ones mixed with hostile ones at
 * every depth, in JSON, urlencoded, multipart and query strings), by a visitor and by a member:
 * no answer is a 5xx, every refusal has the documented shape, and a refused request writes
 * nothing. FUZZ_RUNS raises the number of inputs per endpoint for a longer hunt. Hostile bodies on
 * every route and large hostile text in every field are in `api-fuzz-hostile.test.ts` and
 * `api-fuzz-large.test.ts`.
 */
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 24);

const fuzzed = useFuzzedApp();
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
            const outcome = await fuzzed.send(encodeRequest(endpoint.path, input, encoding), asMember);
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
    const document = (await fuzzed.app().app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
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
          const outcome = await fuzzed.send(
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
