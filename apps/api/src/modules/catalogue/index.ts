/** What other modules and the app's wiring may use of catalogue (ADR 011); its other files are its own. */
export { registerCatalogueRoutes } from './routes.ts';
export { listCategories, listCountries } from './service.ts';
