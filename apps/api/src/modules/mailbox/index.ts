/** What other modules and the app's wiring may use of mailbox (ADR 011); its other files are its own. */
export { registerMailboxRoutes } from './routes.ts';
