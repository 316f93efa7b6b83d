/** What other modules and the app's wiring may use of checkout (ADR 011); its other files are its own. */

export { lapseDueDayCancellations } from './day-cancellation-jobs.ts';
export { dayCancellationLinks } from './day-cancellation-links.ts';
export { type DayCancellationDeps, runDayCancellation } from './day-cancellation-run.ts';
export { CHECKOUT_SCHEDULES, startCheckoutJobs } from './jobs.ts';
export { getPurchaseHistory } from './purchases.ts';
export type { RefundContext } from './refund-settle.ts';
export { type CheckoutOrderDesk, type CheckoutRefunds, registerCheckoutRoutes } from './routes.ts';
