/** What the app's wiring uses of console-coupons (ADR 011); its other files are its own. */
export { registerConsoleCouponRoutes } from './routes.ts';
