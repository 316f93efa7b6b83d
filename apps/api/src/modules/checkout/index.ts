/** What other modules and the app's wiring may use of checkout (ADR 011); its other files are its own. */

export { lapseDueDayCancellations } from './day-cancellation-jobs.ts';
export { dayCancellationLinks } from './day-cancellation-links.ts';
export { type DayCancellationDeps, runDayCancellation } from './day-cancellation-run.ts';
export { CHECKOUT_SCHEDULES, startCheckoutJobs } from './jobs.ts';
export type { OnSitePaymentHook } from './on-site-payment.ts';
export { getPurchaseHistory } from './purchases.ts';
export type { RefundContext } from './refund-settle.ts';
export type { RefundOrderInput, RefundOutcome, RefundRequester } from './refunds.ts';
export type { RefundRow } from './refunds-repo.ts';
export type { OrderRow } from './repo.ts';
export { type CheckoutOrderDesk, type CheckoutRefunds, registerCheckoutRoutes } from './routes.ts';
