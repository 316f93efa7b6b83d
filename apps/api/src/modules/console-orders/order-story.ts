import type { ServiceContext } from '../../platform/context.ts';
import { requireOrderInScope } from './order-access.ts';
import { orderSummary } from './search-orders.ts';
import {
  findGuestsWithTickets,
  findOrderAuditLines,
  findRedemptions,
  findRefundsWithGuests,
} from './story-repo.ts';

type StoryEvent = {
  at: Date;
  kind: 'created' | 'paid' | 'issued' | 'refund' | 'redemption' | 'audit';
  detail: string | null;
  staff_id: number | null;
  staff_name: string | null;
};

/** Everything that happened to an order the staff member may read, in time order. */
export async function getOrderStory(ctx: ServiceContext, code: string) {
  const { order, buyerFirstName, buyerLastName, buyerEmail } = await requireOrderInScope(
    ctx,
    'orders.read',
    code,
  );
  const [guests, refunds, redemptions, auditLines] = await Promise.all([
    findGuestsWithTickets(ctx.db, order.id, ctx.lang),
    findRefundsWithGuests(ctx.db, order.id),
    findRedemptions(ctx.db, order.id),
    findOrderAuditLines(ctx.db, order.code),
  ]);
  const events: StoryEvent[] = [
    { at: order.createdAt, kind: 'created', detail: order.paymentMethod, staff_id: null, staff_name: null },
    ...(order.paidAt
      ? [{ at: order.paidAt, kind: 'paid' as const, detail: null, staff_id: null, staff_name: null }]
      : []),
    ...(order.issuedAt
      ? [{ at: order.issuedAt, kind: 'issued' as const, detail: null, staff_id: null, staff_name: null }]
      : []),
    ...refunds.map((refund) => ({
      at: refund.createdAt,
      kind: 'refund' as const,
      detail: refund.state,
      staff_id: refund.requestedByStaffId,
      staff_name: refund.staffName,
    })),
    ...redemptions.map((use) => ({
      at: use.at,
      kind: 'redemption' as const,
      detail: use.code,
      staff_id: null,
      staff_name: null,
    })),
    ...auditLines.map((line) => ({
      at: line.at,
      kind: 'audit' as const,
      detail: line.action,
      staff_id: line.staffId,
      staff_name: line.staffName,
    })),
  ];
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    order: {
      ...orderSummary({
        ...order,
        status: order.status,
        buyerFirstName,
        buyerLastName,
        buyerEmail,
        guests: guests.length,
      }),
      payment_reference: order.paymentReference,
      coupon_code: order.couponCode,
      issued_at: order.issuedAt?.toISOString() ?? null,
      language: order.language,
    },
    guests: guests.map(({ line, areaId, ticketTitle, areaName, issuedCode, issuedStatus, uses }) => ({
      line_id: line.id,
      name: line.guestName,
      fiscal_code: line.fiscalCode,
      fishing_card: line.fishingCardNumber,
      ticket_id: line.ticketId,
      ticket_title: ticketTitle,
      area_id: areaId,
      area_name: areaName,
      start_date: line.startDate,
      end_date: line.endDate,
      unit_price_cents: line.unitPriceCents,
      issued:
        issuedCode === null || issuedStatus === null
          ? null
          : { code: issuedCode, state: issuedStatus, uses: uses ?? 0 },
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      state: refund.state,
      amount_cents: refund.amountCents,
      reason: refund.reason,
      failure_reason: refund.failureReason,
      guests: refund.guests,
      requested_by_staff_id: refund.requestedByStaffId,
      created_at: refund.createdAt.toISOString(),
      settled_at: refund.settledAt?.toISOString() ?? null,
    })),
    story: events.map((event) => ({ ...event, at: event.at.toISOString() })),
  };
}
