import type { CartSummary, Order, PaymentMethod } from '@sentiero/contract/checkout';
import type { ServiceContext } from '../../platform/context.ts';
import { findSaleTicket, type PurchaseTicket } from '../tickets/index.ts';
import { findOrderLines, type OrderLineRow, type OrderRow } from './repo.ts';

/** The ticket as the payment step reads it: sale rules, price and the names of the summary. */
export type SaleTicket = PurchaseTicket;

export async function describeOrder(ctx: ServiceContext, order: OrderRow): Promise<Order> {
  const lines = await findOrderLines(ctx.db, order.id);
  const first = lines[0];
  const ticket = first ? await findSaleTicket(ctx, first.ticketId) : undefined;
  return summarizeOrder(order, lines, ticket);
}

/** SPEC section 3: the cart summary of an order, from the server's own figures. */
export function summarizeOrder(
  order: OrderRow,
  lines: OrderLineRow[],
  ticket: SaleTicket | undefined,
): Order {
  const first = lines[0];
  const summary: CartSummary = {
    location: ticket ? `${ticket.areaName}, ${ticket.regionName}` : '',
    ticket: ticket?.title ?? '',
    category: ticket?.categoryName ?? '',
    start_date: lines.reduce(
      (min, line) => (line.startDate < min ? line.startDate : min),
      first?.startDate ?? '',
    ),
    end_date: lines.reduce((max, line) => (line.endDate > max ? line.endDate : max), first?.endDate ?? ''),
    max_usage: ticket?.maxUsage ?? null,
    quantity: lines.length,
    unit_price_cents: first?.unitPriceCents ?? 0,
    subtotal_cents: order.subtotalCents,
    discount_cents: order.discountCents,
    coupon_discount_cents: order.couponDiscountCents,
    service_fee_cents: order.serviceFeeCents,
    total_cents: order.totalCents,
    currency: 'EUR',
  };
  return {
    code: order.code,
    status: order.status,
    payment_method: order.paymentMethod as PaymentMethod,
    pay_on_site: order.paymentMethod === 'cash',
    hold_expires_at: order.holdExpiresAt.toISOString(),
    summary,
    redirect_url: null,
    client_secret: null,
  };
}
