/**
 * Paths and kinds of every endpoint, without their schemas: the web app imports this file
 * (and `api.ts` for types only) so that no validation library ships in its first bundle.
 */
export const ROUTES = {
  health: { path: '/health', kind: 'read' },
  site: { path: '/site', kind: 'read' },
  categoryList: { path: '/app/category/list', kind: 'read' },
  regionList: { path: '/app/region/list', kind: 'read' },
} as const satisfies Record<string, { path: `/${string}`; kind: 'read' | 'write' }>;

export type RouteName = keyof typeof ROUTES;
