import type { ListScope } from '@sentiero/contract/access';
import type { Db, Transaction } from '@sentiero/db/client';
import { areas, catalogueDocuments, operators, tickets } from '@sentiero/db/schema';
import { refreshTicketListing } from '@sentiero/db/search-index';
import { and, eq, sql } from 'drizzle-orm';
import { areaInScope } from '../../platform/scope-repo.ts';

/* The console's area editor: one area whole, in the staff member's scope, and its changes. */

export type AreaRow = typeof areas.$inferSelect;
export type AreaValues = Pick<
  typeof areas.$inferInsert,
  'name' | 'summary' | 'description' | 'rules' | 'limits' | 'dailyLimitG'
>;

/** The area, if the scope covers it; `forUpdate` locks its row for the transaction that changes it. */
export async function findAreaForEditor(
  db: Db | Transaction,
  scope: ListScope,
  id: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
) {
  const query = db
    .select({
      area: areas,
      operatorName: operators.name,
      documentVersion: sql<
        string | null
      >`(select d.version from ${catalogueDocuments} d where d.area_id = ${areas.id})`,
    })
    .from(areas)
    .innerJoin(operators, eq(operators.id, areas.operatorId))
    .where(and(eq(areas.id, id), areaInScope(scope)));
  const [row] = await (forUpdate ? query.for('update', { of: areas }) : query);
  return row;
}

/**
 * Changes the area; when its name changed, what listings and search read of its published
 * tickets (the area's name is in their search documents) is written again.
 */
export async function updateArea(tx: Transaction, id: number, values: AreaValues, renamed: boolean) {
  await tx.update(areas).set(values).where(eq(areas.id, id));
  if (!renamed) return;
  const published = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.areaId, id), eq(tickets.status, 'published')));
  for (const ticket of published) await refreshTicketListing(tx, ticket.id);
}
