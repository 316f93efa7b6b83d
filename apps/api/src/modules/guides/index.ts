/** What other modules and the app's wiring may use of guides (ADR 011); its other files are its own. */
export { registerGuideRoutes } from './routes.ts';
export { listGuideSlugs, listGuides } from './service.ts';
