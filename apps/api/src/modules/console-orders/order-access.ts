import type { StaffPermission } from '@sentiero/contract/access';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findOrderInScope } from './orders-repo.ts';

/**
 * The order a console action is about, if the staff member may act on it (ADR 033). Without the
 * permission anywhere: the access rule's 401/403. With it, but not over this order (another
 * operator's, or an area they are not narrowed to): 404, as for an order that does not exist —
 * an operator's staff must not learn another operator's order codes. The order is read with the
 * scope in the query; the rule is asked again about the operator and area found, so the two can
 * never disagree silently.
 */
export async function requireOrderInScope(ctx: ServiceContext, permission: StaffPermission, code: string) {
  requireStaffAccess(ctx, permission);
  const found = await findOrderInScope(ctx.db, staffListScope(ctx, permission), code);
  if (!found) throw new AppError('NOT_FOUND', 404);
  const staff = requireStaffAccess(ctx, permission, { operatorId: found.operatorId, areaId: found.areaId });
  return { staff, ...found };
}
