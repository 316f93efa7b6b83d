/** What other modules and the app's wiring may use of search (ADR 011); its other files are its own. */
export { registerSearchRoutes } from './routes.ts';
