import type { StaffPermission } from '@sentiero/contract/access';
import type { Transaction } from '@sentiero/db/client';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findAreaInScope, findTicketInScope } from './catalogue-repo.ts';

/**
 * The ticket a console call is about, if the staff member may see or change it. Without the
 * permission anywhere: the access rule's 401/403. With it, but not over this ticket (another
 * operator's, or an area they are not narrowed to): 404, as for a ticket that does not exist. The
 * ticket is read with the scope in the query, and the rule is asked again about the operator and
 * area found, so the two can never disagree silently (as the console's orders, ADR 033).
 */
export async function requireTicketInScope(
  ctx: ServiceContext,
  permission: StaffPermission,
  id: number,
  tx?: Transaction,
) {
  requireStaffAccess(ctx, permission);
  const found = await findTicketInScope(tx ?? ctx.db, ctx.lang, staffListScope(ctx, permission), id, {
    forUpdate: tx !== undefined,
  });
  if (!found) throw new AppError('NOT_FOUND', 404);
  const staff = requireStaffAccess(ctx, permission, { operatorId: found.operatorId, areaId: found.areaId });
  return { staff, ...found };
}

/** The same for an area: 404 outside the staff member's scope. */
export async function requireAreaInScope(ctx: ServiceContext, permission: StaffPermission, areaId: number) {
  requireStaffAccess(ctx, permission);
  const found = await findAreaInScope(ctx.db, ctx.lang, staffListScope(ctx, permission), areaId);
  if (!found) throw new AppError('NOT_FOUND', 404);
  const staff = requireStaffAccess(ctx, permission, { operatorId: found.operatorId, areaId: found.areaId });
  return { staff, ...found };
}
