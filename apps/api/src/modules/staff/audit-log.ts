import { AUDIT_PAGE_SIZE, type consoleAudit } from '@sentiero/contract/console-audit';
import { pageCount } from '@sentiero/contract/paging';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findAuditPage } from './audit-log-repo.ts';
import { findOperatorsIn } from './repo.ts';

/**
 * The audit log's lines the caller may read (issue 23, item 3): an admin's, every line; an
 * operator's owner, the lines of its operator (an owner narrowed to some areas reads none: a line
 * names the operator, not always an area). Asking for another operator's lines is refused.
 */
export async function readAuditLog(ctx: ServiceContext, input: z.output<typeof consoleAudit.input>) {
  requireStaffAccess(ctx, 'audit.read');
  const scope = staffListScope(ctx, 'audit.read');
  if (input.operator_id !== undefined)
    requireStaffAccess(ctx, 'audit.read', { operatorId: input.operator_id });
  const auditScope = scope.everywhere
    ? ({ everywhere: true } as const)
    : ({ everywhere: false, operatorIds: scope.operatorIds } as const);
  if (
    !auditScope.everywhere &&
    input.operator_id !== undefined &&
    !auditScope.operatorIds.includes(input.operator_id)
  ) {
    throw new AppError('FORBIDDEN', 403);
  }
  const [{ rows, total }, operators] = await Promise.all([
    findAuditPage(
      ctx.db,
      auditScope,
      {
        person: input.person,
        action: input.action,
        targetType: input.target_type,
        targetId: input.target_id,
        operatorId: input.operator_id,
        from: input.from,
        to: input.to,
      },
      { limit: AUDIT_PAGE_SIZE, offset: (input.page - 1) * AUDIT_PAGE_SIZE },
    ),
    auditScope.everywhere ? Promise.resolve([]) : findOperatorsIn(ctx.db, auditScope.operatorIds),
  ]);
  return {
    lines: rows.map(({ line, staffName, staffEmail, operatorName }) => ({
      id: line.id,
      at: line.at.toISOString(),
      staff:
        line.staffId === null ? null : { id: line.staffId, name: staffName ?? '', email: staffEmail ?? '' },
      device_id: line.deviceId,
      role: line.role,
      operator: line.operatorId === null ? null : { id: line.operatorId, name: operatorName ?? '' },
      action: line.action,
      target_type: line.targetType,
      target_id: line.targetId,
      changes: line.changes,
      reason: line.reason,
      ip: line.ip,
    })),
    operators: operators.map((operator) => ({ id: operator.id, name: operator.name })),
    page: input.page,
    pages: pageCount(total, AUDIT_PAGE_SIZE),
    total,
  };
}
