/** What other modules and the app's wiring may use of work-with-us (ADR 011); its other files are its own. */
export { settleApplicationPayment } from './apply.ts';
export { listingRefundRecheckSchedule } from './listing-refund-recheck.ts';
export { registerWorkWithUsRoutes } from './routes.ts';
