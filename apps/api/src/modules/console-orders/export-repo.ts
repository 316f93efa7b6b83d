import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { orderLines, orders, tickets, users } from '@sentiero/db/schema';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ORDER_SUMMARY, type OrderSearch, orderScopeCondition, searchConditions } from './orders-repo.ts';

/**
 * Where the last batch of an export ended: the last order's creation time as the database wrote
 * it (text, to the microsecond: a JavaScript date keeps milliseconds and would skip orders made
 * in the same millisecond) and its id.
 */
export type ExportCursor = { createdAt: string; id: number };

/**
 * The next batch of an export, newest first, after `after`: one query per batch over the
 * `(created_at, id)` index, so an export of any size holds one batch at a time (ADR 035). The
 * scope and the search are the page's own conditions.
 */
export async function findOrderExportBatch(
  db: Db,
  scope: ListScope,
  search: OrderSearch,
  language: Language,
  after: ExportCursor | null,
  limit: number,
) {
  return db
    .select({
      ...ORDER_SUMMARY,
      cursorAt: sql<string>`${orders.createdAt}::text`,
      buyerPhone: users.phone,
      guestNames: sql<string>`(select string_agg(${orderLines.guestName}, '; ' order by ${orderLines.id}) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
      ticketTitles: sql<string>`(select string_agg(distinct ${localized(tickets.title, language)}, '; ') from ${orderLines} join ${tickets} on ${tickets.id} = ${orderLines.ticketId} where ${orderLines.orderId} = ${orders.id})`,
      firstDay: sql<
        string | null
      >`(select min(${orderLines.startDate})::text from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        await orderScopeCondition(db, scope),
        ...(await searchConditions(db, search)),
        after
          ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/**
 * How many orders an export from `after` on holds, counting at most `atMost` (the request asks
 * whether a search is above the streaming threshold; the job counts them all, once).
 */
export async function countOrderExport(
  db: Db,
  scope: ListScope,
  search: OrderSearch,
  after: ExportCursor | null,
  atMost?: number,
): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        await orderScopeCondition(db, scope),
        ...(await searchConditions(db, search)),
        after
          ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`
          : undefined,
      ),
    );
  const [counted] = await db
    .select({ total: count() })
    .from((atMost === undefined ? matches : matches.limit(atMost)).as('matches'));
  return counted?.total ?? 0;
}

export type OrderExportRow = Awaited<ReturnType<typeof findOrderExportBatch>>[number];
