import type { Db, Transaction } from '@sentiero/db/client';
import { type AuditChanges, auditLog } from '@sentiero/db/schema';

export type AuditEntry = {
  staffId: number | null;
  deviceId?: number | null;
  role: string | null;
  operatorId: number | null;
  /** What was done, `<subject>.<verb>`: `team.invite`, `team.revoke`, `order.refund`. */
  action: string;
  targetType: string;
  targetId: string | number;
  changes?: AuditChanges;
  reason?: string | null;
  ip?: string | null;
};

/**
 * Adds a line to the audit log, in the transaction of the change it tells of: the change and its
 * line are written together or not at all. The table refuses updates and deletions (ADR 028).
 */
export async function recordAudit(tx: Db | Transaction, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    deviceId: entry.deviceId ?? null,
    role: entry.role,
    operatorId: entry.operatorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    changes: entry.changes ?? {},
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
  });
}
