/**
 * Paths and kinds of every endpoint, without their schemas: the web app imports this file
 * (and `api.ts` for types only) so that no validation library ships in its first bundle.
 */
export const ROUTES = {
  health: { path: '/health', kind: 'read' },
  site: { path: '/site', kind: 'read' },
  categoryList: { path: '/app/category/list', kind: 'read' },
  regionList: { path: '/app/region/list', kind: 'read' },
  areaListV2: { path: '/app/v2/area/list', kind: 'read' },
  areaInfoV2: { path: '/app/v2/area/info', kind: 'read' },
  areaListLevel: { path: '/app/area/list/level', kind: 'read' },
  areaActivationRequest: { path: '/app/area/activation/request', kind: 'write' },
  cityList: { path: '/api/city/list', kind: 'read' },
  getCity: { path: '/app/get/city', kind: 'read' },
  serviceTagList: { path: '/app/service/tag/list', kind: 'read' },
  ticketInfo: { path: '/app/ticket/info', kind: 'read' },
  ticketAreaInfo: { path: '/app/ticket/area/info', kind: 'read' },
  ticketAreaList: { path: '/app/ticket/area/list', kind: 'read' },
  ticketAreaListV2: { path: '/app/v2/ticket/area/list', kind: 'read' },
  regionTicket: { path: '/app/region/ticket', kind: 'read' },
  ticketListRecommended: { path: '/app/ticket/list/recommended', kind: 'read' },
  ticketListRecommendedV2: { path: '/app/v2/ticket/list/recommended', kind: 'read' },
  ticketCalendar: { path: '/app/ticket/calendar', kind: 'read' },
  ticketCalendarV2: { path: '/app/v2/ticket/calendar', kind: 'read' },
  ticketResidenceList: { path: '/app/ticket/residence/list', kind: 'read' },
  ticketPackageList: { path: '/app/ticket/package/list', kind: 'read' },
  search: { path: '/app/v2/search', kind: 'read' },
  searchAdvanced: { path: '/app/v2/search/advanced', kind: 'read' },
  searchFilters: { path: '/app/search/filters', kind: 'read' },
  searchFiltersAdvanced: { path: '/app/search/filters/advanced', kind: 'read' },
  blogList: { path: '/app/blog/list', kind: 'read' },
  blogInfo: { path: '/app/blog/info', kind: 'read' },
} as const satisfies Record<string, { path: `/${string}`; kind: 'read' | 'write' }>;

export type RouteName = keyof typeof ROUTES;
