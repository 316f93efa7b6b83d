/** What other modules and the app's wiring may use of seo (ADR 011); its other files are its own. */
export { createPageHeadRenderer, registerSeoRoutes } from './routes.ts';
