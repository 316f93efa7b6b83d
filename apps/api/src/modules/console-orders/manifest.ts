import { type consoleManifest, MANIFEST_PAGE_SIZE } from '@sentiero/contract/console-orders';
import { pageCount } from '@sentiero/contract/paging';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { findAreasWithTickets, findManifestPage } from './manifest-repo.ts';

/**
 * A day's manifest for one ticket or area, guest by guest (`orders.read`'s scope, in the query):
 * another operator's ticket or area answers an empty manifest, as one nobody booked.
 */
export async function getManifest(ctx: ServiceContext, input: z.output<typeof consoleManifest.input>) {
  requireStaffAccess(ctx, 'orders.read');
  const found = await findManifestPage(
    ctx.db,
    staffListScope(ctx, 'orders.read'),
    { day: input.day, ticketId: input.ticket_id, areaId: input.area_id },
    ctx.lang,
    { limit: MANIFEST_PAGE_SIZE, offset: (input.page - 1) * MANIFEST_PAGE_SIZE },
  );
  return {
    day: input.day,
    guests: found.rows.map((row) => ({
      line_id: row.lineId,
      guest_name: row.guestName,
      order_code: row.orderCode,
      ticket_code: row.ticketCode,
      ticket_title: row.ticketTitle,
      area_name: row.areaName,
      state: row.checkedIn
        ? ('checked_in' as const)
        : row.payOnSite
          ? ('pay_on_site' as const)
          : ('paid' as const),
      buyer: {
        name: `${row.buyerFirstName} ${row.buyerLastName}`.trim(),
        email: row.buyerEmail,
        phone: row.buyerPhone,
      },
    })),
    counts: {
      paid: found.total - found.checkedIn - found.payOnSite,
      pay_on_site: found.payOnSite,
      checked_in: found.checkedIn,
    },
    page: input.page,
    pages: pageCount(found.total, MANIFEST_PAGE_SIZE),
    total: found.total,
  };
}

/** The areas and tickets whose orders the staff member may see (`orders.read`'s scope). */
export async function getOrderChoices(ctx: ServiceContext) {
  requireStaffAccess(ctx, 'orders.read');
  return { areas: await findAreasWithTickets(ctx.db, staffListScope(ctx, 'orders.read'), ctx.lang) };
}
