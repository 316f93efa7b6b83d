import { describe, expect, it } from 'vitest';
import { useFuzzedApp } from './test/fuzz/fuzzed-app.ts';
import { HOSTILE_BODIES, HOSTILE_PATHS, HOSTILE_QUERIES } from './test/fuzz/hostile-bodies.ts';

/**
 * Hostile bodies and query strings on every path of the API document:
 * each answered with a 4xx in the error shape, writing nothing. It checks the HTTP layer, the same
 * whatever the database: with PostgreSQL configured it runs on it alone (vitest.config.ts).
 */
const fuzzed = useFuzzedApp();

describe('hostile bodies and query strings on every route', () => {
  it('answers each with a 4xx in the error shape, on every path of the API document', async () => {
    const document = (await fuzzed.app().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = [...Object.keys(document.paths), '/dev/mailbox.json'];
    const problems: string[] = [];
    for (const path of paths) {
      for (const body of HOSTILE_BODIES) {
        const outcome = await fuzzed.send(
          { method: 'POST', url: path, headers: body.headers, payload: body.payload },
          false,
        );
        if (outcome.problem || outcome.status < 400) {
          if (outcome.problem) problems.push(`POST ${path} ${body.name}: ${outcome.problem}`);
        }
      }
      for (const query of HOSTILE_QUERIES) {
        const outcome = await fuzzed.send({ method: 'GET', url: `${path}?${query}` }, false);
        if (outcome.problem) problems.push(`GET ${path}?${query}: ${outcome.problem}`);
      }
    }
    for (const path of HOSTILE_PATHS) {
      const outcome = await fuzzed.send({ method: 'GET', url: path }, false);
      if (outcome.problem || outcome.status < 400)
        problems.push(`GET ${path}: ${outcome.problem ?? outcome.status}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
