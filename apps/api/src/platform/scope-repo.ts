import type { ListScope } from '@sentiero/contract/access';
import { areas } from '@sentiero/db/schema';
import { inArray, or, type SQL, sql } from 'drizzle-orm';

/**
 * A staff member's list scope (ADR 033) as a condition on `areas`, for every query that joins a
 * thing to its area: nothing for Sentiero's staff, who see everywhere; their operators' areas and
 * the areas they were narrowed to otherwise. Without a grant for the permission it is the empty
 * filter, which matches nothing.
 */
export function areaInScope(scope: ListScope): SQL | undefined {
  if (scope.everywhere) return undefined;
  const allowed = [
    scope.operatorIds.length > 0 ? inArray(areas.operatorId, [...scope.operatorIds]) : undefined,
    scope.areaIds.length > 0 ? inArray(areas.id, [...scope.areaIds]) : undefined,
  ].filter((condition) => condition !== undefined);
  return allowed.length > 0 ? or(...allowed) : sql`false`;
}
