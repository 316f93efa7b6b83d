import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isEndpoint } from './endpoint.ts';
import { ENDPOINTS } from './endpoints.ts';
import { ROUTES_FILE, renderRoutesFile } from './routes-file.ts';

const SOURCE_DIR = new URL('./', import.meta.url);

describe('one declaration per endpoint (ADR 010)', () => {
  it('lists every endpoint a contract module exports, under its export name', async () => {
    const exported: Record<string, unknown> = {};
    for (const file of readdirSync(SOURCE_DIR).sort()) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const module: Record<string, unknown> = await import(new URL(file, SOURCE_DIR).href);
      for (const [name, value] of Object.entries(module)) {
        if (isEndpoint(value)) exported[name] = value;
      }
    }
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(exported).sort());
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) expect(exported[name]).toBe(endpoint);
  });

  it('gives no two endpoints the same path', () => {
    const paths = Object.values(ENDPOINTS).map((endpoint) => endpoint.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has routes.ts as generated from the endpoints (else run `npm run generate:routes`)', () => {
    expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(renderRoutesFile(ENDPOINTS));
  });
});
