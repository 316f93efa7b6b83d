/** What other modules and the app's wiring may use of accounts (ADR 011); its other files are its own. */

export { requireRecentAuthentication } from './reauthentication.ts';
export { registerAccountRoutes } from './routes.ts';
export { memberRow } from './service.ts';
