/** What other modules and the app's wiring may use of newsletter (ADR 011); its other files are its own. */
export { registerNewsletterRoutes } from './routes.ts';
export { getMemberNewsletter, requestSubscription } from './service.ts';
