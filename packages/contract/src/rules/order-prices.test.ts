import { describe, expect, it } from 'vitest';
import { priceOrder } from './order-prices.ts';

describe('pricing an order', () => {
  it('charges the promotion price per guest and takes the coupon off the order', () => {
    expect(priceOrder({ priceCents: 2200, discountedPriceCents: 2000 }, 2, 400)).toEqual({
      unitPriceCents: 2000,
      subtotalCents: 4400,
      discountCents: 400,
      couponDiscountCents: 400,
      serviceFeeCents: 0,
      totalCents: 3600,
    });
  });

  it('never goes below zero', () => {
    expect(priceOrder({ priceCents: 1000, discountedPriceCents: null }, 1, 5000).totalCents).toBe(0);
  });
});
