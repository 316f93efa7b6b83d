import { orderAreaKeys, orderLines } from '@sentiero/db/schema';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ScopeAreas } from './order-scope-repo.ts';
import type { OrderSearch } from './orders-repo.ts';

/*
 * A staff member's orders read from `order_area_keys` (ADR 046): one range of an index led by the
 * operator (or the area asked for), newest first, the state and the days checked on the index
 * entry. A manager's first page, a state or a day then reads about as many entries as Sentiero's
 * own staff read of everyone's orders, however few of them are the manager's.
 */

/** Above this many operators in a scope, one range each costs more than walking everyone's orders. */
export const MAX_KEY_RANGES = 20;

/**
 * The ranges of the area keys a search reads: the area asked for, or each operator of the scope,
 * whole or narrowed to its areas in the scope. Undefined when the area keys are not the way:
 * everywhere without an area, too many operators, or an area outside the scope (an order of that
 * area is the staff member's when another of its areas is in the scope: the orders tell).
 */
export function areaKeyRanges(
  scopeAreas: ScopeAreas | undefined,
  areaId: number | undefined,
): SQL[] | undefined {
  if (areaId !== undefined) {
    return scopeAreas && !scopeAreas.areaIds.includes(areaId)
      ? undefined
      : [eq(orderAreaKeys.areaId, areaId)];
  }
  if (!scopeAreas || scopeAreas.ranges.length > MAX_KEY_RANGES) return undefined;
  return scopeAreas.ranges.map(({ operatorId, areaIds }) =>
    areaIds
      ? (and(eq(orderAreaKeys.operatorId, operatorId), inArray(orderAreaKeys.areaId, areaIds)) as SQL)
      : eq(orderAreaKeys.operatorId, operatorId),
  );
}

/** The search's state and day as conditions on the area keys' entries (as on the orders, ADR 046). */
export function areaKeyConditions(search: Pick<OrderSearch, 'state' | 'day'>): SQL[] {
  const { day, state } = search;
  return [
    ...(state ? [eq(orderAreaKeys.status, state as (typeof orderAreaKeys.$inferSelect)['status'])] : []),
    ...(day
      ? [
          // Made by the end of the day at the latest (ADR 037): the newest entries read start there.
          sql`${orderAreaKeys.createdAt} < ${day}::date + 2`,
          sql`${orderAreaKeys.firstDay} <= ${day}::date`,
          sql`${orderAreaKeys.lastDay} >= ${day}::date`,
          or(
            eq(orderAreaKeys.daysContinuous, true),
            sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orderAreaKeys.orderId} and daterange(${orderLines.startDate}, ${orderLines.endDate}, '[]') @> ${day}::date)`,
          ) as SQL,
        ]
      : []),
  ];
}

const NEWEST_FIRST = sql`order by created_at desc, order_id desc`;

/**
 * The orders (`order_id`, `created_at`) of the ranges whose entries meet `conditions`, newest
 * first, each once (an order of two areas has two entries), `limit` of them after `offset`. Each
 * range is read from its index newest first and only as far as the page needs.
 */
export function areaKeyOrders(
  ranges: SQL[],
  conditions: SQL[],
  { limit, offset }: { limit: number; offset: number },
): SQL {
  const distinct = sql`select distinct on (created_at, order_id) order_id, created_at`;
  const [only] = ranges;
  if (ranges.length === 1 && only) {
    return sql`${distinct} from ${orderAreaKeys} where ${and(only, ...conditions)} ${NEWEST_FIRST} limit ${limit} offset ${offset}`;
  }
  // One branch per range, each cut at the page's end: PostgreSQL does not merge the ranges of a
  // union in order, so each is read newest first as far as the page needs and the few sorted.
  const branches = sql.join(
    ranges.map(
      (range) =>
        sql`(select order_id, created_at from ${orderAreaKeys} where ${and(range, ...conditions)} ${NEWEST_FIRST} limit ${offset + limit})`,
    ),
    sql` union all `,
  );
  return sql`${distinct} from (${branches}) as ranges ${NEWEST_FIRST} limit ${limit} offset ${offset}`;
}
