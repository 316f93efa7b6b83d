/** What other modules and the app's wiring may use of premium, Sentiero+ (ADR 011); its other files are its own. */

export { registerPremiumDevRoutes } from './dev-routes.ts';
export { isPremiumMember, premiumCheck } from './entitlement.ts';
export { startPremiumJobs } from './jobs.ts';
export { isEntitled } from './lifecycle.ts';
export { startReceiptMails } from './notices.ts';
export { type RenewalReport, runRenewals } from './renewals.ts';
export { registerPremiumRoutes } from './routes.ts';
export { endMembershipOfDeletedAccount } from './service.ts';
