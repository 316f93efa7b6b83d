/** What other modules and the app's wiring may use of newsletter (ADR 011); its other files are its own. */

export { registerConsoleNewsletterRoutes } from './console-routes.ts';
export { startNewsletterJobs } from './issue-jobs.ts';
export { registerNewsletterRoutes } from './routes.ts';
export { getMemberNewsletter, requestSubscription } from './service.ts';
