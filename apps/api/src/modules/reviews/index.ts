/** What other modules and the app's wiring may use of reviews (ADR 011); its other files are its own. */
export { findReviewSummary } from './list-reviews.ts';
export { reviewRequestsSchedule } from './review-requests.ts';
export { registerReviewRoutes } from './routes.ts';
