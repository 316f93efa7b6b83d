import type { Db, Transaction } from '@sentiero/db/client';
import { staffAccounts, staffGrants } from '@sentiero/db/schema';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { StaffName } from './directory.ts';

type Handle = Db | Transaction;

/**
 * The staff accounts (not disabled) holding one of Sentiero's own roles among `roles`: the people
 * a piece of Sentiero's work (an inbox thread) may be given to. A handful, so no paging.
 */
export async function findSentieroStaffWithRoles(db: Handle, roles: readonly string[]): Promise<StaffName[]> {
  if (roles.length === 0) return [];
  return db
    .selectDistinct({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .innerJoin(staffGrants, eq(staffGrants.staffId, staffAccounts.id))
    .where(
      and(
        inArray(staffGrants.role, [...roles]),
        isNull(staffGrants.operatorId),
        isNull(staffAccounts.disabledAt),
      ),
    )
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
}

/** The names of these staff accounts, whatever roles they hold now (a reply's author may have left). */
export async function findStaffNames(db: Handle, ids: readonly number[]): Promise<StaffName[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(inArray(staffAccounts.id, [...new Set(ids)]));
}

/**
 * One staff account (not disabled) with the address and language to write to it, if it holds one
 * of Sentiero's own roles among `roles`: someone Sentiero's work may still be mailed to.
 */
export async function findSentieroStaffWithRole(db: Handle, staffId: number, roles: readonly string[]) {
  if (roles.length === 0) return undefined;
  const [row] = await db
    .selectDistinct({
      id: staffAccounts.id,
      name: staffAccounts.name,
      email: staffAccounts.email,
      language: staffAccounts.language,
    })
    .from(staffAccounts)
    .innerJoin(staffGrants, eq(staffGrants.staffId, staffAccounts.id))
    .where(
      and(
        eq(staffAccounts.id, staffId),
        inArray(staffGrants.role, [...roles]),
        isNull(staffGrants.operatorId),
        isNull(staffAccounts.disabledAt),
      ),
    );
  return row;
}
