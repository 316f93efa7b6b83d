import type { Endpoint } from './endpoint.ts';

/** Where the generated path table lives, beside this file. */
export const ROUTES_FILE = new URL('./routes.ts', import.meta.url);

/**
 * The text of `routes.ts`: every endpoint's path and kind, without its schemas, so that the web
 * app can call the API without shipping a validation library in its first bundle (ADR 004).
 * Written by `npm run generate:routes`; a unit test fails while the file on disk differs.
 */
export function renderRoutesFile(endpoints: Record<string, Endpoint>): string {
  // Sorted: a module namespace lists its exports in an order that differs between Node and Vite.
  const rows = Object.entries(endpoints)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, { path, kind }]) => `  ${name}: { path: '${path}', kind: '${kind}' },`);
  return [
    '// Generated from ENDPOINTS (endpoints.ts) by `npm run generate:routes`: do not edit by hand.',
    '',
    '/**',
    ' * Paths and kinds of every endpoint, without their schemas: the web app imports this file',
    ' * (and `api.ts` for types only) so that no validation library ships in its first bundle.',
    ' */',
    'export const ROUTES = {',
    ...rows,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a type of the generated file, written out as text.
    "} as const satisfies Record<string, { path: `/${string}`; kind: 'read' | 'write' }>;",
    '',
    'export type RouteName = keyof typeof ROUTES;',
    '',
  ].join('\n');
}
