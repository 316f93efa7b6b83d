/** What other modules and the app's wiring may use of system (ADR 011); its other files are its own. */
export { registerSystemRoutes } from './routes.ts';
