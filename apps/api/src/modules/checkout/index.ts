/** What other modules and the app's wiring may use of checkout (ADR 011); its other files are its own. */

export { CHECKOUT_SCHEDULES, startCheckoutJobs } from './jobs.ts';
export { getPurchaseHistory } from './purchases.ts';
export type { RefundContext } from './refund-settle.ts';
export type { RefundOrderInput, RefundOutcome, RefundRequester } from './refunds.ts';
export { type CheckoutRefunds, registerCheckoutRoutes } from './routes.ts';
