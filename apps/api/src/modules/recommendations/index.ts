/** What other modules and the app's wiring may use of recommendations (ADR 011); its other files are its own. */
export { registerRecommendationRoutes } from './routes.ts';
