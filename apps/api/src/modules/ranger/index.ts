/** What the app's wiring uses of ranger (ADR 011); its other files are its own. */
export { registerRangerRoutes } from './routes.ts';
