/** What the app's wiring uses of console-ads (ADR 011); its other files are its own. */
export { registerConsoleAdRoutes } from './routes.ts';
