/** What the app's wiring uses of the console's catalogue (ADR 011). */
export { registerConsoleCatalogueRoutes } from './routes.ts';
