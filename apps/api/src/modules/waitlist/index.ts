/** What other modules and the app's wiring may use of the waiting lists (ADR 011, 050). */

export { startWaitlistJobs } from './jobs.ts';
export { acceptClaimedOffer, type ClaimedOffer, claimOffer } from './offers.ts';
export { registerWaitlistRoutes } from './routes.ts';
export { leaveEveryWaitlist } from './service.ts';
