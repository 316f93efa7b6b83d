/** What other modules and the app's wiring may use of areas (ADR 011); its other files are its own. */
export { registerAreaRoutes } from './routes.ts';
export { areaExists, listForagingAreas, requireAreaInfo } from './service.ts';
