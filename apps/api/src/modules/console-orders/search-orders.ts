import {
  type consoleOrders,
  ORDER_SEARCH_PAGE_SIZE,
  type ZOrderSearchFields,
} from '@sentiero/contract/console-orders';
import { pageCount } from '@sentiero/contract/paging';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { findOrderPage, type OrderSearch, type OrderSummaryRow } from './orders-repo.ts';

export function orderSummary(row: Omit<OrderSummaryRow, 'id'>) {
  return {
    code: row.code,
    state: row.status,
    payment_method: row.paymentMethod,
    total_cents: row.totalCents,
    refunded_cents: row.refundedCents,
    buyer: { name: `${row.buyerFirstName} ${row.buyerLastName}`.trim(), email: row.buyerEmail },
    guests: row.guests,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

export type OrderSearchFields = z.output<z.ZodObject<typeof ZOrderSearchFields>>;

/** The search's fields as the repository takes them. */
export function orderSearchOf(fields: OrderSearchFields): OrderSearch {
  return {
    orderCode: fields.order_code,
    ticketCode: fields.ticket_code,
    buyerEmail: fields.buyer_email,
    buyerName: fields.buyer_name,
    guestName: fields.guest_name,
    fiscalCode: fields.fiscal_code,
    fishingCard: fields.fishing_card,
    areaId: fields.area_id,
    ticketId: fields.ticket_id,
    day: fields.day,
    state: fields.state,
  };
}

/**
 * The orders the staff member may see (`orders.read`'s scope, applied in the query), newest first;
 * the total counts at most a thousand orders past the page's first (`total_exact`, ADR 037).
 */
export async function searchOrders(ctx: ServiceContext, input: z.output<typeof consoleOrders.input>) {
  requireStaffAccess(ctx, 'orders.read');
  const { rows, total, exact } = await findOrderPage(
    ctx.db,
    staffListScope(ctx, 'orders.read'),
    orderSearchOf(input),
    { limit: ORDER_SEARCH_PAGE_SIZE, offset: (input.page - 1) * ORDER_SEARCH_PAGE_SIZE },
  );
  return {
    orders: rows.map(orderSummary),
    page: input.page,
    pages: pageCount(total, ORDER_SEARCH_PAGE_SIZE),
    total,
    total_exact: exact,
  };
}
