import {
  consoleCouponActive,
  consoleCouponChoices,
  consoleCouponCreate,
  consoleCoupons,
  consoleCouponUpdate,
} from '@sentiero/contract/console-coupons';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { couponChoices, listCoupons } from './list-coupons.ts';
import { createCoupon, setCouponActive, updateCouponAsStaff } from './manage-coupons.ts';

/** The console's coupons (issue 23, item 4; ADR 038). */
export function registerConsoleCouponRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleCoupons, (ctx, input) => listCoupons(ctx, input));
  registerEndpoint(app, consoleCouponChoices, (ctx, input) => couponChoices(ctx, input));
  registerEndpoint(app, consoleCouponCreate, (ctx, input) => createCoupon(ctx, input));
  registerEndpoint(app, consoleCouponUpdate, (ctx, input) => updateCouponAsStaff(ctx, input));
  registerEndpoint(app, consoleCouponActive, (ctx, input) => setCouponActive(ctx, input));
}
