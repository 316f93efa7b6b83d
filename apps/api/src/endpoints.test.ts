import { ENDPOINTS } from '@sentiero/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

/*
 * An endpoint is declared once, in the contract (ADR 010); each module's routes attach its handler.
 * This is what fails when a declared endpoint has no handler.
 */
describe('the API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('serves every endpoint the contract declares, and reads by GET as well', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const url = `/api${endpoint.path}`;
      expect(sut.app.hasRoute({ method: 'POST', url }), `${name}: POST ${url}`).toBe(true);
      if (endpoint.kind === 'read')
        expect(sut.app.hasRoute({ method: 'GET', url }), `${name}: GET ${url}`).toBe(true);
    }
  });
});
