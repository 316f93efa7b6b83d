import type { ListScope } from '@sentiero/contract/access';
import type { Db } from '@sentiero/db/client';
import { areas, type orderSearchKeys, orders } from '@sentiero/db/schema';
import { type SQL, sql } from 'drizzle-orm';
import { areaInScope } from '../../platform/scope-repo.ts';

/*
 * The staff member's list scope as the console's order queries apply it (ADR 033, 037, 046): an
 * order is an operator's when one of its guests is on a ticket of the operator's areas.
 */

/**
 * Where the scope's orders are in `order_area_keys` (ADR 046): an operator's whole range, or the
 * rows of some of its areas within its range (a staff member narrowed to areas).
 */
export type ScopeRange = { operatorId: number; areaIds: number[] | null };

/** The scope as area ids, and as ranges of the area keys; undefined for everywhere. */
export type ScopeAreas = { areaIds: number[]; ranges: ScopeRange[] };

/**
 * The areas the scope covers, or undefined for everywhere. Read before the search, so the search
 * sends them as values: the planner then estimates from the orders' statistics how many orders
 * they hold (ADR 037), and the keys' ranges are one per operator (ADR 046).
 */
export async function scopeAreasOf(db: Db, scope: ListScope): Promise<ScopeAreas | undefined> {
  if (scope.everywhere) return undefined;
  const rows = await db
    .select({ id: areas.id, operatorId: areas.operatorId })
    .from(areas)
    .where(areaInScope(scope));
  const whole = new Set(scope.operatorIds);
  const byOperator = new Map<number, number[]>();
  for (const row of rows) byOperator.set(row.operatorId, [...(byOperator.get(row.operatorId) ?? []), row.id]);
  return {
    areaIds: rows.map((row) => row.id),
    ranges: [...byOperator].map(([operatorId, areaIds]) => ({
      operatorId,
      areaIds: whole.has(operatorId) ? null : areaIds,
    })),
  };
}

/** An `int[]` value for SQL. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/** `area_ids` holds one of `ids` (kept by the database from the order's guests, ADR 037). */
export function inAreas(
  ids: readonly number[],
  column: typeof orders.areaIds | typeof orderSearchKeys.areaIds = orders.areaIds,
): SQL {
  return sql`${column} && ${intArray(ids)}`;
}
