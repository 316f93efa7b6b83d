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

  it('gives a Sentiero+ member the member price when it is lower, never anyone else', () => {
    const ticket = { priceCents: 6000, discountedPriceCents: 5800, memberPriceCents: 5100 };
    expect(priceOrder(ticket, 2, 0, { member: true })).toMatchObject({
      unitPriceCents: 5100,
      discountCents: 1800,
      totalCents: 10200,
    });
    expect(priceOrder(ticket, 2).unitPriceCents).toBe(5800);
    // A promotion lower than the member price wins for members too.
    expect(priceOrder({ ...ticket, discountedPriceCents: 4000 }, 1, 0, { member: true }).unitPriceCents).toBe(
      4000,
    );
  });
});
