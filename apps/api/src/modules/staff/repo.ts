import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  areas,
  operators,
  staffAccounts,
  staffGrants,
  staffInvitations,
  staffSessions,
} from '@sentiero/db/schema';
import { and, asc, countDistinct, eq, gt, inArray, isNull, min } from 'drizzle-orm';

type Handle = Db | Transaction;
export type StaffAccountRow = typeof staffAccounts.$inferSelect;
export type InvitationRow = typeof staffInvitations.$inferSelect;
export type GrantRow = typeof staffGrants.$inferSelect;

export async function findStaffByEmail(db: Handle, email: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  return row;
}

export async function findStaffById(db: Handle, id: number): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return row;
}

export async function insertStaffAccount(
  db: Handle,
  account: typeof staffAccounts.$inferInsert,
): Promise<StaffAccountRow> {
  const [row] = await db.insert(staffAccounts).values(account).returning();
  if (!row) throw new Error('the staff account was not written');
  return row;
}

export async function updateStaffAccount(
  db: Handle,
  id: number,
  changes: Partial<typeof staffAccounts.$inferInsert>,
): Promise<void> {
  await db.update(staffAccounts).set(changes).where(eq(staffAccounts.id, id));
}

export async function insertGrant(db: Handle, grant: typeof staffGrants.$inferInsert): Promise<GrantRow> {
  const [row] = await db.insert(staffGrants).values(grant).returning();
  if (!row) throw new Error('the grant was not written');
  return row;
}

export async function findGrant(db: Handle, id: number): Promise<GrantRow | undefined> {
  const [row] = await db.select().from(staffGrants).where(eq(staffGrants.id, id));
  return row;
}

export async function updateGrant(
  db: Handle,
  id: number,
  changes: Pick<typeof staffGrants.$inferInsert, 'role' | 'areaIds'>,
): Promise<GrantRow> {
  const [row] = await db.update(staffGrants).set(changes).where(eq(staffGrants.id, id)).returning();
  if (!row) throw new Error('the grant was not changed');
  return row;
}

/**
 * The grants of a role for one operator (or Sentiero's own, `operatorId` null) with their
 * holders, locked until the transaction ends: two owners taking each other's role (or disabling
 * each other) at once are served one after the other. `active`: the holder's account is enabled.
 */
export async function lockRoleHolders(
  tx: Transaction,
  role: GrantRow['role'],
  operatorId: number | null,
): Promise<{ id: number; staffId: number; active: boolean }[]> {
  const rows = await tx
    .select({ id: staffGrants.id, staffId: staffGrants.staffId, disabledAt: staffAccounts.disabledAt })
    .from(staffGrants)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffGrants.staffId))
    .where(
      and(
        eq(staffGrants.role, role),
        operatorId === null ? isNull(staffGrants.operatorId) : eq(staffGrants.operatorId, operatorId),
      ),
    )
    .orderBy(asc(staffGrants.id))
    .for('update', { of: staffGrants });
  return rows.map((row) => ({ id: row.id, staffId: row.staffId, active: row.disabledAt === null }));
}

/** A staff account locked until the transaction ends, with the grants it holds. */
export async function lockStaffAccount(tx: Transaction, id: number) {
  const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
  if (!account) return undefined;
  const grants = await tx.select().from(staffGrants).where(eq(staffGrants.staffId, id));
  return { account, grants };
}

/** Ends every session of a staff member: they must sign in again, password and code. */
export async function deleteSessionsOf(db: Handle, staffId: number): Promise<number> {
  const ended = await db
    .delete(staffSessions)
    .where(eq(staffSessions.staffId, staffId))
    .returning({ id: staffSessions.id });
  return ended.length;
}

export async function deleteGrant(db: Handle, id: number): Promise<void> {
  await db.delete(staffGrants).where(eq(staffGrants.id, id));
}

/** Grants with their operator's name, for `me` and team lists. */
export async function findGrantsWithOperators(db: Handle, staffIds: readonly number[]) {
  if (staffIds.length === 0) return [];
  return db
    .select({
      id: staffGrants.id,
      staffId: staffGrants.staffId,
      role: staffGrants.role,
      areaIds: staffGrants.areaIds,
      operatorId: operators.id,
      operatorSlug: operators.slug,
      operatorName: operators.name,
    })
    .from(staffGrants)
    .leftJoin(operators, eq(operators.id, staffGrants.operatorId))
    .where(inArray(staffGrants.staffId, [...staffIds]))
    .orderBy(asc(staffGrants.id));
}

/**
 * A page of the staff holding a role for the operator (or Sentiero's own roles, `operatorId`
 * null), by name, and how many they are in all.
 */
export async function findTeamMembers(
  db: Handle,
  operatorId: number | null,
  page: { limit: number; offset: number },
) {
  const held = operatorId === null ? isNull(staffGrants.operatorId) : eq(staffGrants.operatorId, operatorId);
  const rows = await db
    .select({
      id: staffAccounts.id,
      name: staffAccounts.name,
      email: staffAccounts.email,
      disabledAt: staffAccounts.disabledAt,
      since: min(staffGrants.createdAt),
    })
    .from(staffAccounts)
    .innerJoin(staffGrants, eq(staffGrants.staffId, staffAccounts.id))
    .where(held)
    .groupBy(staffAccounts.id)
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: countDistinct(staffGrants.staffId) })
    .from(staffGrants)
    .where(held);
  return { rows, total: counted?.total ?? 0 };
}

/** The operators whose team may be managed: all of them, or those of the caller's grants. */
export async function findOperatorsIn(db: Handle, ids: readonly number[] | 'all') {
  const columns = { id: operators.id, slug: operators.slug, name: operators.name };
  if (ids === 'all') return db.select(columns).from(operators).orderBy(asc(operators.name));
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(operators)
    .where(inArray(operators.id, [...ids]))
    .orderBy(asc(operators.name));
}

/** An operator's areas, named in the reader's language, for narrowing a grant. */
export async function findOperatorAreas(db: Handle, operatorId: number, language: Language) {
  const name = localized(areas.name, language);
  return db
    .select({ id: areas.id, name })
    .from(areas)
    .where(eq(areas.operatorId, operatorId))
    .orderBy(asc(name));
}

export async function findOperatorById(db: Handle, id: number) {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row;
}

export async function findOperatorBySlug(db: Handle, slug: string) {
  const [row] = await db.select().from(operators).where(eq(operators.slug, slug));
  return row;
}

/** Which of these areas belong to the operator: a grant is narrowed only to the operator's own. */
export async function findOperatorAreaIds(db: Handle, operatorId: number, areaIds: readonly number[]) {
  const rows = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.operatorId, operatorId), inArray(areas.id, [...areaIds])));
  return rows.map((row) => row.id);
}

export async function findOperatorAreaIdsBySlug(db: Handle, operatorId: number, slugs: readonly string[]) {
  const rows = await db
    .select({ id: areas.id, slug: areas.slug })
    .from(areas)
    .where(and(eq(areas.operatorId, operatorId), inArray(areas.slug, [...slugs])));
  return rows;
}

export async function insertInvitation(
  db: Handle,
  invitation: typeof staffInvitations.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await db.insert(staffInvitations).values(invitation).returning();
  if (!row) throw new Error('the invitation was not written');
  return row;
}

export async function findInvitationByTokenHash(db: Handle, tokenHash: string) {
  const [row] = await db
    .select({ invitation: staffInvitations, operatorName: operators.name })
    .from(staffInvitations)
    .leftJoin(operators, eq(operators.id, staffInvitations.operatorId))
    .where(eq(staffInvitations.tokenHash, tokenHash));
  return row;
}

/** Marks an invitation used, unless it was already: true for the one call that used it. */
export async function useInvitation(db: Handle, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(
      and(eq(staffInvitations.id, id), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)),
    )
    .returning({ id: staffInvitations.id });
  return used.length === 1;
}

export async function findOpenInvitations(db: Handle, operatorId: number | null, now: Date) {
  return db
    .select()
    .from(staffInvitations)
    .where(
      and(
        operatorId === null
          ? isNull(staffInvitations.operatorId)
          : eq(staffInvitations.operatorId, operatorId),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(staffInvitations.id));
}
