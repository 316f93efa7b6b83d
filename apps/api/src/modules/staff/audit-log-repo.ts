import type { Db } from '@sentiero/db/client';
import { auditLog, operators, staffAccounts } from '@sentiero/db/schema';
import { and, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';

/*
 * Reading the audit log (issue 23, item 3): the lines a scope allows, filtered in the query. The
 * period's days are Europe/Rome's, as Sentiero's office reads them.
 */

export type AuditScope = { everywhere: true } | { everywhere: false; operatorIds: readonly number[] };

export type AuditFilter = {
  person?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  operatorId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function conditions(scope: AuditScope, filter: AuditFilter): (SQL | undefined)[] {
  const person = filter.person ? `%${escapeLike(filter.person)}%` : undefined;
  return [
    scope.everywhere
      ? undefined
      : scope.operatorIds.length > 0
        ? inArray(auditLog.operatorId, [...scope.operatorIds])
        : sql`false`,
    filter.operatorId === undefined ? undefined : eq(auditLog.operatorId, filter.operatorId),
    person
      ? inArray(
          auditLog.staffId,
          sql`(select ${staffAccounts.id} from ${staffAccounts} where ${or(ilike(staffAccounts.name, person), ilike(staffAccounts.email, person))})`,
        )
      : undefined,
    // `team.` finds every team action; `team.invite` that one.
    filter.action
      ? filter.action.endsWith('.')
        ? like(auditLog.action, `${escapeLike(filter.action)}%`)
        : eq(auditLog.action, filter.action)
      : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from
      ? sql`${auditLog.at} >= (${filter.from}::date::timestamp at time zone 'Europe/Rome')`
      : undefined,
    filter.to
      ? sql`${auditLog.at} < ((${filter.to}::date + 1)::timestamp at time zone 'Europe/Rome')`
      : undefined,
  ];
}

/** A page of the lines, newest first, with who wrote them and for which operator, and how many match. */
export async function findAuditPage(
  db: Db,
  scope: AuditScope,
  filter: AuditFilter,
  page: { limit: number; offset: number },
) {
  const where = and(...conditions(scope, filter));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        line: auditLog,
        staffName: staffAccounts.name,
        staffEmail: staffAccounts.email,
        operatorName: operators.name,
      })
      .from(auditLog)
      .leftJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
