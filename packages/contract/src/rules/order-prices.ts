/*
 * How an order is priced, once: the server prices the buy with it, and the payment step shows the
 * same figures before the buy, so a signed-in member sees the exact total, not an estimate.
 */

/**
 * A ticket's prices in cents: the list price, during a promotion the reduced one, and what a
 * Sentiero+ member pays (its exclusive discount on extra packages).
 */
export type TicketPrices = {
  priceCents: number;
  discountedPriceCents: number | null;
  memberPriceCents?: number | null;
};

/** The price one guest pays: the lowest the buyer is entitled to. */
export function unitPrice(ticket: TicketPrices, { member = false } = {}): number {
  const usual = ticket.discountedPriceCents ?? ticket.priceCents;
  const forMembers = member ? (ticket.memberPriceCents ?? null) : null;
  return forMembers !== null && forMembers < usual ? forMembers : usual;
}

export type OrderPrices = {
  unitPriceCents: number;
  subtotalCents: number;
  /** What the promotion takes off the list price. */
  discountCents: number;
  couponDiscountCents: number;
  serviceFeeCents: number;
  totalCents: number;
};

/**
 * `quantity` guests at the ticket's price, less the promotion or the member price (`member`: the
 * buyer has Sentiero+) and `couponDiscountCents` (as the server worked it out).
 */
export function priceOrder(
  ticket: TicketPrices,
  quantity: number,
  couponDiscountCents = 0,
  { member = false } = {},
): OrderPrices {
  const unitPriceCents = unitPrice(ticket, { member });
  const subtotalCents = ticket.priceCents * quantity;
  const discountCents = (ticket.priceCents - unitPriceCents) * quantity;
  // No service fee is charged today; the cart shows the line SPEC asks for.
  const serviceFeeCents = 0;
  return {
    unitPriceCents,
    subtotalCents,
    discountCents,
    couponDiscountCents,
    serviceFeeCents,
    totalCents: Math.max(0, subtotalCents - discountCents - couponDiscountCents + serviceFeeCents),
  };
}
