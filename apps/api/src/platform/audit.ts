import type { Db, Transaction } from '@sentiero/db/client';
import { type AuditEntry, recordAudit } from './audit-repo.ts';
import type { ServiceContext } from './context.ts';
import type { StaffSession } from './staff-sessions.ts';

/**
 * The role a staff member acted in over an operator's thing: Sentiero's own role when they hold
 * one, else their grant for that operator.
 */
export function actingRole(staff: StaffSession, operatorId: number | null): string | null {
  const everywhere = staff.grants.find((grant) => grant.scope === 'everywhere');
  if (everywhere) return everywhere.role;
  const forOperator = staff.grants.find(
    (grant) => typeof grant.scope === 'object' && grant.scope.operatorId === operatorId,
  );
  return forOperator?.role ?? null;
}

/**
 * What a staff member did, written to the audit log in the transaction of the change itself
 * (`tx`): who (from the session), in which role, from which address.
 */
export async function auditStaffChange(
  tx: Db | Transaction,
  ctx: Pick<ServiceContext, 'ip'>,
  staff: StaffSession,
  entry: Omit<AuditEntry, 'staffId' | 'role' | 'ip'>,
): Promise<void> {
  await recordAudit(tx, {
    ...entry,
    staffId: staff.staffId,
    role: actingRole(staff, entry.operatorId),
    ip: ctx.ip ?? null,
  });
}
