/** What other modules and the app's wiring may use of blog (ADR 011); its other files are its own. */
export { registerBlogRoutes } from './routes.ts';
export { requireBlogPost } from './service.ts';
