/**
 * The whole database schema, one import for the app and the one file drizzle-kit reads. The
 * tables live by subject in `schema/`: orders refer to catalogue tickets and to accounts, and
 * nothing refers back, so the files import each other in one direction only.
 */

export * from './schema/accounts.ts';
export * from './schema/alerts.ts';
export * from './schema/catalogue.ts';
export * from './schema/catalogue-operations.ts';
export * from './schema/catalogue-photos.ts';
export * from './schema/day-cancellations.ts';
export * from './schema/figures.ts';
export * from './schema/finds.ts';
export * from './schema/growth-observations.ts';
export * from './schema/inbox.ts';
export * from './schema/newsletter-issues.ts';
export * from './schema/operator-applications.ts';
export * from './schema/order-exports.ts';
export * from './schema/order-keys.ts';
export * from './schema/orders.ts';
export * from './schema/photos.ts';
export * from './schema/ranger-devices.ts';
export * from './schema/ranger-records.ts';
export * from './schema/ranger-uses.ts';
export * from './schema/refunds.ts';
export * from './schema/reviews.ts';
export * from './schema/staff.ts';
export * from './schema/subscriptions.ts';
export * from './schema/waitlist.ts';
export * from './schema/weather.ts';
