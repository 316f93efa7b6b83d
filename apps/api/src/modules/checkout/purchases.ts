import type { ServiceContext } from '../../platform/context.ts';
import { findPurchasedTickets } from './purchases-repo.ts';

/** What a member has bought, as recommendations read it. */
export type PurchaseHistory = {
  activityTypeIds: number[];
  areaIds: number[];
  regionIds: number[];
  /** Tickets the member holds for today or a day ahead: offering them again would be noise. */
  heldTicketIds: number[];
};

/** The activities, areas and regions of the member's paid orders, and the tickets still ahead of them. */
export async function getPurchaseHistory(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  userId: number,
): Promise<PurchaseHistory> {
  const rows = await findPurchasedTickets(ctx.db, userId, ctx.clock.now());
  const distinct = (pick: (row: (typeof rows)[number]) => number) => [...new Set(rows.map(pick))];
  return {
    activityTypeIds: distinct((row) => row.activityTypeId),
    areaIds: distinct((row) => row.areaId),
    regionIds: distinct((row) => row.regionId),
    heldTicketIds: rows.filter((row) => row.heldAhead).map((row) => row.ticketId),
  };
}
